import { readFileSync } from 'node:fs';
import { releaseVersions } from '@vellum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { issuesOf, knownBugsOf, parseChangelog, parseKnownIssues, ReleaseNotesError } from './changelog.js';
import { loadReleaseNotes } from './release-files.js';

const CHANGELOG = `# Changelog

Intro text, [a link](https://keepachangelog.com).

## [Unreleased]

### Added

- Not out yet.

## [1.1.0] - 2026-02-03

### Added

- A new screen
  over two lines.
- Another.

### Fixed

- A bug.

## [1.0.0] - 2026-01-02

### Security

- Safer sign-in.

[1.1.0]: https://example.com/1.1.0
`;

describe('the changelog parser', () => {
  it('reads releases newest first with their changes, continuation lines joined', () => {
    const releases = parseChangelog(CHANGELOG);
    expect(releases.map((r) => [r.version, r.date])).toEqual([
      ['Unreleased', undefined],
      ['1.1.0', '2026-02-03'],
      ['1.0.0', '2026-01-02'],
    ]);
    expect(releases[1].changes).toEqual([
      { type: 'Added', text: 'A new screen over two lines.' },
      { type: 'Added', text: 'Another.' },
      { type: 'Fixed', text: 'A bug.' },
    ]);
  });

  it('serves released changes as issues in the spec’s shape, keys counted from the oldest', () => {
    const issues = issuesOf(parseChangelog(CHANGELOG));
    expect(issues).toHaveLength(4);
    expect(issues[0]).toEqual({
      id: '4',
      key: 'VEL-4',
      fields: {
        summary: 'A new screen over two lines.',
        issuetype: { name: 'New Feature' },
        fixVersions: [{ name: '1.1.0', releaseDate: '2026-02-03', released: true }],
      },
    });
    expect(issues.map((i) => [i.key, i.fields.issuetype.name])).toEqual([
      ['VEL-4', 'New Feature'],
      ['VEL-3', 'New Feature'],
      ['VEL-2', 'Bug'],
      ['VEL-1', 'Security'],
    ]);
    expect(releaseVersions(issues)).toEqual([
      { name: '1.1.0', releaseDate: '2026-02-03' },
      { name: '1.0.0', releaseDate: '2026-01-02' },
    ]);
  });

  it.each([
    ['no title', CHANGELOG.replace('# Changelog', 'Changelog'), ':1:'],
    ['a release without a date', CHANGELOG.replace('## [1.0.0] - 2026-01-02', '## [1.0.0]'), ':23:'],
    ['a date that is no day', CHANGELOG.replace('2026-01-02', '2026-02-30'), 'not a day'],
    ['releases out of order', CHANGELOG.replace('2026-01-02', '2027-01-02'), 'newest first'],
    ['a version twice', CHANGELOG.replace('[1.0.0] - ', '[1.1.0] - '), 'twice'],
    ['an unknown section', CHANGELOG.replace('### Fixed', '### Bugs'), 'is not one of'],
    ['stray text', CHANGELOG.replace('- Another.', 'Another.'), ':17:'],
    ['an empty item', CHANGELOG.replace('- Another.', '- '), 'empty item'],
    ['an item outside a section', CHANGELOG.replace('### Security\n', ''), 'expected'],
  ])('refuses %s, naming the line', (_name, text, message) => {
    expect(() => parseChangelog(text)).toThrow(ReleaseNotesError);
    expect(() => parseChangelog(text)).toThrow(message);
  });

  it('reads the known issues as bugs', () => {
    const items = parseKnownIssues('# Known issues\n\nIntro.\n\n- One\n  continued.\n- Two\n');
    expect(items).toEqual(['One continued.', 'Two']);
    expect(knownBugsOf(items)[1]).toEqual({
      id: 'kb-2',
      key: 'KB-2',
      fields: { summary: 'Two', issuetype: { name: 'Bug' }, fixVersions: [] },
    });
    expect(() => parseKnownIssues('# Known\n\n- One\nstray')).toThrow(':4:');
  });
});

describe("the product's own files", () => {
  it('parse, and the newest release is the running version (package.json)', () => {
    const notes = loadReleaseNotes();
    const pkg = JSON.parse(readFileSync(new URL('../../../../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(notes.latest).toBe(pkg.version);
    expect(notes.issues.length).toBeGreaterThan(10);
    expect(notes.knownBugs.length).toBeGreaterThan(0);
  });
});

describe('GET api/jira-issues and api/known-bugs', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  it('answer 401 without a token and the notes to any signed-in user', async () => {
    for (const url of ['/api/jira-issues', '/api/known-bugs']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const user = await makeUserWithRights(ctx.db, [], 'all');
    const client = as(ctx.app, await tokenFor(ctx, user.id));
    const issues = await client({ method: 'GET', url: '/api/jira-issues' });
    expect(issues.statusCode).toBe(200);
    expect(issues.json()).toEqual(loadReleaseNotes().issues);
    expect(releaseVersions(issues.json())[0].name).toBe(ctx.config.version);
    const bugs = await client({ method: 'GET', url: '/api/known-bugs' });
    expect(bugs.statusCode).toBe(200);
    expect(bugs.json()[0].key).toBe('KB-1');
  });
});
