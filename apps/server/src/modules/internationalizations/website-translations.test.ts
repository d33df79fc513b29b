import { type AccessRight, WEBSITE_TEXT_KEYS } from '@vellum/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, businessUnit, websiteTranslation } from '../../db/schema/index.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';

let ctx: TestContext;
let unitA: { id: number };
let unitB: { id: number };
let translator: ReturnType<typeof as>;
let manufacturerTranslator: ReturnType<typeof as>;
let nobody: ReturnType<typeof as>;

const client = async (rights: AccessRight[], units: number[] | 'all') =>
  as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, rights, units)).id));

beforeAll(async () => {
  ctx = await createTestContext();
  unitA = await makeBusinessUnit(ctx.db, { interfaceLanguages: ['en', 'de', 'nl'] });
  unitB = await makeBusinessUnit(ctx.db, { interfaceLanguages: ['en', 'fr'] });
  translator = await client(['TRANSLATION'], [unitA.id]);
  manufacturerTranslator = await client(['TRANSLATION'], [0]);
  nobody = await client(['LAYOUT_MANAGE'], [unitA.id, 0]);
});
afterAll(() => ctx.close());

const url = (unit: number, lang: string) => `/api/website-translations?business-unit=${unit}&interfaceLanguageISO=${lang}`;
const save = (c: ReturnType<typeof as>, unit: number, lang: string, translations: unknown[]) =>
  c({ method: 'POST', url: url(unit, lang), payload: { translations } });
const effective = async (unit: number, lang: string) =>
  (
    await translator({ method: 'GET', url: `/api/website-translations/effective?business-unit=${unit}&interfaceLanguageISO=${lang}` })
  ).json();
const overrides = (unit: number) => ctx.db.select().from(websiteTranslation).where(eq(websiteTranslation.businessUnitId, unit));

describe('website translations', () => {
  it('answers 401, 403 without the right, in another unit or manufacturer-wide without unit 0, 404 for no unit', async () => {
    const items = [{ translationKey: 'country.choose', translatedValue: 'Land wählen' }];
    expect((await save(as(ctx.app, undefined), unitA.id, 'de', items)).statusCode).toBe(401);
    expect((await save(nobody, unitA.id, 'de', items)).statusCode).toBe(403);
    expect((await save(translator, unitB.id, 'fr', items)).statusCode).toBe(403);
    expect((await save(translator, 0, 'de', items)).statusCode).toBe(403);
    expect((await manufacturerTranslator({ method: 'GET', url: url(unitA.id, 'de') })).statusCode).toBe(403);
    const admin = await client(['TRANSLATION'], 'all');
    expect((await save(admin, 999_999, 'de', items)).statusCode).toBe(404);
    expect(await overrides(unitA.id)).toEqual([]);
  });

  it('refuses unknown keys, too long values, the dictionary and other languages with 400, storing nothing', async () => {
    const good = { translationKey: 'country.choose', translatedValue: 'Land wählen' };
    const cases: [string, unknown, string][] = [
      ['de', { translationKey: 'no.such.text', translatedValue: 'x' }, 'error.internationalization.invalidKey'],
      ['de', { translationKey: 'search.submit', translatedValue: 'x'.repeat(21) }, 'error.internationalization.translatedValueTooLong'],
      [
        'de',
        { translationKey: 'search.submit', translatedValue: 'x', dictionary: true },
        'error.internationalization.dictionaryNotUpdatable',
      ],
      ['de', { translationKey: 'search.submit', translatedValue: 'a\nb' }, 'error.validation'],
      ['fr', { translationKey: 'search.submit', translatedValue: 'x' }, 'error.internationalization.languageNotAvailable'],
    ];
    for (const [lang, bad, message] of cases) {
      const res = await save(translator, unitA.id, lang, [good, bad]);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json(), JSON.stringify(bad)).toMatchObject({ message });
    }
    expect(
      (await save(translator, unitA.id, 'de', [{ translationKey: 'search.submit', translatedValue: 'x'.repeat(21) }])).json().params,
    ).toEqual({
      index: 0,
      translationKey: 'search.submit',
      max: 20,
    });
    expect(await overrides(unitA.id)).toEqual([]);
  });

  it('inherits: unit → manufacturer → English (unit, manufacturer) → default; empty removes an override', async () => {
    expect((await effective(unitA.id, 'de'))['country.choose']).toBe('Choose your country');
    // the manufacturer may set any language some unit shows its website in
    expect(
      (await save(manufacturerTranslator, 0, 'de', [{ translationKey: 'country.choose', translatedValue: 'Wählen Sie Ihr Land' }]))
        .statusCode,
    ).toBe(200);
    expect(
      (await save(manufacturerTranslator, 0, 'fr', [{ translationKey: 'country.choose', translatedValue: 'Choisissez votre pays' }]))
        .statusCode,
    ).toBe(200);
    expect((await save(manufacturerTranslator, 0, 'it', [{ translationKey: 'country.choose', translatedValue: 'x' }])).statusCode).toBe(
      400,
    );
    expect((await save(manufacturerTranslator, 0, 'en', [{ translationKey: 'search.submit', translatedValue: 'Find' }])).statusCode).toBe(
      200,
    );
    let de = await effective(unitA.id, 'de');
    expect(de['country.choose']).toBe('Wählen Sie Ihr Land');
    expect(de['search.submit']).toBe('Find');
    expect((await effective(unitA.id, 'en'))['search.submit']).toBe('Find');

    expect((await save(translator, unitA.id, 'de', [{ translationKey: 'country.choose', translatedValue: 'Land' }])).statusCode).toBe(200);
    expect((await save(translator, unitA.id, 'en', [{ translationKey: 'search.submit', translatedValue: 'Go' }])).statusCode).toBe(200);
    de = await effective(unitA.id, 'de');
    expect(de['country.choose']).toBe('Land');
    expect(de['search.submit']).toBe('Go');
    expect(Object.keys(de)).toEqual(WEBSITE_TEXT_KEYS);

    const list = (await translator({ method: 'GET', url: `${url(unitA.id, 'de')}&search=country.choose` })).json();
    expect(list.items[0]).toMatchObject({
      translationKey: 'country.choose',
      sourceValue: 'Choose your country',
      translatedValue: 'Land',
      inheritedValue: 'Wählen Sie Ihr Land',
      inheritedFrom: 'MANUFACTURER',
    });
    const total = WEBSITE_TEXT_KEYS.length;
    expect(list.counts).toEqual([
      { interfaceLanguageISO: 'de', total, translated: 1, missing: total - 1 },
      { interfaceLanguageISO: 'nl', total, translated: 0, missing: total },
    ]);
    const missing = (await translator({ method: 'GET', url: `${url(unitA.id, 'de')}&missing=true&size=2000` })).json();
    expect(missing.pageable.totalElements).toBe(total - 1);
    expect(missing.items.find((i: { translationKey: string }) => i.translationKey === 'search.submit')).toMatchObject({
      inheritedValue: 'Go',
      inheritedFrom: 'ENGLISH',
    });
    const sorted = (await translator({ method: 'GET', url: url(unitA.id, 'nl') })).json();
    const keys = sorted.items.map((i: { translationKey: string }) => i.translationKey.toLowerCase());
    expect(keys).toEqual([...keys].sort());
    expect(sorted.pageable).toMatchObject({ pageSize: 20, totalElements: total });

    const removed = await save(translator, unitA.id, 'de', [{ translationKey: 'country.choose', translatedValue: '' }]);
    expect(removed.json()).toEqual({ translations: [], removed: 1 });
    expect((await effective(unitA.id, 'de'))['country.choose']).toBe('Wählen Sie Ihr Land');
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityName, 'website-translation'), eq(auditLog.businessUnitId, unitA.id)));
    expect(audits).toHaveLength(3);
  });

  it('removes a unit’s overrides with the unit', async () => {
    const unit = await makeBusinessUnit(ctx.db, { interfaceLanguages: ['en', 'de'] });
    const admin = await client(['TRANSLATION'], 'all');
    await save(admin, unit.id, 'de', [{ translationKey: 'navigation.back', translatedValue: 'Zurück' }]);
    expect(await overrides(unit.id)).toHaveLength(1);
    await ctx.db.delete(businessUnit).where(eq(businessUnit.id, unit.id));
    expect(await overrides(unit.id)).toEqual([]);
  });
});
