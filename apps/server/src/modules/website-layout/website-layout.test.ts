import type { AccessRight } from '@vellum/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contentBlock, footerItem, publicResource } from '../../db/schema/index.js';
import { makeProductType } from '../../factories/catalogue-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { HOSTILE_SVG, multipart, tinyPng } from '../../platform/images.fixtures.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { translatableEntity } from '../internationalizations/translatable-entities.js';

let ctx: TestContext;
let unit: { id: number };
let other: { id: number };
let designer: ReturnType<typeof as>;
let reader: ReturnType<typeof as>;
let elsewhere: ReturnType<typeof as>;
let manufacturer: ReturnType<typeof as>;

const client = async (rights: AccessRight[], units: number[] | 'all') =>
  as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, rights, units)).id));

beforeAll(async () => {
  ctx = await createTestContext();
  unit = await makeBusinessUnit(ctx.db);
  other = await makeBusinessUnit(ctx.db);
  designer = await client(['LAYOUT_MANAGE'], [unit.id]);
  reader = await client(['PRODUCT_READ'], [unit.id]);
  elsewhere = await client(['LAYOUT_MANAGE'], [other.id]);
  manufacturer = await client(['LAYOUT_MANAGE'], [0]);
});
afterAll(() => ctx.close());

const item = (over: Record<string, unknown> = {}) => ({
  businessUnitId: unit.id,
  text: 'Imprint',
  publicUrl: 'https://example.com/imprint',
  visualizationOrder: 1,
  ...over,
});
const footerRows = (id = unit.id) => ctx.db.select().from(footerItem).where(eq(footerItem.businessUnitId, id));
const putFooter = (who: ReturnType<typeof as> | undefined, payload: unknown, id = unit.id) =>
  (who ?? as(ctx.app, undefined))({ method: 'PUT', url: `/api/footer-items?business-unit=${id}`, payload: payload as object });

describe('footer items', () => {
  it('answer 401, 403 without LAYOUT_MANAGE or in another unit, 404 for a missing unit', async () => {
    expect((await putFooter(undefined, [item()])).statusCode).toBe(401);
    expect((await putFooter(reader, [item()])).statusCode).toBe(403);
    expect((await putFooter(elsewhere, [item()])).statusCode).toBe(403);
    expect((await reader({ method: 'GET', url: `/api/footer-items?business-unit=${unit.id}` })).statusCode).toBe(403);
    const all = await client(['LAYOUT_MANAGE'], 'all');
    expect((await all({ method: 'GET', url: '/api/footer-items?business-unit=999999' })).statusCode).toBe(404);
    expect((await putFooter(all, [item({ businessUnitId: 999999 })], 999999)).statusCode).toBe(404);
    expect(await footerRows()).toEqual([]);
  });

  it('refuse every rule of 001 §8, storing nothing', async () => {
    const cases: [unknown, string][] = [
      [[], 'error.footerItem.emptyList'],
      [Array.from({ length: 21 }, (_, i) => item({ visualizationOrder: i })), 'error.footerItem.tooMany'],
      [[item(), item({ text: 'Privacy' })], 'error.footerItem.duplicateOrder'],
      [[item({ businessUnitId: other.id })], 'error.footerItem.differentBusinessUnits'],
      [[item({ id: 999999 })], 'error.footerItem.notFound'],
      [[item(), item({ text: '', visualizationOrder: 2 })], 'error.validation'],
      [[item({ publicUrl: 'javascript:alert(1)' })], 'error.validation'],
      [[item({ publicUrl: 'not a url' })], 'error.validation'],
      [[item({ text: 'x'.repeat(51) })], 'error.validation'],
    ];
    for (const [payload, key] of cases) {
      const res = await putFooter(designer, payload);
      expect(res.statusCode, key).toBe(400);
      expect(res.json().message, key).toBe(key);
    }
    expect(await footerRows()).toEqual([]);
  });

  it('replace the whole list keeping ids, reorder, audit; DELETE removes them', async () => {
    const first = await putFooter(designer, [
      item(),
      item({ text: 'Privacy', publicUrl: 'https://example.com/privacy', visualizationOrder: 2 }),
    ]);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-vellum-alert']).toBe('vellumApp.footerItem.updated');
    const [imprint, privacy] = first.json();
    expect(imprint).toMatchObject({ text: 'Imprint', visualizationOrder: 1 });
    // swapping orders keeps the ids (and so their translations)
    const swapped = await putFooter(designer, [
      { ...imprint, visualizationOrder: 2 },
      { ...privacy, visualizationOrder: 1 },
    ]);
    expect(swapped.json().map((i: { id: number }) => i.id)).toEqual([privacy.id, imprint.id]);
    const kept = await putFooter(designer, [{ ...privacy, text: 'Data privacy' }]);
    expect(kept.json()).toEqual([{ ...privacy, text: 'Data privacy' }]);
    // another unit's item cannot be taken over
    expect((await putFooter(elsewhere, [item({ id: privacy.id, businessUnitId: other.id })], other.id)).json().message).toBe(
      'error.footerItem.differentBusinessUnits',
    );
    const listed = await designer({ method: 'GET', url: `/api/footer-items?business-unit=${unit.id}` });
    expect(listed.headers['x-total-count']).toBe('1');
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.entityName, 'footer-item'));
    expect(audits.length).toBeGreaterThanOrEqual(3);
    expect((await designer({ method: 'DELETE', url: `/api/footer-items?business-unit=${unit.id}` })).statusCode).toBe(204);
    expect(await footerRows()).toEqual([]);
  });

  it('registers footer_item with the translations registry', async () => {
    await putFooter(designer, [item({ text: 'Contact' })]);
    const entity = translatableEntity('footer_item');
    expect(entity?.fields).toEqual({ text: { maxLength: 50 } });
    const sources = await entity!.sources(ctx.db, unit.id);
    expect(sources).toEqual([{ id: expect.any(Number), label: 'Contact', values: { text: 'Contact' } }]);
  });
});

describe('content blocks', () => {
  const block = (over: Record<string, unknown> = {}) => ({
    businessUnitId: unit.id,
    type: 'PRODUCT_TYPE_HEADER',
    productTypeId: null,
    hcp: true,
    patient: false,
    content: '<p>Hello</p>',
    ...over,
  });
  const put = (who: ReturnType<typeof as>, payload: unknown, id = unit.id) =>
    who({ method: 'PUT', url: `/api/content-blocks?business-unit=${id}`, payload: payload as object });
  const rows = () => ctx.db.select().from(contentBlock).where(eq(contentBlock.businessUnitId, unit.id));

  it('answer 401 and 403, and refuse every rule, storing nothing', async () => {
    expect(
      (await as(ctx.app, undefined)({ method: 'PUT', url: `/api/content-blocks?business-unit=${unit.id}`, payload: [] })).statusCode,
    ).toBe(401);
    expect((await put(reader, [block()])).statusCode).toBe(403);
    expect((await put(elsewhere, [block()])).statusCode).toBe(403);
    const foreignType = await makeProductType(ctx.db, other.id);
    const cases: [unknown, string][] = [
      [[block(), block()], 'error.contentBlock.duplicate'],
      [[block({ type: 'PRODUCT_TYPE_SELECTION_HEADER', productTypeId: foreignType.id })], 'error.contentBlock.productTypeNotAllowed'],
      [[block({ productTypeId: foreignType.id })], 'error.contentBlock.productTypeNotFound'],
      [[block({ hcp: false, patient: false })], 'error.contentBlock.noAudience'],
      [[block({ businessUnitId: other.id })], 'error.contentBlock.differentBusinessUnits'],
      [[block({ id: 999999 })], 'error.contentBlock.notFound'],
      [Array.from({ length: 101 }, () => block()), 'error.contentBlock.tooMany'],
      [[block({ type: 'BANNER' })], 'error.validation'],
    ];
    for (const [payload, key] of cases) {
      const res = await put(designer, payload);
      expect(res.statusCode, key).toBe(400);
      expect(res.json().message, key).toBe(key);
    }
    expect(await rows()).toEqual([]);
  });

  it('store sanitised rich text per type and product type; registered for translation', async () => {
    const type = await makeProductType(ctx.db, unit.id);
    const res = await put(designer, [
      block({ content: '<p onclick="x()">Hi<script>alert(1)</script></p>' }),
      block({ productTypeId: type.id, patient: true }),
      block({ type: 'PRODUCT_TYPE_SELECTION_HEADER' }),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toMatchObject({ content: '<p>Hi</p>', productTypeId: null });
    expect(res.json()).toHaveLength(3);
    const emptied = await put(designer, []);
    expect(emptied.json()).toEqual([]);
    await put(designer, [block()]);
    const entity = translatableEntity('content_block');
    expect(entity?.fields.content).toMatchObject({ richText: true });
    expect((await entity!.sources(ctx.db, unit.id))[0].values).toEqual({ content: '<p>Hello</p>' });
  });
});

describe('public resources', () => {
  const upload = (who: ReturnType<typeof as>, data: Buffer, filename: string, fields: Record<string, string> = {}, id = unit.id) =>
    who({
      method: 'POST',
      url: `/api/public-resources?business-unit=${id}`,
      ...multipart('file', filename, 'application/octet-stream', data, fields),
    });
  const rows = () => ctx.db.select().from(publicResource).where(eq(publicResource.businessUnitId, unit.id));

  it('answer 401 and 403, and refuse content by what it is, names and oversize, storing nothing', async () => {
    expect((await upload(as(ctx.app, undefined), tinyPng(), 'a.png')).statusCode).toBe(401);
    expect((await upload(reader, tinyPng(), 'a.png')).statusCode).toBe(403);
    expect((await upload(elsewhere, tinyPng(), 'a.png')).statusCode).toBe(403);
    const html = await upload(designer, Buffer.from('<html><script>alert(1)</script></html>'), 'page.png');
    expect(html.json().message).toBe('error.publicResource.type');
    expect((await upload(designer, tinyPng(), 'logo.pdf')).json().message).toBe('error.publicResource.extension');
    expect((await upload(designer, tinyPng(), 'x.png', { name: '../etc/passwd.png' })).json().message).toBe('error.validation');
    expect((await upload(designer, tinyPng(), 'x.png', { name: 'with space.png' })).json().message).toBe('error.validation');
    const big = await upload(designer, Buffer.concat([tinyPng(), Buffer.alloc(5 * 1024 * 1024)]), 'big.png');
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('error.fileTooLarge');
    expect(await rows()).toEqual([]);
  });

  it('store, serve, replace, protect while the CSS references them, and delete', async () => {
    const png = tinyPng();
    const created = await upload(designer, png, 'ignored.png', { name: 'logo.png' });
    expect(created.statusCode).toBe(201);
    const res = created.json();
    expect(res).toMatchObject({ name: 'logo.png', mediaType: 'image/png', size: png.length, cssReference: 'url(resources/logo.png)' });
    expect(res.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await upload(designer, png, 'LOGO.png')).json().message).toBe('error.publicResource.exists');

    const served = await designer({ method: 'GET', url: res.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(png)).toBe(true);

    const svg = await upload(designer, Buffer.from(HOSTILE_SVG), 'icon.svg');
    expect(svg.statusCode).toBe(201);
    const svgServed = await designer({ method: 'GET', url: svg.json().url });
    expect(svgServed.body).not.toContain('<script');
    expect(svgServed.headers['content-security-policy']).toContain("default-src 'none'");

    // the CSS may now reference it, and the resource cannot go while it does
    const css = await designer({
      method: 'PUT',
      url: `/api/business-units/${unit.id}/css`,
      payload: { content: '.h { background: url(resources/logo.png) }' },
    });
    expect(css.statusCode).toBe(200);
    const sheet = await designer({ method: 'GET', url: `/api/business-units/${unit.id}/style.css` });
    expect(sheet.headers['content-type']).toContain('text/css');
    expect(sheet.body).toContain('resources/logo.png');
    const inUse = await designer({ method: 'DELETE', url: `/api/public-resources/${res.id}` });
    expect(inUse.json().message).toBe('error.publicResource.inUse');

    // new content under the same name; another unit's resource cannot be replaced through this unit
    const replaced = await upload(designer, tinyPng([1, 2, 3]), 'new.png', { id: String(res.id) });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ id: res.id, name: 'logo.png' });
    expect(replaced.json().sha256).not.toBe(res.sha256);
    expect(await ctx.app.deps.files.get((await rows()).find((r) => r.id === res.id)!.storageKey)).toBeDefined();
    const theirs = await upload(elsewhere, tinyPng(), 'x.png', {}, other.id);
    expect((await upload(designer, tinyPng(), 'y.png', { id: String(theirs.json().id) })).json().message).toBe(
      'error.publicResource.businessUnitChange',
    );
    expect((await upload(designer, tinyPng(), 'y.png', { id: '999999' })).json().message).toBe('error.publicResource.notFound');
    expect((await elsewhere({ method: 'DELETE', url: `/api/public-resources/${res.id}` })).statusCode).toBe(403);

    await designer({ method: 'PUT', url: `/api/business-units/${unit.id}/css`, payload: { content: '' } });
    const key = (await rows()).find((r) => r.id === res.id)!.storageKey;
    expect((await designer({ method: 'DELETE', url: `/api/public-resources/${res.id}` })).statusCode).toBe(204);
    expect(await ctx.app.deps.files.get(key)).toBeUndefined();
    expect((await designer({ method: 'DELETE', url: `/api/public-resources/${res.id}` })).statusCode).toBe(404);
    expect((await designer({ method: 'GET', url: res.url })).statusCode).toBe(404);
  });

  it('serve a saved resource and the saved style sheet to signed-in users with the right only (decision 0050)', async () => {
    const created = await upload(designer, tinyPng([7, 7, 7]), 'guide.png');
    expect(created.statusCode).toBe(201);
    const url = created.json().url as string;
    expect(url).toBe(`/api/business-units/${unit.id}/resources/guide.png`);
    const anonymous = await as(ctx.app, undefined)({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toContain('application/problem+json');
    // the rights of the list: LAYOUT_MANAGE or TRANSLATION in the unit
    expect((await reader({ method: 'GET', url })).statusCode).toBe(403);
    expect((await elsewhere({ method: 'GET', url })).statusCode).toBe(403);
    const translator = await client(['TRANSLATION'], [unit.id]);
    const got = await translator({ method: 'GET', url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['cache-control']).toBe('private, no-cache');
    expect(got.headers['cross-origin-resource-policy']).toBe('same-origin');

    // the style sheet: the rule of GET …/css (any right in the unit)
    const sheet = `/api/business-units/${unit.id}/style.css`;
    expect((await as(ctx.app, undefined)({ method: 'GET', url: sheet })).statusCode).toBe(401);
    expect((await elsewhere({ method: 'GET', url: sheet })).statusCode).toBe(403);
    const read = await reader({ method: 'GET', url: sheet });
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('private, no-cache');
    await designer({ method: 'DELETE', url: `/api/public-resources/${created.json().id}` });
  });
});

describe('custom CSS check at the route', () => {
  it('refuses forbidden and invalid CSS with its position, storing nothing', async () => {
    const put = (content: string) => designer({ method: 'PUT', url: `/api/business-units/${unit.id}/css`, payload: { content } });
    await put('.kept { color: red }');
    const imported = await put('@import url(https://evil.example/x.css);');
    expect(imported.statusCode).toBe(400);
    expect(imported.json()).toMatchObject({ message: 'error.css.forbidden', params: { line: 1, column: 1, construct: '@import' } });
    expect((await put('a { background: url("javascript:alert(1)") }')).json().message).toBe('error.css.forbidden');
    expect((await put('a {\n  color red\n}')).json()).toMatchObject({ message: 'error.css.invalid', params: { line: 2 } });
    expect((await designer({ method: 'GET', url: `/api/business-units/${unit.id}/css` })).json().content).toBe('.kept { color: red }');
  });
});

describe('manufacturer-wide layout (unit 0)', () => {
  it('is inherited by a unit for every value it does not set', async () => {
    const bare = await makeBusinessUnit(ctx.db);
    const own = await client(['LAYOUT_MANAGE'], [bare.id]);
    const global = (await manufacturer({ method: 'GET', url: '/api/business-units/0/layout' })).json();
    expect(global.inherited).toEqual({
      mainColor: false,
      highlightColor: false,
      lightHeaderText: false,
      logo: false,
      footerItems: false,
      contentBlocks: false,
    });
    const { logoUrl: _l, inherited: _i, effective: _e, ...body } = global;
    const saved = await manufacturer({
      method: 'PUT',
      url: '/api/business-units/layout',
      payload: { ...body, mainColor: '#112233', lightHeaderText: true },
    });
    expect(saved.statusCode).toBe(200);
    await putFooter(manufacturer, [item({ businessUnitId: 0, text: 'Manufacturer' })], 0);
    const layout = (await own({ method: 'GET', url: `/api/business-units/${bare.id}/layout` })).json();
    expect(layout.inherited).toMatchObject({ mainColor: true, lightHeaderText: true, footerItems: true });
    expect(layout.effective).toMatchObject({ mainColor: '#112233', lightHeaderText: true, footerItems: [{ text: 'Manufacturer' }] });
    // a unit's own footer replaces the manufacturer's
    await putFooter(own, [item({ businessUnitId: bare.id, text: 'Own' })], bare.id);
    const after = (await own({ method: 'GET', url: `/api/business-units/${bare.id}/layout` })).json();
    expect(after.inherited.footerItems).toBe(false);
    expect(after.effective.footerItems).toMatchObject([{ text: 'Own' }]);
  });
});

describe('business-unit delete', () => {
  it('removes the website configuration in the same transaction and the binaries after it, and counts it', async () => {
    const doomed = await makeBusinessUnit(ctx.db);
    const own = await client(['LAYOUT_MANAGE', 'PRODUCT_READ'], [doomed.id]);
    const remover = await client(['BUSINESS_UNIT_DELETE'], [0]);
    await putFooter(own, [item({ businessUnitId: doomed.id })], doomed.id);
    await own({
      method: 'PUT',
      url: `/api/content-blocks?business-unit=${doomed.id}`,
      payload: [{ businessUnitId: doomed.id, type: 'PRODUCT_TYPE_FOOTER', content: '<p>x</p>' }],
    });
    const up = await own({
      method: 'POST',
      url: `/api/public-resources?business-unit=${doomed.id}`,
      ...multipart('file', 'a.png', 'image/png', tinyPng()),
    });
    const stats = (await own({ method: 'GET', url: `/api/business-units/${doomed.id}/statistics` })).json();
    expect(stats.configuration).toMatchObject({ footerItems: 1, contentBlocks: 1, publicResources: 1 });
    const [row] = await ctx.db.select().from(publicResource).where(eq(publicResource.id, up.json().id));
    expect((await remover({ method: 'DELETE', url: `/api/business-units/${doomed.id}` })).statusCode).toBe(204);
    expect(await footerRows(doomed.id)).toEqual([]);
    expect(await ctx.db.select().from(contentBlock).where(eq(contentBlock.businessUnitId, doomed.id))).toEqual([]);
    expect(await ctx.db.select().from(publicResource).where(eq(publicResource.businessUnitId, doomed.id))).toEqual([]);
    expect(await ctx.app.deps.files.get(row.storageKey)).toBeUndefined();
  });
});
