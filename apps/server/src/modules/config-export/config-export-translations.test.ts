import { createHash } from 'node:crypto';
import { CONFIG_PARTS, ConfigExportErrorKeys, RegionLanguageErrorKeys, TranslationErrorKeys } from '@vellum/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, role } from '../../db/schema/index.js';
import { makeProductRemark, makeProductType } from '../../factories/catalogue-factories.js';
import { makeDocumentAttribute, makeDocumentType } from '../../factories/document-factories.js';
import { makeBusinessUnit, makeSuperAdmin, makeUserWithRights } from '../../factories/organisation-factories.js';
import type { Deps } from '../../platform/deps.js';
import { tinyPng } from '../../platform/images.fixtures.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { saveInternationalizations } from '../internationalizations/internationalizations.service.js';
import { saveTranslationDocument } from '../internationalizations/translations-transfer.service.js';
import { createLanguageGroup } from '../languages/language-groups.service.js';
import { putUnitLanguages } from '../languages/languages.service.js';
import { createRegion } from '../regions/regions.service.js';
import { replaceContentBlocks } from '../website-layout/content-blocks.service.js';
import { replaceFooterItems } from '../website-layout/footer-items.service.js';
import {
  documentOf,
  entriesOf,
  expectSameExport,
  exportZip,
  inEmptyInstance,
  partOf,
  preview,
  upload,
  volatile,
  zipOf,
} from './config-export.fixtures.js';

/**
 * Language groups and the translations of records (decision 0078): out and back in the same by
 * natural keys (never the record ids the translations are stored under), a rich-text translation's
 * original beside them as a binary; applied through the groups' and the translations' own services,
 * the whole import rolled back when one of them refuses or a translation names a record this
 * instance does not hold.
 */

let ctx: TestContext;
let admin: ReturnType<typeof as>;
let exporter: ReturnType<typeof as>;
let unit: string;
type Doc = Record<string, unknown>;
type Binary = { path: string; mediaType: string; size: number; sha256: string };
type Item = Record<string, unknown> & { original?: Binary };
const seed = { userId: null, login: 'seed' };
const ALL = `/api/config-export/apply?parts=${CONFIG_PARTS.join(',')}`;
const ORIGINAL = '<h2>Über Herzschrittmacher</h2><p onclick="x()">Für <strong>Ärzte</strong></p><script>alert(1)</script>';
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Every translation original the store holds. */
async function originals(deps: Deps): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of deps.files.list('internationalizations/')) keys.push(o.key);
  return keys.sort();
}

beforeAll(async () => {
  ctx = await createTestContext();
  const deps = ctx.app.deps;
  const row = await makeBusinessUnit(ctx.db, {
    displayName: 'Cardiology',
    interfaceLanguages: ['de', 'en'],
    documentLanguages: ['de', 'en', 'fr'],
  });
  unit = row.slug;
  const type = await makeProductType(ctx.db, row.id, { name: 'Pacemakers', slug: 'pacemakers', keyCodeLabelHcp: 'Ref' }, [
    { name: 'Model', slug: 'model' },
  ]);
  const documentType = await makeDocumentType(ctx.db, row.id, { name: 'Manual', sortNumber: 10 });
  const attribute = await makeDocumentAttribute(ctx.db, row.id, { name: 'Lot', slug: 'lot' });
  const region = await createRegion(deps, seed, 'INTERFACE', { businessUnitId: row.id, name: 'Europe', countryIds: ['DE', 'FR'] });
  const [footer] = await replaceFooterItems(deps, seed, row.id, [
    { businessUnitId: row.id, text: 'Imprint', publicUrl: 'https://example.org/imprint', visualizationOrder: 1 },
  ]);
  const blocks = await replaceContentBlocks(deps, seed, row.id, [
    { businessUnitId: row.id, type: 'PRODUCT_TYPE_HEADER', productTypeId: type.id, hcp: true, patient: false, content: '<p>About</p>' },
    { businessUnitId: row.id, type: 'PRODUCT_TYPE_FOOTER', productTypeId: null, hcp: true, patient: false, content: '<p>Below</p>' },
  ]);
  const remark = await makeProductRemark(ctx.db, row.id, { name: 'Sterile', content: '<p>Keep dry</p>' });
  await createLanguageGroup(deps, seed, { businessUnitId: row.id, name: 'Western', documentLanguageIds: ['fr', 'de'] });
  await putUnitLanguages(deps, seed, 'document', 0, ['en', 'it']);
  await createLanguageGroup(deps, seed, { businessUnitId: 0, name: 'Southern', documentLanguageIds: ['it'] });

  const translate = (entityName: string, key: string, value: string) =>
    saveInternationalizations(
      deps,
      seed,
      { 'business-unit': row.id, entityName: entityName as 'product_type', interfaceLanguageISO: 'de' },
      { internationalizations: [{ translationKey: key, translatedValue: value }] },
    );
  await translate('interface_region', `interface_region.${region.id}.name`, 'Europa');
  await translate('footer_item', `footer_item.${footer.id}.text`, 'Impressum');
  await translate('document_type', `document_type.${documentType.id}.name`, 'Handbuch');
  await translate('document_attribute_definition', `document_attribute_definition.${attribute.id}.name`, 'Charge');
  await translate('product_type', `product_type.${type.id}.name`, 'Herzschrittmacher');
  await translate('product_type', `product_type.${type.id}.keyCodeLabelHcp`, 'Ref.');
  await translate('product_type_attribute_definition', `product_type_attribute_definition.${type.definitions[0].id}.name`, 'Modell');
  const blockOf = (type: string) => blocks.find((b) => b.type === type)?.id;
  await translate('content_block', `content_block.${blockOf('PRODUCT_TYPE_FOOTER')}.content`, '<p>Unten</p>');
  await translate('product_remark', `product_remark.${remark.id}.content`, '<p>Trocken lagern</p>');
  // a rich-text translation uploaded as a document: its original kept, its sanitised HTML the translation
  await saveTranslationDocument(
    deps,
    seed,
    {
      'business-unit': row.id,
      entityName: 'content_block',
      translationKey: `content_block.${blockOf('PRODUCT_TYPE_HEADER')}.content`,
      interfaceLanguageISO: 'de',
    },
    Buffer.from(ORIGINAL),
    'html',
  );
  // a manufacturer-wide (unit 0) region, translated at unit 0
  await putUnitLanguages(deps, seed, 'interface', 0, ['en', 'nl']);
  const global = await createRegion(deps, seed, 'INTERFACE', { businessUnitId: 0, name: 'Benelux', countryIds: ['BE', 'NL'] });
  await saveInternationalizations(
    deps,
    seed,
    { 'business-unit': 0, entityName: 'interface_region', interfaceLanguageISO: 'nl' },
    { internationalizations: [{ translationKey: `interface_region.${global.id}.name`, translatedValue: 'Lage Landen' }] },
  );
  admin = as(ctx.app, await tokenFor(ctx, (await makeSuperAdmin(ctx.db)).id));
  exporter = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['CONFIG_EXPORT'], [0])).id));
});
afterAll(() => ctx?.close());

const items = (doc: Doc, part: string) => doc[part] as Item[];
const translationOf = (doc: Doc, entityName: string, record: string, field = 'name') =>
  items(doc, 'recordTranslations').find(
    (t) => t.entityName === entityName && t.businessUnit === unit && t.record === record && t.field === field,
  ) as Item;
const richOf = (doc: Doc) => translationOf(doc, 'content_block', 'PRODUCT_TYPE_HEADER/Pacemakers', 'content');
const groupOf = (doc: Doc) => items(doc, 'languageGroups').find((g) => g.businessUnit === unit && g.name === 'Western') as Item;
const key = (t: Item) => `${t.entityName}/${t.businessUnit}/${t.record}/${t.field}/${t.language}`;

/** The instance's export: its document and its binaries by path. */
async function current(): Promise<{ doc: Doc; entries: Map<string, Buffer> }> {
  const zip = await exportZip(admin);
  const entries = await entriesOf(zip);
  entries.delete('config.json');
  return { doc: await documentOf(zip), entries };
}
const zipWith = (doc: Doc, entries: Map<string, Buffer>) => zipOf({ 'config.json': JSON.stringify(doc), ...Object.fromEntries(entries) });
const withItems = (doc: Doc, part: string, change: (item: Item) => Item, added: Item[] = []): Doc => ({
  ...doc,
  [part]: [...items(doc, part).map(change), ...added],
});
/** A rich-text translation whose original is replaced by `bytes` (its entry added to `entries`). */
function withOriginal(doc: Doc, entries: Map<string, Buffer>, bytes: Buffer, over: Partial<Binary> = {}, value?: string): Doc {
  const original = { path: `binaries/${sha256(bytes)}.html`, mediaType: 'text/html', size: bytes.length, sha256: sha256(bytes), ...over };
  entries.set(original.path, bytes);
  const rich = richOf(doc);
  return withItems(doc, 'recordTranslations', (t) => (t === rich ? { ...t, original, value: value ?? t.value } : t));
}

describe('language groups and record translations', () => {
  it('are exported by natural keys, a rich-text original beside them, product remarks left out', async () => {
    const { doc, entries } = await current();
    expect(items(doc, 'languageGroups')).toEqual([
      { businessUnit: 'global', name: 'Southern', documentLanguages: ['it'] },
      { businessUnit: unit, name: 'Western', documentLanguages: ['de', 'fr'] },
    ]);
    const translations = items(doc, 'recordTranslations').filter((t) => t.businessUnit === unit);
    expect(translations.map((t) => [key(t), t.value])).toEqual([
      [`content_block/${unit}/PRODUCT_TYPE_FOOTER/*/content/de`, '<p>Unten</p>'],
      [
        `content_block/${unit}/PRODUCT_TYPE_HEADER/Pacemakers/content/de`,
        '<h2>Über Herzschrittmacher</h2><p>Für <strong>Ärzte</strong></p>',
      ],
      [`document_attribute_definition/${unit}/lot/name/de`, 'Charge'],
      [`document_type/${unit}/Manual/name/de`, 'Handbuch'],
      [`footer_item/${unit}/1/text/de`, 'Impressum'],
      [`interface_region/${unit}/INTERFACE/Europe/name/de`, 'Europa'],
      [`product_type_attribute_definition/${unit}/Pacemakers/model/name/de`, 'Modell'],
      [`product_type/${unit}/Pacemakers/keyCodeLabelHcp/de`, 'Ref.'],
      [`product_type/${unit}/Pacemakers/name/de`, 'Herzschrittmacher'],
    ]);
    expect(items(doc, 'recordTranslations')).toContainEqual({
      entityName: 'interface_region',
      businessUnit: 'global',
      record: 'INTERFACE/Benelux',
      field: 'name',
      language: 'nl',
      value: 'Lage Landen',
    });
    expect(translationOf(doc, 'product_type', 'Pacemakers')).not.toHaveProperty('original');
    const original = richOf(doc).original as Binary;
    expect(original).toMatchObject({ mediaType: 'text/html', size: Buffer.byteLength(ORIGINAL) });
    expect(entries.get(original.path)?.toString('utf8')).toBe(ORIGINAL);
    expect(JSON.stringify(doc)).not.toMatch(/product_remark|"id"|product_type\.\d/);
  });

  it('are found unchanged in the instance’s own export', async () => {
    const result = await preview(exporter, await exportZip(admin));
    for (const part of ['languageGroups', 'recordTranslations'])
      expect(partOf(result, part)).toMatchObject({ added: [], changed: [], onlyHere: [] });
    expect(partOf(result, 'languageGroups')?.unchanged).toEqual(['global/Southern', `${unit}/Western`]);
    expect(partOf(result, 'recordTranslations')?.unchanged).toContain(`product_type/${unit}/Pacemakers/name/de`);
  });

  it('import into an empty instance, which exports the same document and the same original', async () => {
    const source = await exportZip(admin);
    await inEmptyInstance(async (target) => {
      const before = await preview(target, source);
      expect(partOf(before, 'languageGroups')?.added).toEqual(['global/Southern', `${unit}/Western`]);
      expect(partOf(before, 'recordTranslations')?.added).toHaveLength(10);
      const res = await upload(target, ALL, source);
      expect(res.statusCode, res.body).toBe(200);
      await expectSameExport(await exportZip(target), source);
    });
    // a second database of its own: slow to open embedded
  }, 240_000);

  it('a changed group and changed translations show as changed and apply through their own services, audited', async () => {
    const { doc, entries } = await current();
    const group = groupOf(doc);
    const name = translationOf(doc, 'product_type', 'Pacemakers');
    let edited = withItems(
      doc,
      'languageGroups',
      (g) => (g === group ? { ...g, documentLanguages: ['de'] } : g),
      // the language the changed group lets go of, taken by a new group
      [{ businessUnit: unit, name: 'French', documentLanguages: ['fr'] }],
    );
    edited = withItems(edited, 'recordTranslations', (t) => (t === name ? { ...t, value: 'Schrittmacher' } : t));
    edited = withOriginal(edited, entries, Buffer.from('<p>Neu: <em>Schrittmacher</em></p>'), {}, '<p>Neu: <em>Schrittmacher</em></p>');
    const zip = await zipWith(edited, entries);
    const result = await preview(exporter, zip);
    expect(partOf(result, 'languageGroups')).toMatchObject({ added: [`${unit}/French`], changed: [`${unit}/Western`] });
    expect(partOf(result, 'recordTranslations')?.changed).toEqual([
      `content_block/${unit}/PRODUCT_TYPE_HEADER/Pacemakers/content/de`,
      `product_type/${unit}/Pacemakers/name/de`,
    ]);
    const oldOriginals = await originals(ctx.app.deps);
    const audits = (await ctx.db.select().from(auditLog)).length;
    const res = await upload(exporter, '/api/config-export/apply?parts=languageGroups,recordTranslations', zip);
    expect(res.statusCode, res.body).toBe(200);
    // the groups' two rows, the typed save's, the upload's and the import's
    expect((await ctx.db.select().from(auditLog)).length).toBe(audits + 5);
    const after = (await current()).doc;
    const byName = (groups: Item[]) => [...groups].sort((a, b) => String(a.name).localeCompare(String(b.name)));
    expect(byName(items(after, 'languageGroups'))).toEqual(byName(items(edited, 'languageGroups')));
    expect(translationOf(after, 'product_type', 'Pacemakers').value).toBe('Schrittmacher');
    expect(richOf(after)).toEqual(richOf(edited));
    // the replaced original goes once the import has committed
    expect(await originals(ctx.app.deps)).toHaveLength(oldOriginals.length);
    expect(await originals(ctx.app.deps)).not.toEqual(oldOriginals);
    const again = await preview(exporter, zip);
    expect(partOf(again, 'recordTranslations')?.changed).toEqual([]);
    expect(partOf(again, 'languageGroups')?.changed).toEqual([]);
  });

  it('a changed footer keeps its items’ translations', async () => {
    const { doc, entries } = await current();
    const footers = items(doc, 'footers').map((f) =>
      f.businessUnit === unit ? { ...f, items: [{ ...(f.items as Item[])[0], text: 'Legal notice' }] } : f,
    );
    const res = await upload(exporter, '/api/config-export/apply?parts=footers', await zipWith({ ...doc, footers }, entries));
    expect(res.statusCode, res.body).toBe(200);
    expect(translationOf((await current()).doc, 'footer_item', '1', 'text').value).toBe('Impressum');
  });
});

describe('a refusal rolls the whole import back', () => {
  let refusals = 0;
  it.each([
    [
      'a group language that is no document language of the unit',
      'languageGroups',
      (d: Doc) => withItems(d, 'languageGroups', (g) => (g === groupOf(d) ? { ...g, documentLanguages: ['de', 'fr', 'nl'] } : g)),
      { message: RegionLanguageErrorKeys.languageGroupNotDocumentLanguage },
    ],
    [
      'a group language already in another group',
      'languageGroups',
      (d: Doc) => withItems(d, 'languageGroups', (g) => g, [{ businessUnit: unit, name: 'Again', documentLanguages: ['de'] }]),
      { message: RegionLanguageErrorKeys.languageGroupLanguageAssigned },
    ],
    [
      'an English translation (the records’ own text)',
      'recordTranslations',
      (d: Doc) => withItems(d, 'recordTranslations', (t) => t, [{ ...translationOf(d, 'product_type', 'Pacemakers'), language: 'en' }]),
      { message: TranslationErrorKeys.dictionaryNotUpdatable },
    ],
    [
      'a translation of a field nobody translates',
      'recordTranslations',
      (d: Doc) => withItems(d, 'recordTranslations', (t) => t, [{ ...translationOf(d, 'product_type', 'Pacemakers'), field: 'slug' }]),
      { message: TranslationErrorKeys.invalidKey },
    ],
    [
      'a translation of a record only the file holds, its part not chosen',
      'recordTranslations',
      (d: Doc) => {
        const type = items(d, 'productTypes').find((t) => t.businessUnit === unit) as Item;
        const translation = translationOf(d, 'product_type', 'Pacemakers');
        return {
          ...withItems(d, 'recordTranslations', (t) => t, [{ ...translation, record: 'Defibrillators' }]),
          productTypes: [...items(d, 'productTypes'), { ...type, name: 'Defibrillators', slug: 'defibrillators' }],
        };
      },
      { message: ConfigExportErrorKeys.unknownReference, params: { part: 'recordTranslations', record: 'Defibrillators' } },
    ],
  ])('%s answers the problem, nothing written', async (_name, part, spoil, problem) => {
    const roleName = `Never stored ${++refusals}`;
    const { doc, entries } = await current();
    const bad = spoil({
      ...doc,
      roles: [...items(doc, 'roles'), { name: roleName, description: null, accessRights: ['DOCUMENT_READ'] }],
    });
    const audits = (await ctx.db.select().from(auditLog)).length;
    const before = await originals(ctx.app.deps);
    // the rich-text translation re-uploaded too, so the refusal also undoes a stored original
    const res = await upload(
      exporter,
      `/api/config-export/apply?parts=roles,${part},recordTranslations`,
      await zipWith(withOriginal(bad, entries, Buffer.from('<p>Wieder</p>')), entries),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject(problem);
    expect(await ctx.db.select().from(role).where(eq(role.name, roleName))).toEqual([]);
    expect((await ctx.db.select().from(auditLog)).length).toBe(audits);
    expect(await originals(ctx.app.deps)).toEqual(before);
    expect(volatile((await current()).doc)).toEqual(volatile(doc));
  });

  it('a translation of a record neither side holds answers 400 unknownReference on preview and apply', async () => {
    const { doc, entries } = await current();
    const bad = withItems(doc, 'recordTranslations', (t) => t, [{ ...translationOf(doc, 'product_type', 'Pacemakers'), record: 'Ghosts' }]);
    const zip = await zipWith(bad, entries);
    for (const url of ['/api/config-export/preview', ALL]) {
      const res = await upload(exporter, url, zip);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        message: ConfigExportErrorKeys.unknownReference,
        params: { part: 'recordTranslations', name: `product_type/${unit}/Ghosts/name/de`, entityName: 'product_type', record: 'Ghosts' },
      });
    }
  });
});

describe('hostile input', () => {
  it.each([
    [
      'a rich-text original whose SHA-256 is wrong',
      (d: Doc, e: Map<string, Buffer>) => withOriginal(d, e, Buffer.from('<p>x</p>'), { sha256: 'b'.repeat(64) }),
      /does not match its SHA-256/,
    ],
    [
      'an image named as an HTML original',
      (d: Doc, e: Map<string, Buffer>) => withOriginal(d, e, tinyPng([1, 1, 1])),
      /not a file this part accepts/,
    ],
    [
      'an original of another media type',
      (d: Doc, e: Map<string, Buffer>) => withOriginal(d, e, Buffer.from('<p>x</p>'), { mediaType: 'application/pdf' }),
      /not a file this part accepts/,
    ],
    [
      'an original over the document upload’s limit',
      (d: Doc, e: Map<string, Buffer>) => withOriginal(d, e, Buffer.from('<p>x</p>'), { size: 1024 * 1024 + 1 }),
      /larger than 1048576 bytes/,
    ],
    [
      'a translation of a product remark',
      (d: Doc) =>
        withItems(d, 'recordTranslations', (t) => t, [{ ...translationOf(d, 'product_type', 'Pacemakers'), entityName: 'product_remark' }]),
      /recordTranslations/,
    ],
    [
      'a translation without a value',
      (d: Doc) =>
        withItems(d, 'recordTranslations', (t) => (t === translationOf(d, 'product_type', 'Pacemakers') ? { ...t, value: '' } : t)),
      /recordTranslations/,
    ],
    [
      'a group language that is no code',
      (d: Doc) => withItems(d, 'languageGroups', (g) => ({ ...g, documentLanguages: ['de; DROP'] })),
      /languageGroups/,
    ],
    [
      'a translation named twice',
      (d: Doc) => withItems(d, 'recordTranslations', (t) => t, [translationOf(d, 'product_type', 'Pacemakers')]),
      /names .* twice/,
    ],
  ])('%s answers 400 invalidFile, nothing written', async (_name, spoil, reason) => {
    const { doc, entries } = await current();
    const zip = await zipWith(spoil(doc, entries), entries);
    const before = await originals(ctx.app.deps);
    const audits = (await ctx.db.select().from(auditLog)).length;
    for (const url of ['/api/config-export/preview', ALL]) {
      const res = await upload(exporter, url, zip);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(ConfigExportErrorKeys.invalidFile);
      expect(res.json().params.reason).toMatch(reason);
    }
    expect(await originals(ctx.app.deps)).toEqual(before);
    expect((await ctx.db.select().from(auditLog)).length).toBe(audits);
  });
});
