import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import { checkCss } from './css-check.js';

const names = new Set(['logo.png', 'brand.woff2']);
const refusal = (css: string) => {
  try {
    checkCss(css, names);
  } catch (err) {
    if (err instanceof AppError) return { key: err.message, params: err.params };
    throw err;
  }
  return undefined;
};

describe('checkCss', () => {
  it("accepts ordinary CSS, media queries, font faces and references to the unit's resources", () => {
    for (const css of [
      '',
      '/* brand */ .header { color: #fff; background: linear-gradient(#000, #111); }',
      '@media (max-width: 600px) { .a { display: none } }',
      '@supports (display: grid) { .b { display: grid } } @keyframes spin { from { transform: rotate(0) } to { transform: rotate(1turn) } }',
      '@font-face { font-family: Brand; src: local(Brand), url(resources/brand.woff2) format("woff2") }',
      '.logo { background-image: url("resources/logo.png") } :root { --brand: #0f766e }',
    ])
      expect(refusal(css), css).toBeUndefined();
    expect(checkCss('a{background:url(resources/logo.png)} b{background:url(resources/logo.png)}', names).references).toEqual(['logo.png']);
  });

  it('refuses CSS that does not parse, saying where', () => {
    expect(refusal('a { color red }')).toEqual({ key: 'error.css.invalid', params: { line: 1, column: 11, detail: 'Colon is expected' } });
    expect(refusal('a { color: red }\n\nb {} }')).toMatchObject({ key: 'error.css.invalid', params: { line: 3 } });
  });

  it('refuses what loads script or another style sheet, also behind escapes', () => {
    const forbidden = {
      '@import url(https://evil.example/x.css);': '@import',
      '@import "x.css";': '@import',
      '@\\69mport "x.css";': '@import',
      '@namespace svg url(http://www.w3.org/2000/svg);': '@namespace',
      '@-moz-document url-prefix() { a { color: red } }': '@-moz-document',
      'a { width: expression(alert(1)) }': 'expression(',
      'a { width: e\\78pression(alert(1)) }': 'expression(',
      'a { behavior: url(x.htc) }': 'behavior',
      'a { behavio\\72: url(x.htc) }': 'behavior',
      'a { -moz-binding: url(x.xml#x) }': '-moz-binding',
      'a { background: u\\72l("javascript:alert(1)") }': 'javascript:',
      'a { content: "\\6a avascript:" }': 'javascript:',
    };
    for (const [css, construct] of Object.entries(forbidden))
      expect(refusal(css), css).toMatchObject({ key: 'error.css.forbidden', params: { construct } });
  });

  it('refuses url(), src() and image-set() that name anything but a resource of the unit', () => {
    for (const css of [
      'a { background: url(https://evil.example/x.png) }',
      'a { background: url(//evil.example/x.png) }',
      'a { background: url("javascript:alert(1)") }',
      'a { background: url(data:image/png;base64,AAAA) }',
      'a { background: url(resources/missing.png) }',
      'a { background: url(resources/logo.png?x=1) }',
      'a { background: url(../resources/logo.png) }',
      'a { background: image-set("https://evil.example/x.png" 1x) }',
      'a { background: -webkit-image-set("x.png" 1x) }',
      'a { background: src("https://evil.example/x.png") }',
      'a { background: \\75rl("https://evil.example/x.png") }',
      'a { --x: url(https://evil.example/x.png) }',
    ]) {
      const r = refusal(css);
      expect(r, css).toBeDefined();
      expect(['error.css.resourceNotFound', 'error.css.forbidden', 'error.css.invalid'], css).toContain(r?.key);
    }
    expect(refusal('a { background: url(https://evil.example/x.png) }')).toEqual({
      key: 'error.css.resourceNotFound',
      params: { line: 1, column: 17, reference: 'https://evil.example/x.png' },
    });
    // an escaped url( with an unquoted address does not even parse
    expect(refusal('a { background: \\75rl(https://evil.example/x.png) }')?.key).toBe('error.css.invalid');
  });
});
