import type { AccessRight } from '@vellum/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributeDefinition, auditLog, internationalization, productRemark, productType } from '../../db/schema/index.js';
import { makeProductRemark, makeProductType } from '../../factories/catalogue-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { multipart } from '../../platform/images.fixtures.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';

let ctx: TestContext;
let unitA: { id: number };
let unitB: { id: number };
let translator: ReturnType<typeof as>;
let nobody: ReturnType<typeof as>;
let elsewhere: ReturnType<typeof as>;
let admin: ReturnType<typeof as>;
let type: Awaited<ReturnType<typeof makeProductType>>;
let remark: { id: number };

const client = async (rights: AccessRight[], units: number[] | 'all') =>
  as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, rights, units)).id));

beforeAll(async () => {
  ctx = await createTestContext();
  unitA = await makeBusinessUnit(ctx.db, { interfaceLanguages: ['en', 'de', 'fr'] });
  unitB = await makeBusinessUnit(ctx.db, { interfaceLanguages: ['en', 'de'] });
  translator = await client(['TRANSLATION'], [unitA.id]);
  nobody = await client(['PRODUCT_TYPE_MANAGE', 'LAYOUT_MANAGE'], [unitA.id]);
  elsewhere = await client(['TRANSLATION'], [unitB.id]);
  admin = await client(['TRANSLATION'], 'all');
  type = await makeProductType(ctx.db, unitA.id, { name: 'Catheter', keyCodeLabelHcp: 'Ref' }, [{ name: 'Size' }]);
  remark = await makeProductRemark(ctx.db, unitA.id, { name: 'Sterile', content: '<p>Keep dry</p>' });
});
afterAll(() => ctx.close());

const url = (unit: number, entity: string, lang: string) =>
  `/api/internationalizations?business-unit=${unit}&entityName=${entity}&interfaceLanguageISO=${lang}`;
const save = (c: ReturnType<typeof as>, unit: number, entity: string, lang: string, items: unknown[]) =>
  c({ method: 'POST', url: url(unit, entity, lang), payload: { internationalizations: items } });
const stored = (unit: number) => ctx.db.select().from(internationalization).where(eq(internationalization.businessUnitId, unit));
const nameKey = () => `product_type.${type.id}.name`;

describe('POST /api/internationalizations', () => {
  it('answers 401, 403 without the right or in another unit, 404 for no unit', async () => {
    const items = [{ translationKey: nameKey(), translatedValue: 'Katheter' }];
    expect((await save(as(ctx.app, undefined), unitA.id, 'product_type', 'de', items)).statusCode).toBe(401);
    expect((await save(nobody, unitA.id, 'product_type', 'de', items)).statusCode).toBe(403);
    expect((await save(elsewhere, unitA.id, 'product_type', 'de', items)).statusCode).toBe(403);
    // a key of unit A sent for unit B names no record there
    expect((await save(elsewhere, unitB.id, 'product_type', 'de', items)).json()).toMatchObject({
      message: 'error.internationalization.invalidKey',
    });
    expect((await save(admin, 999_999, 'product_type', 'de', items)).statusCode).toBe(404);
    expect(await stored(unitA.id)).toEqual([]);
    expect(await stored(unitB.id)).toEqual([]);
  });

  it('refuses every bad item with 400 naming it, and stores nothing', async () => {
    const good = { translationKey: `product_type.${type.id}.keyCodeLabelHcp`, translatedValue: 'Ref.' };
    const cases: [string, string, unknown, string, Record<string, unknown>?][] = [
      ['product_type', 'de', { translationKey: 'product_type.999999.name', translatedValue: 'x' }, 'error.internationalization.invalidKey'],
      // a record id past the column's range names no record (never a database error)
      [
        'product_type',
        'de',
        { translationKey: 'product_type.9999999999.name', translatedValue: 'x' },
        'error.internationalization.invalidKey',
      ],
      [
        'product_type',
        'de',
        { translationKey: `product_type.${type.id}.slug`, translatedValue: 'x' },
        'error.internationalization.invalidKey',
      ],
      [
        'product_type',
        'de',
        { translationKey: `product_remark.${remark.id}.content`, translatedValue: 'x' },
        'error.internationalization.invalidKey',
      ],
      ['product_type', 'de', { translationKey: 'nonsense', translatedValue: 'x' }, 'error.internationalization.invalidKey'],
      [
        'product_type',
        'de',
        { translationKey: nameKey(), translatedValue: 'x'.repeat(51) },
        'error.internationalization.translatedValueTooLong',
        { max: 50 },
      ],
      [
        'product_type',
        'de',
        { translationKey: nameKey(), translatedValue: 'x', dictionary: true },
        'error.internationalization.dictionaryNotUpdatable',
      ],
      ['product_type', 'de', { translationKey: nameKey(), translatedValue: 'a\u202Eb' }, 'error.validation'],
      ['product_type', 'en', good, 'error.internationalization.dictionaryNotUpdatable'],
      ['product_type', 'it', good, 'error.internationalization.languageNotAvailable'],
      [
        'interface_region',
        'de',
        { translationKey: 'interface_region.1.name', translatedValue: 'x' },
        'error.internationalization.invalidKey',
      ],
    ];
    for (const [entity, lang, bad, message, params] of cases) {
      const res = await save(translator, unitA.id, entity, lang, lang === 'de' ? [good, bad] : [good]);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json(), JSON.stringify(bad)).toMatchObject({ message, ...(params ? { params } : {}) });
    }
    const dup = await save(translator, unitA.id, 'product_type', 'de', [good, good]);
    expect(dup.json()).toMatchObject({ message: 'error.duplicate', params: { index: 1 } });
    const tooLong = await save(translator, unitA.id, 'product_type', 'de', [
      good,
      { translationKey: nameKey(), translatedValue: 'y'.repeat(60) },
    ]);
    expect(tooLong.json().fieldErrors, 'the second item is named').toBeDefined();
    expect(tooLong.json().fieldErrors).toEqual([
      { objectName: 'internationalization', field: 'internationalizations[1].translatedValue', message: 'Size' },
    ]);
    expect(await stored(unitA.id)).toEqual([]);
  });

  it('saves, lists beside the English source, updates, removes an empty value and audits', async () => {
    const res = await save(translator, unitA.id, 'product_type', 'de', [
      { translationKey: nameKey(), translatedValue: '  Katheter ' },
      { translationKey: `product_type.${type.id}.keyCodeLabelHcp`, translatedValue: '' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      internationalizations: [{ translationKey: nameKey(), interfaceLanguageISO: 'de', translatedValue: 'Katheter' }],
      removed: 0,
    });
    const list = await translator({ method: 'GET', url: url(unitA.id, 'product_type', 'de') });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.items.map((i: { translationKey: string }) => i.translationKey)).toEqual([
      `product_type.${type.id}.keyCodeLabelHcp`,
      nameKey(),
    ]);
    expect(body.items[1]).toMatchObject({
      sourceValue: 'Catheter',
      translatedValue: 'Katheter',
      label: 'Catheter',
      maxLength: 50,
      dictionary: false,
    });
    expect(body.items[0]).toMatchObject({ sourceValue: 'Ref', translatedValue: null });
    expect(body.counts).toEqual([
      { interfaceLanguageISO: 'de', total: 2, translated: 1, missing: 1 },
      { interfaceLanguageISO: 'fr', total: 2, translated: 0, missing: 2 },
    ]);
    const missing = (await translator({ method: 'GET', url: `${url(unitA.id, 'product_type', 'de')}&missing=true` })).json();
    expect(missing.items.map((i: { translationKey: string }) => i.translationKey)).toEqual([`product_type.${type.id}.keyCodeLabelHcp`]);

    await save(translator, unitA.id, 'product_type', 'de', [{ translationKey: nameKey(), translatedValue: 'Katheter 2' }]);
    const cleared = await save(translator, unitA.id, 'product_type', 'de', [{ translationKey: nameKey(), translatedValue: null }]);
    expect(cleared.json()).toEqual({ internationalizations: [], removed: 1 });
    expect(await stored(unitA.id)).toEqual([]);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityName, 'internationalization'), eq(auditLog.businessUnitId, unitA.id)))
      .orderBy(desc(auditLog.id));
    expect(audits.map((a) => a.action)).toEqual(['UPDATE', 'UPDATE', 'UPDATE']);
    expect(audits[0].changes).toMatchObject({ translations: { [nameKey()]: { from: 'Katheter 2', to: null } } });
  });

  it('round-trips attribute definitions and sanitised rich-text remark content', async () => {
    const defKey = `product_type_attribute_definition.${type.definitions[0].id}.name`;
    expect(
      (await save(translator, unitA.id, 'product_type_attribute_definition', 'fr', [{ translationKey: defKey, translatedValue: 'Taille' }]))
        .statusCode,
    ).toBe(200);
    const contentKey = `product_remark.${remark.id}.content`;
    const res = await save(translator, unitA.id, 'product_remark', 'fr', [
      { translationKey: contentKey, translatedValue: '<p onclick="x()">Garder au sec<script>alert(1)</script></p>' },
    ]);
    expect(res.statusCode).toBe(200);
    const list = (await translator({ method: 'GET', url: url(unitA.id, 'product_remark', 'fr') })).json();
    expect(list.items[0]).toMatchObject({
      translationKey: contentKey,
      richText: true,
      sourceValue: '<p>Keep dry</p>',
      translatedValue: '<p>Garder au sec</p>',
    });
    const defs = (await translator({ method: 'GET', url: url(unitA.id, 'product_type_attribute_definition', 'fr') })).json();
    expect(defs.items[0]).toMatchObject({ label: 'Catheter › Size', translatedValue: 'Taille' });
    // blank rich text is empty: nothing stored
    await save(translator, unitA.id, 'product_remark', 'fr', [{ translationKey: contentKey, translatedValue: '<p> </p>' }]);
    expect((await translator({ method: 'GET', url: url(unitA.id, 'product_remark', 'fr') })).json().items[0].translatedValue).toBeNull();
  });
});

describe('GET /api/internationalizations', () => {
  it('answers 401, 403, 400 for a bad query, pages, sorts and searches', async () => {
    expect((await as(ctx.app, undefined)({ method: 'GET', url: url(unitA.id, 'product_type', 'de') })).statusCode).toBe(401);
    expect((await nobody({ method: 'GET', url: url(unitA.id, 'product_type', 'de') })).statusCode).toBe(403);
    expect((await elsewhere({ method: 'GET', url: url(unitA.id, 'product_type', 'de') })).statusCode).toBe(403);
    expect((await translator({ method: 'GET', url: `${url(unitA.id, 'product_type', 'de')}&sort=id,asc` })).statusCode).toBe(400);
    expect((await translator({ method: 'GET', url: url(unitA.id, 'product_type', 'it') })).json().message).toBe(
      'error.internationalization.languageNotAvailable',
    );
    const all = (
      await translator({ method: 'GET', url: `/api/internationalizations?business-unit=${unitA.id}&size=2&sort=translationKey,desc` })
    ).json();
    expect(all.pageable).toMatchObject({ pageSize: 2, totalElements: 4 * 2 });
    expect(all.items[0].translationKey).toBe(`product_type_attribute_definition.${type.definitions[0].id}.name`);
    const found = (
      await translator({ method: 'GET', url: `/api/internationalizations?business-unit=${unitA.id}&interfaceLanguageISO=de&search=SIZE` })
    ).json();
    expect(found.items.map((i: { field: string; entityName: string }) => i.entityName)).toEqual(['product_type_attribute_definition']);
    const dictionary = (await translator({ method: 'GET', url: url(unitA.id, 'product_type', 'en') })).json();
    expect(
      dictionary.items.every(
        (i: { dictionary: boolean; translatedValue: string; sourceValue: string }) => i.dictionary && i.translatedValue === i.sourceValue,
      ),
    ).toBe(true);
  });

  it('does not keep translations of deleted records (type, its definitions by cascade, remark)', async () => {
    const gone = await makeProductType(ctx.db, unitA.id, { name: 'Gone' }, [{ name: 'Colour' }]);
    const goneRemark = await makeProductRemark(ctx.db, unitA.id, { name: 'Gone remark', content: '<p>x</p>' });
    await save(translator, unitA.id, 'product_type', 'de', [{ translationKey: `product_type.${gone.id}.name`, translatedValue: 'Weg' }]);
    await save(translator, unitA.id, 'product_type_attribute_definition', 'de', [
      { translationKey: `product_type_attribute_definition.${gone.definitions[0].id}.name`, translatedValue: 'Farbe' },
    ]);
    await save(translator, unitA.id, 'product_remark', 'de', [
      { translationKey: `product_remark.${goneRemark.id}.content`, translatedValue: '<p>y</p>' },
    ]);
    const ofGone = async () =>
      (await stored(unitA.id)).filter(
        (r) => [gone.id, gone.definitions[0].id, goneRemark.id].includes(r.entityId) && r.interfaceLanguageIso === 'de',
      );
    expect(await ofGone()).toHaveLength(3);
    await ctx.db.delete(productType).where(eq(productType.id, gone.id));
    await ctx.db.delete(productRemark).where(eq(productRemark.id, goneRemark.id));
    expect(await ctx.db.select().from(attributeDefinition).where(eq(attributeDefinition.productTypeId, gone.id))).toEqual([]);
    expect(await ofGone()).toEqual([]);
  });
});

describe('POST /api/internationalizations/rtf', () => {
  const rtf = (c: ReturnType<typeof as>, key: string, lang: string, data: Buffer, type = 'text/html') =>
    c({
      method: 'POST',
      url: `/api/internationalizations/rtf?business-unit=${unitA.id}&entityName=product_remark&translationKey=${key}&interfaceLanguageISO=${lang}`,
      ...multipart('file', 'remark.html', type, data),
    });

  it('stores the original and its sanitised HTML as the translation; refuses plain fields, bad languages and other types', async () => {
    const key = `product_remark.${remark.id}.content`;
    expect((await rtf(as(ctx.app, undefined), key, 'de', Buffer.from('<p>x</p>'))).statusCode).toBe(401);
    expect((await rtf(elsewhere, key, 'de', Buffer.from('<p>x</p>'))).statusCode).toBe(403);
    expect((await rtf(translator, `product_remark.${remark.id}.name`, 'de', Buffer.from('<p>x</p>'))).json().message).toBe(
      'error.internationalization.invalidKey',
    );
    expect((await rtf(translator, key, 'en', Buffer.from('<p>x</p>'))).json().message).toBe(
      'error.internationalization.dictionaryNotUpdatable',
    );
    expect((await rtf(translator, key, 'de', Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'image/png')).statusCode).toBe(415);
    expect((await stored(unitA.id)).filter((r) => r.translationKey === key && r.interfaceLanguageIso === 'de')).toEqual([]);

    const res = await rtf(translator, key, 'de', Buffer.from('<p>Trocken <img src=x onerror=alert(1)>lagern</p><script>x</script>'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ translationKey: key, interfaceLanguageISO: 'de', translatedValue: '<p>Trocken lagern</p>' });
    // the success message names the language, not its code (decision 0051)
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.internationalization.saved');
    expect(decodeURIComponent(String(res.headers['x-vellum-params']))).toBe('German');
    expect(await ctx.app.deps.files.get(body.cloudStorageObjectKey)).toBeTruthy();
    const list = (await translator({ method: 'GET', url: url(unitA.id, 'product_remark', 'de') })).json();
    expect(list.items[0]).toMatchObject({ translatedValue: '<p>Trocken lagern</p>', cloudStorageObjectKey: body.cloudStorageObjectKey });
  });
});
