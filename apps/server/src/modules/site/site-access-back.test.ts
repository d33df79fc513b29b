import { describe, expect, it } from 'vitest';
import { safeBack } from './site-access.js';

/**
 * The `back` of the site's e-mail forms (docs/site-urls.md): normalised as a browser would before
 * it is used as a redirect or a form value, and only ever a page of the same unit's site.
 */
const ROOT = '/site/acme';

describe('safeBack', () => {
  it('keeps a page of the site, with its query, normalised', () => {
    expect(safeBack(ROOT, '/site/acme')).toBe('/site/acme');
    expect(safeBack(ROOT, '/site/acme?change=1')).toBe('/site/acme?change=1');
    expect(safeBack(ROOT, '/site/acme/be/fr/hcp/pumps/KC-1?lot=L1')).toBe('/site/acme/be/fr/hcp/pumps/KC-1?lot=L1');
    // a key code with a slash is one encoded segment
    expect(safeBack(ROOT, '/site/acme/be/fr/hcp/pumps/A%2FB')).toBe('/site/acme/be/fr/hcp/pumps/A%2FB');
    // dot segments that stay inside are resolved; the fragment is dropped
    expect(safeBack(ROOT, '/site/acme/be/fr/../en/hcp#top')).toBe('/site/acme/be/en/hcp');
    expect(safeBack(ROOT, '/site/acme/./be/fr/hcp')).toBe('/site/acme/be/fr/hcp');
    // characters a browser would escape are escaped
    expect(safeBack(ROOT, '/site/acme/be/fr/hcp/pumps/"x"')).toBe('/site/acme/be/fr/hcp/pumps/%22x%22');
  });

  it.each([
    ['another host', 'https://evil.example/phish'],
    ['a scheme-relative host', '//evil.example/site/acme'],
    ['a backslash host', '/\\evil.example/site/acme'],
    ['backslashes as slashes', '/site/acme\\..\\..\\admin'],
    ['dot segments', '/site/acme/../../admin'],
    ['a dot segment to another unit', '/site/acme/../other'],
    ['a lone dot segment', '/site/acme/./../other'],
    ['encoded dot segments', '/site/acme/%2e%2e/other'],
    ['upper-case encoded dot segments', '/site/acme/%2E%2E/%2E%2E/admin'],
    ['half-encoded dot segments', '/site/acme/.%2e/other'],
    ['an encoded slash after the dots', '/site/acme/%2E%2E%2Fother'],
    ['encoded dots and slashes', '/site/acme/%2e%2e%2f%2e%2e%2fadmin'],
    ['an encoded backslash', '/site/acme/..%5c..%5cadmin'],
    ['double-encoded dot segments', '/site/acme/%252e%252e%252fother'],
    ['a unit whose slug begins alike', '/site/acme-other/be'],
    ['a relative path', 'be/fr/hcp'],
    ['javascript', 'javascript:alert(1)'],
    ['whitespace', '/site/acme/\n//evil.example'],
    ['a control character', '/site/acme/\u0000'],
    ['a malformed escape', '/site/acme/%E0%A4%A'],
    ['an over-long path', `/site/acme/${'a'.repeat(500)}`],
    ['nothing', ''],
  ])('answers the root for %s', (_, back) => {
    expect(safeBack(ROOT, back)).toBe(ROOT);
  });

  it('keeps a preview inside its own root', () => {
    const preview = '/site/_preview/acme';
    expect(safeBack(preview, '/site/_preview/acme/be/fr/hcp')).toBe('/site/_preview/acme/be/fr/hcp');
    expect(safeBack(preview, '/site/_preview/acme/%2e%2e/other')).toBe(preview);
    expect(safeBack(preview, '/site/acme/be/fr/hcp')).toBe(preview);
  });
});
