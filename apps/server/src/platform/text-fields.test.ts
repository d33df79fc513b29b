import { httpUrl, idSchema, multiLineText, nameText, plainText, richText, textFault } from '@vellum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBusinessUnit, makeSuperAdmin } from '../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../test/harness.js';

/**
 * The classes of text of decision 0012: plain text (stored as given, control characters refused,
 * always rendered escaped), names (plain text without bidi controls), multi-line plain text, rich
 * text (sanitised HTML) and http(s) URLs; and integers bounded to the integer column.
 */

describe('the contract text and integer schemas', () => {
  it('textFault names control characters, lone surrogates and, in names, bidi controls', () => {
    expect(textFault('Plain text, ünïcödé, 日本語, emoji 😀')).toBeUndefined();
    for (const c of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009f', '\n', '\t']) expect(textFault(`a${c}b`)).toBe('control');
    expect(textFault('a\nb\tc\r\n', { multiLine: true })).toBeUndefined();
    expect(textFault('a\u0000b', { multiLine: true })).toBe('control');
    for (const s of ['x\ud800y', 'x\udc00y', 'x\ud800', '\udfff']) expect(textFault(s)).toBe('surrogate');
    for (const c of ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(textFault(`a${c}b`)).toBeUndefined();
      expect(textFault(`a${c}b`, { name: true })).toBe('bidi');
    }
  });

  it('plain text keeps markup as given; names refuse bidi controls; multi-line text keeps line breaks', () => {
    const markup = '<a href="javascript:alert(1)">x</a>';
    expect(plainText().parse(markup)).toBe(markup);
    expect(plainText().safeParse('a\u0000b').error?.issues[0].message).toBe('Pattern');
    expect(nameText().safeParse('abc\u202egnp.exe').error?.issues[0].message).toBe('Pattern');
    expect(multiLineText().parse('line 1\nline 2')).toBe('line 1\nline 2');
    expect(plainText().safeParse('line 1\nline 2').success).toBe(false);
    expect(richText().safeParse('<p>a\u0000</p>').success).toBe(false);
  });

  it('URLs are absolute http(s) URLs', () => {
    for (const ok of ['https://example.com', 'http://example.com/path?q=1#x', 'HTTPS://EXAMPLE.COM'])
      expect(httpUrl().safeParse(ok).success).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '/relative',
      'example.com',
      'ftp://example.com',
      'https://exa mple.com',
      'https://example.com/\u0000',
      'https://example.com/a\nb',
      '',
    ]) {
      expect(httpUrl().safeParse(bad).success, bad).toBe(false);
    }
  });

  it('ids accept a number or its digits within the integer column', () => {
    for (const [v, n] of [
      ['0', 0],
      ['2147483647', 2147483647],
      [42, 42],
    ] as const) {
      expect(idSchema.parse(v)).toBe(n);
    }
    for (const bad of ['2147483648', '-1', '1.5', '1e308', '0x10', ' 1', '', '01', ['1'], 2 ** 31, 2 ** 53, 1.5, -1, Number.NaN]) {
      expect(idSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

let ctx: TestContext;
let call: ReturnType<typeof as>;
let unitId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  call = as(ctx.app, await tokenFor(ctx, (await makeSuperAdmin(ctx.db)).id));
  unitId = (await makeBusinessUnit(ctx.db)).id;
});
afterAll(() => ctx.close());

const expectRefused = (res: { statusCode: number; json(): unknown }, field: string) => {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { message: string; fieldErrors: { field: string; message: string }[] };
  expect(body.message).toBe('error.validation');
  expect(body.fieldErrors).toContainEqual(expect.objectContaining({ field, message: 'Pattern' }));
};

describe('plain text through the API', () => {
  const layoutOf = async () => (await call({ method: 'GET', url: `/api/business-units/${unitId}/layout` })).json();
  const putLayout = async (over: Record<string, unknown>) => {
    const { logoUrl: _logo, ...layout } = await layoutOf();
    return call({ method: 'PUT', url: '/api/business-units/layout', payload: { ...layout, ...over } });
  };

  it('stores markup in header texts as given (it is text, rendered escaped), with line breaks in the body', async () => {
    const title = '<a href="javascript:alert(1)">Title</a>';
    const body = 'Use < 5 mg & "care"\n<script>alert(1)</script>';
    expect((await putLayout({ headerTextTitle: title, headerTextBody: body })).statusCode).toBe(200);
    const stored = await layoutOf();
    expect(stored.headerTextTitle).toBe(title);
    expect(stored.headerTextBody).toBe(body);
  });

  it('refuses control characters and lone surrogates in header texts, storing nothing', async () => {
    const before = await layoutOf();
    for (const [field, value] of [
      ['headerTextTitle', 'a\u0000b'],
      ['headerTextTitle', 'line\nbreak'],
      ['headerTextTitle', 'x\ud800y'],
      ['headerTextBody', 'bell\u0007'],
      ['headerTextBody', 'x\udfffy'],
    ] as const) {
      expectRefused(await putLayout({ [field]: value }), field);
    }
    expect(await layoutOf()).toEqual(before);
  });

  it('refuses bidi controls in names: a business unit display name, a role name, a user name', async () => {
    expectRefused(
      await call({ method: 'POST', url: '/api/business-units', payload: { slug: 'bidi-unit', displayName: 'Unit \u202Egnp.exe' } }),
      'displayName',
    );
    expectRefused(await call({ method: 'POST', url: '/api/roles', payload: { name: 'Role \u2066x', accessRights: [] } }), 'name');
    const account = (await call({ method: 'GET', url: '/api/account' })).json();
    expectRefused(
      await call({
        method: 'POST',
        url: '/api/account',
        payload: { firstName: 'Ann\u202e', lastName: account.lastName, email: account.email },
      }),
      'firstName',
    );
  });

  it('refuses control characters in key codes and search text', async () => {
    const res = await call({ method: 'POST', url: `/api/products/search?business-unit=${unitId}`, payload: { text: 'a\u0000b' } });
    expectRefused(res, 'text');
    expectRefused(await call({ method: 'GET', url: '/api/users?search=%00' }), 'search');
  });
});

describe('rich text through the API', () => {
  it('sanitises remark content and refuses control characters in it', async () => {
    const created = await call({
      method: 'POST',
      url: '/api/product-remarks',
      payload: {
        businessUnitId: unitId,
        name: 'Remark',
        content: '<p>Hi <a href="javascript:alert(1)">x</a><script>alert(1)</script></p>',
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().content).not.toMatch(/javascript:|<script/);
    expectRefused(
      await call({
        method: 'POST',
        url: '/api/product-remarks',
        payload: { businessUnitId: unitId, name: 'Remark 2', content: '<p>\u0000</p>' },
      }),
      'content',
    );
  });
});

describe('URLs through the API', () => {
  const settings = async () => {
    const { softwareVersion: _v, ...s } = (await call({ method: 'GET', url: '/api/manufacturer/own/settings' })).json();
    return s;
  };

  it('accepts only absolute http(s) URLs as the public website URL', async () => {
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,x',
      '/relative',
      'www.example.com',
      'ftp://example.com',
      'https://exa mple.com',
    ]) {
      expectRefused(
        await call({ method: 'PUT', url: '/api/manufacturer/own/settings', payload: { ...(await settings()), publicWebsiteUrl: url } }),
        'publicWebsiteUrl',
      );
    }
    const ok = await call({
      method: 'PUT',
      url: '/api/manufacturer/own/settings',
      payload: { ...(await settings()), publicWebsiteUrl: 'https://ifu.example.com' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await settings()).publicWebsiteUrl).toBe('https://ifu.example.com');
  });
});
