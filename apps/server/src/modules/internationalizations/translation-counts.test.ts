import { DICTIONARY_LANGUAGE, type InternationalizationRow, TRANSLATABLE_ENTITIES, translationKeyOf } from '@vellum/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessUnit, internationalization, internationalizationCount, productRemark, productType } from '../../db/schema/index.js';
import { makeProductRemark, makeProductType } from '../../factories/catalogue-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { translatableEntities } from './translatable-entities.js';
import { pageRows } from './translation-rules.js';
import { translationsOf } from './translations.repo.js';

/*
 * The list's counts come from kept counts (decision 0089) and its page from SQL: both must answer
 * what reading every record and translation answered (the list before, rebuilt below in memory).
 */

let ctx: TestContext;
let unit: { id: number };
let translator: ReturnType<typeof as>;
let types: Awaited<ReturnType<typeof makeProductType>>[];

beforeAll(async () => {
  ctx = await createTestContext();
  unit = await makeBusinessUnit(ctx.db, { interfaceLanguages: ['en', 'de', 'fr'] });
  translator = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['TRANSLATION'], [unit.id])).id));
  // names that sort differently by case and by code point, one label empty, one a null value
  const names = ['catheter', 'Balloon', 'stent', 'Électrode', 'ablation', 'Zeta'];
  types = [];
  for (const [i, name] of names.entries())
    types.push(await makeProductType(ctx.db, unit.id, { name, keyCodeLabelHcp: i === 2 ? '' : `REF ${name}` }, [{ name: `Size ${i}` }]));
  await makeProductRemark(ctx.db, unit.id, { name: 'Sterile', content: '<p>Keep dry</p>' });
  const save = (language: string, entityName: string, items: { translationKey: string; translatedValue: string }[]) =>
    translator({
      method: 'POST',
      url: `/api/internationalizations?business-unit=${unit.id}&entityName=${entityName}&interfaceLanguageISO=${language}`,
      payload: { internationalizations: items },
    });
  for (const [language, every] of [
    ['de', 1],
    ['fr', 2],
  ] as const) {
    const items = types
      .filter((_, i) => i % every === 0)
      .flatMap((t) => [
        { translationKey: translationKeyOf('product_type', t.id, 'name'), translatedValue: `${t.name} ${language}` },
        { translationKey: translationKeyOf('product_type', t.id, 'keyCodeLabelHcp'), translatedValue: `Réf ${t.id} ${language}` },
      ]);
    expect((await save(language, 'product_type', items.slice(0, language === 'de' ? -1 : undefined))).statusCode).toBe(200);
  }
  const defs = types.map((t) => ({
    translationKey: translationKeyOf('product_type_attribute_definition', t.definitions[0].id, 'name'),
    translatedValue: `Grösse ${t.id}`,
  }));
  expect((await save('de', 'product_type_attribute_definition', defs.slice(0, 3))).statusCode).toBe(200);
});
afterAll(() => ctx.close());

interface Listed {
  items: InternationalizationRow[];
  pageable: { totalElements: number };
  counts: { interfaceLanguageISO: string; total: number; translated: number; missing: number }[];
}

const list = async (query: string): Promise<Listed> => {
  const res = await translator({ method: 'GET', url: `/api/internationalizations?business-unit=${unit.id}&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** The list as it was built before: every record's English values and every translation, paged in memory. */
async function expected(q: {
  entityName?: string;
  language?: string;
  missing?: boolean;
  search?: string;
  sort?: string;
  page?: number;
  size?: number;
}) {
  const [row] = await ctx.db.select().from(businessUnit).where(eq(businessUnit.id, unit.id));
  const translated = row.interfaceLanguages.filter((l) => l !== DICTIONARY_LANGUAGE);
  const languages = q.language ? [q.language] : translated;
  const entities = translatableEntities().filter((e) => !q.entityName || e.entityName === q.entityName);
  const keys: Omit<InternationalizationRow, 'interfaceLanguageISO' | 'translatedValue' | 'cloudStorageObjectKey' | 'dictionary'>[] = [];
  for (const entity of entities)
    for (const source of await entity.sources(ctx.db, unit.id))
      for (const [field, rule] of Object.entries(entity.fields)) {
        const value = source.values[field];
        if (!value) continue;
        const translationKey = translationKeyOf(entity.entityName, source.id, field);
        keys.push({
          translationKey,
          entityName: entity.entityName,
          entityId: source.id,
          field,
          label: source.label,
          richText: rule.richText ?? false,
          maxLength: rule.maxLength,
          sourceValue: value,
        });
      }
  const stored = await translationsOf(ctx.db, unit.id, [...TRANSLATABLE_ENTITIES], translated);
  const byKey = new Map(stored.map((s) => [`${s.interfaceLanguageIso}|${s.translationKey}`, s]));
  const counts = translated.map((language) => {
    const n = keys.filter((k) => byKey.has(`${language}|${k.translationKey}`)).length;
    return { interfaceLanguageISO: language, total: keys.length, translated: n, missing: keys.length - n };
  });
  const rows: InternationalizationRow[] = [];
  for (const language of languages) {
    const dictionary = language === DICTIONARY_LANGUAGE;
    for (const k of keys) {
      const t = dictionary ? undefined : byKey.get(`${language}|${k.translationKey}`);
      if (q.missing && (dictionary || t)) continue;
      rows.push({
        ...k,
        interfaceLanguageISO: language,
        translatedValue: dictionary ? k.sourceValue : (t?.translatedValue ?? null),
        cloudStorageObjectKey: t?.cloudStorageObjectKey ?? null,
        dictionary,
      });
    }
  }
  const page = pageRows(rows, {
    page: q.page ?? 0,
    size: q.size ?? 20,
    sort: q.sort ?? 'translationKey,asc',
    search: q.search,
    missing: q.missing ?? false,
  });
  return { items: page.items, totalElements: page.pageable.totalElements, counts };
}

const queryOf = (q: Parameters<typeof expected>[0]) =>
  [
    q.entityName && `entityName=${q.entityName}`,
    q.language && `interfaceLanguageISO=${q.language}`,
    q.missing && 'missing=true',
    q.search && `search=${encodeURIComponent(q.search)}`,
    q.sort && `sort=${q.sort}`,
    q.page !== undefined && `page=${q.page}`,
    q.size !== undefined && `size=${q.size}`,
  ]
    .filter(Boolean)
    .join('&');

async function expectSameAsInMemory(q: Parameters<typeof expected>[0]) {
  const want = await expected(q);
  const got = await list(queryOf(q));
  expect(got.items, queryOf(q)).toEqual(want.items);
  expect(got.pageable.totalElements, queryOf(q)).toBe(want.totalElements);
  expect(got.counts, queryOf(q)).toEqual(want.counts);
}

/** The kept counts equal a count of the rows themselves. */
async function expectKeptCountsExact() {
  const kept = await ctx.db.execute(sql`
    SELECT coalesce(c.n, 0) AS kept, coalesce(r.n, 0) AS counted FROM
      (SELECT business_unit_id, entity_name, field, interface_language_iso, translations AS n FROM ${internationalizationCount}) c
      FULL JOIN (SELECT business_unit_id, entity_name, field, interface_language_iso, count(*)::int AS n FROM ${internationalization}
                 GROUP BY 1, 2, 3, 4) r USING (business_unit_id, entity_name, field, interface_language_iso)
    WHERE coalesce(c.n, 0) <> coalesce(r.n, 0)`);
  expect((kept as unknown as { rows: unknown[] }).rows).toEqual([]);
}

describe('GET /api/internationalizations in SQL', () => {
  it('pages, sorts, searches and filters as reading every record and translation did', async () => {
    const cases: Parameters<typeof expected>[0][] = [
      { entityName: 'product_type', language: 'de' },
      { entityName: 'product_type', language: 'fr', missing: true },
      { entityName: 'product_type', language: 'de', sort: 'sourceValue,asc', size: 5, page: 1 },
      { entityName: 'product_type', language: 'fr', sort: 'translatedValue,desc', size: 4, page: 2 },
      { entityName: 'product_type', language: 'en', sort: 'translatedValue,asc' },
      { entityName: 'product_type', language: 'en', missing: true },
      { language: 'de', search: 'ré' },
      { search: 'SIZE', sort: 'sourceValue,desc' },
      { sort: 'translationKey,desc', size: 7, page: 3 },
      { sort: 'sourceValue,desc', size: 5, page: 3 },
      { entityName: 'product_type', size: 3, page: 5 },
      { entityName: 'product_type', sort: 'translatedValue,asc', missing: true, size: 4, page: 1 },
      { missing: true, size: 3, page: 1 },
      { entityName: 'product_type', language: 'de', page: 50 },
      { entityName: 'product_type', missing: true, search: 'ref', page: 9, size: 2 },
      { entityName: 'interface_region', language: 'de' },
    ];
    for (const q of cases) await expectSameAsInMemory(q);
    await expectKeptCountsExact();
  });

  it('counts exactly when a record is deleted, an English value emptied and refilled, a language added', async () => {
    const before = (await list('entityName=product_type&interfaceLanguageISO=de')).counts;
    expect(before).toEqual([
      { interfaceLanguageISO: 'de', total: 11, translated: 10, missing: 1 },
      { interfaceLanguageISO: 'fr', total: 11, translated: 5, missing: 6 },
    ]);
    // a type deleted: its translations go with it (decision 0024), and so do its counts
    await ctx.db.delete(productType).where(eq(productType.id, types[0].id));
    await expectSameAsInMemory({ entityName: 'product_type', language: 'fr' });
    expect((await list('entityName=product_type')).counts[1]).toEqual({ interfaceLanguageISO: 'fr', total: 9, translated: 3, missing: 6 });
    // an English value emptied: the translation stays but is no longer a key, nor counted
    await ctx.db.update(productType).set({ keyCodeLabelHcp: null }).where(eq(productType.id, types[4].id));
    await ctx.db.update(productType).set({ name: '' }).where(eq(productType.id, types[1].id));
    await expectSameAsInMemory({ entityName: 'product_type', language: 'de' });
    expect((await list('entityName=product_type')).counts).toEqual([
      { interfaceLanguageISO: 'de', total: 7, translated: 6, missing: 1 },
      { interfaceLanguageISO: 'fr', total: 7, translated: 2, missing: 5 },
    ]);
    // refilled: the kept translation counts again
    await ctx.db.update(productType).set({ keyCodeLabelHcp: 'REF again' }).where(eq(productType.id, types[4].id));
    expect((await list('entityName=product_type')).counts[1]).toEqual({ interfaceLanguageISO: 'fr', total: 8, translated: 3, missing: 5 });
    // a language added to the unit: nothing translated yet
    await ctx.db
      .update(businessUnit)
      .set({ interfaceLanguages: ['en', 'de', 'fr', 'it'] })
      .where(eq(businessUnit.id, unit.id));
    expect((await list('entityName=product_type')).counts[2]).toEqual({ interfaceLanguageISO: 'it', total: 8, translated: 0, missing: 8 });
    await expectSameAsInMemory({});
    await expectSameAsInMemory({ missing: true, sort: 'sourceValue,asc', size: 50 });
    // every record type, a remark deleted with its (absent) translations
    await ctx.db.delete(productRemark).where(eq(productRemark.businessUnitId, unit.id));
    await expectSameAsInMemory({ sort: 'translatedValue,asc', size: 100 });
    await expectKeptCountsExact();
  });

  it('keeps the counts through updates, removals and the unit going', async () => {
    const key = translationKeyOf('product_type', types[3].id, 'name');
    const save = (translatedValue: string | null) =>
      translator({
        method: 'POST',
        url: `/api/internationalizations?business-unit=${unit.id}&entityName=product_type&interfaceLanguageISO=de`,
        payload: { internationalizations: [{ translationKey: key, translatedValue }] },
      });
    expect((await save('Elektrode')).statusCode).toBe(200);
    expect((await save('Elektrode 2')).statusCode).toBe(200);
    await expectKeptCountsExact();
    expect((await save(null)).json()).toMatchObject({ removed: 1 });
    await expectKeptCountsExact();
    await expectSameAsInMemory({ entityName: 'product_type', language: 'de' });
    // the unit deleted (its catalogue first: it keeps the unit) with a translation left: the counts go with it
    await ctx.db.delete(productType).where(eq(productType.businessUnitId, unit.id));
    await ctx.db.insert(internationalization).values({
      businessUnitId: unit.id,
      entityName: 'interface_region',
      entityId: 1,
      field: 'name',
      translationKey: 'interface_region.1.name',
      interfaceLanguageIso: 'de',
      translatedValue: 'Europa',
    });
    await expectKeptCountsExact();
    await ctx.db.delete(businessUnit).where(eq(businessUnit.id, unit.id));
    expect(await ctx.db.select().from(internationalizationCount).where(eq(internationalizationCount.businessUnitId, unit.id))).toEqual([]);
    await expectKeptCountsExact();
  });
});
