import { afterEach, describe, expect, it } from 'vitest';
import { SearchForm } from '../pages/SearchForm.js';
import { renderHtml } from '../render.js';
import { englishTexts } from '../texts.js';
import { useIslandAssets } from './assets.js';
import type { IslandAssets } from './build.js';
import { searchTextOf } from './scanner.js';

const built: IslandAssets = {
  files: new Map(),
  entries: { typeahead: '/site/_assets/typeahead.AAAA.js', scan: '/site/_assets/scan.BBBB.js' },
  firstLoad: { typeahead: ['/site/_assets/typeahead.AAAA.js'], scan: ['/site/_assets/scan.BBBB.js'] },
};
const action = '/site/acme/be/en/hcp/catheters';
const form = (fields: Parameters<typeof SearchForm>[0]['fields']) =>
  renderHtml(<SearchForm action={action} fields={fields} t={englishTexts} />);

afterEach(() => useIslandAssets(null));

describe('the island markup of the search form', () => {
  it('marks partial fields for suggestions and the key code for the scanner, and includes each script once', () => {
    useIslandAssets(built);
    const html = form([
      { param: 'keyCode', label: 'Code', mandatory: false, value: '', suggest: true },
      { param: 'a7', label: 'Model', mandatory: false, value: '', suggest: true },
      { param: 'a8', label: 'Size', mandatory: false, value: '', suggest: false },
      { param: 'lot', label: 'Lot', mandatory: false, value: '' },
    ]);
    expect(html).toContain(`data-suggest="${action}/_suggest?field=keyCode"`);
    expect(html).toContain(`data-suggest="${action}/_suggest?field=a7"`);
    expect(html).toContain('data-suggest-count="{{count}} suggestions"');
    expect(html.match(/data-suggest="/g)).toHaveLength(2);
    expect(html.match(/data-scan="Scan"/g)).toHaveLength(1);
    expect(html).toContain('<script type="module" src="/site/_assets/typeahead.AAAA.js" defer=""></script>');
    expect(html).toContain('<script type="module" src="/site/_assets/scan.BBBB.js" defer=""></script>');
    // the form itself is a plain GET form: it works without them
    expect(html).toContain(`<form class="search-form" action="${action}" method="get">`);
  });

  it('offers no scanner on a dropdown key code and no type-ahead without a partial field', () => {
    useIslandAssets(built);
    const html = form([{ param: 'keyCode', label: 'Code', mandatory: false, value: '', options: ['A', 'B'] }]);
    expect(html).not.toMatch(/data-suggest|data-scan|<script/);
  });

  it('includes no script and no data attribute when no scripts are built', () => {
    const html = form([{ param: 'keyCode', label: 'Code', mandatory: false, value: '', suggest: true }]);
    expect(html).not.toMatch(/data-suggest|data-scan|<script/);
  });
});

describe('what the scanner submits', () => {
  it('writes a GS1 element string with FNC1 separators in its bracketed form', () => {
    const GS = '\u001d';
    expect(searchTextOf(`${GS}010950600013435217251231104711${GS}21S/N(1)`)).toBe('(01)09506000134352(17)251231(10)4711(21)S/N\\(1\\)');
  });

  it('leaves a Digital Link URL, a plain key code and an element string without separators as read', () => {
    expect(searchTextOf('https://id.example.com/01/09506000134352/10/4711')).toBe('https://id.example.com/01/09506000134352/10/4711');
    expect(searchTextOf('CATH-100')).toBe('CATH-100');
    expect(searchTextOf('(01)09506000134352(10)4711')).toBe('(01)09506000134352(10)4711');
  });
});
