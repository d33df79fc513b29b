import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/sql.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import type { PublishedSite } from '../publishing/published-site.js';
import { product } from './catalogue.js';
import { fileForDownload, productDocuments } from './documents.js';
import { liveSite } from './live-site.js';
import { productPage } from './product-page.js';
import {
  day,
  definition,
  insertDocument,
  insertLotRange,
  insertProduct,
  insertPublication,
  insertVersion,
  makeUnit,
  productType,
  site,
  T0,
} from './public-read.test-support.js';
import type { LivePublication, PublicDocument, Visitor } from './public-read.types.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

type Settings = Partial<PublishedSite['unit']['settings']>;

/** A unit with product 1 (type 1, key code P1) in one publication of the given site, plus rows. */
async function published(over: Partial<PublishedSite>, settings: Settings, rows: (c: number) => Promise<void>): Promise<LivePublication> {
  const unit = await makeUnit(ctx.db);
  const id = await insertPublication(ctx.db, { unitId: unit.id, number: 1, site: site(unit.id, unit.slug, over, settings) });
  await insertProduct(ctx.db, id, { productId: 1, keyCode: 'P1', lotRangeIds: [1, 3] });
  await rows(id);
  const live = await liveSite(ctx.db, { id: unit.id }, T0);
  if (!live) throw new Error('no live publication');
  return live;
}

const visitor = (over: Partial<Visitor> = {}): Visitor => ({ audience: 'HCP', country: 'BE', language: 'en', ...over });
/**
 * The product's documents for a visitor; every call also checks that the product page's one
 * statement (`productPage`) answers the same product and documents as `product` and `productDocuments`.
 */
async function docs(live: LivePublication, over: Partial<Visitor> = {}, at = T0, productId = 1) {
  const v = visitor(over);
  const listed = await productDocuments(ctx.db, live, productId, v, at);
  const [row] = await rowsOf<{ typeId: number }>(
    ctx.db,
    sql`SELECT product_type_id AS "typeId" FROM pub_product WHERE publication_id = ${live.contentId} AND product_id = ${productId}`,
  );
  const slug = live.site.productTypes.find((t) => t.id === row?.typeId)?.slug ?? 'type-1';
  const q = { productTypeSlug: slug, audience: v.audience, language: v.language, productId };
  const one = await product(ctx.db, live, q, at);
  const lotKnown = v.lot?.trim() ? expect.any(Boolean) : null;
  expect(await productPage(ctx.db, live, q, v, at)).toEqual(one ? { product: one, documents: listed ?? [], lotKnown } : null);
  return listed;
}
/** [document id, [file id, current version id]…] per document. */
const shape = (d: PublicDocument[] | null) => d?.map((x) => [x.documentId, x.files.map((f) => [f.fileId, f.current.fileVersionId])]);

describe('documents of a product', () => {
  it('only of types shown to the audience, by type sort number then number', async () => {
    const live = await published(
      {
        audiences: ['HCP', 'PATIENT'],
        manufacturer: { name: 'M', patientPortal: true, worldWidePublicWebsite: false },
        productTypes: [productType(1, { keyCodeSearchTypePatient: 'SEARCHABLE_EXACT' })],
        documentTypes: [
          { id: 1, name: 'IFU', hcp: true, patient: true, sortNumber: 2 },
          { id: 2, name: 'Surgical technique', hcp: true, patient: false, sortNumber: 1 },
          { id: 3, name: 'Leaflet', hcp: false, patient: true, sortNumber: 3 },
        ],
        translations: { en: {}, fr: { 'document_type.2.name': 'Technique chirurgicale' } },
      },
      {},
      async (c) => {
        await insertDocument(ctx.db, c, { documentId: 1, productIds: [1], number: 'B-2', documentTypeId: 1 });
        await insertDocument(ctx.db, c, { documentId: 2, productIds: [1], number: 'a-1', documentTypeId: 1 });
        await insertDocument(ctx.db, c, { documentId: 3, productIds: [1], number: 'Z-9', documentTypeId: 2 });
        await insertDocument(ctx.db, c, { documentId: 4, productIds: [1], number: 'C-3', documentTypeId: 3 });
        for (const d of [1, 2, 3, 4])
          await insertVersion(ctx.db, c, { fileVersionId: d * 10, fileId: d, documentId: d, languages: ['en', 'fr'] });
      },
    );
    const hcp = await docs(live, { language: 'fr' });
    expect(hcp?.map((d) => [d.number, d.documentType.name])).toEqual([
      ['Z-9', 'Technique chirurgicale'],
      ['a-1', 'IFU'],
      ['B-2', 'IFU'],
    ]);
    expect((await docs(live, { audience: 'PATIENT' }))?.map((d) => d.documentId)).toEqual([2, 1, 4]);
  });

  it('the current version is the latest public one by version date, then id; earlier ones are previous versions', async () => {
    const live = await published({}, {}, async (c) => {
      await insertDocument(ctx.db, c, { documentId: 1, productIds: [1] });
      await insertVersion(ctx.db, c, { fileVersionId: 11, fileId: 1, documentId: 1, label: '1.0', versionDate: '2025-01-01' });
      await insertVersion(ctx.db, c, { fileVersionId: 13, fileId: 1, documentId: 1, label: '2.0', versionDate: '2025-06-01' });
      await insertVersion(ctx.db, c, {
        fileVersionId: 12,
        fileId: 1,
        documentId: 1,
        label: '2.1',
        versionDate: '2025-06-01',
        publishDate: day(-1),
      });
      await insertVersion(ctx.db, c, {
        fileVersionId: 14,
        fileId: 1,
        documentId: 1,
        label: '3.0',
        versionDate: '2025-09-01',
        publishDate: day(4),
      });
    });
    const [doc] = (await docs(live)) ?? [];
    expect(doc.files[0].current).toMatchObject({ fileVersionId: 13, label: '2.0', versionDate: '2025-06-01' });
    expect(doc.files[0].previous.map((v) => [v.label, v.versionDate])).toEqual([
      ['2.1', '2025-06-01'],
      ['1.0', '2025-01-01'],
    ]);
    // the scheduled version becomes current exactly at its publish date
    expect(shape(await docs(live, {}, new Date(day(4).getTime() - 1)))).toEqual([[1, [[1, 13]]]]);
    const later = await docs(live, {}, day(4));
    expect(later?.[0].files[0].current.label).toBe('3.0');
    expect(later?.[0].files[0].previous.map((v) => v.label)).toEqual(['2.0', '2.1', '1.0']);
  });

  it('an archived file vanishes at its archive date; a document without files is not listed', async () => {
    const live = await published({}, {}, async (c) => {
      await insertDocument(ctx.db, c, { documentId: 1, productIds: [1] });
      await insertVersion(ctx.db, c, { fileVersionId: 11, fileId: 1, documentId: 1, archiveDate: day(2) });
      await insertVersion(ctx.db, c, { fileVersionId: 12, fileId: 1, documentId: 1, versionDate: '2025-01-01', archiveDate: day(2) });
    });
    expect(shape(await docs(live, {}, new Date(day(2).getTime() - 1)))).toEqual([[1, [[1, 11]]]]);
    expect(await docs(live, {}, day(2))).toEqual([]);
  });

  it('fileHideVersionDate leaves out every version date; hideDocumentNumber the number', async () => {
    const live = await published({}, { fileHideVersionDate: true, hideDocumentNumber: true }, async (c) => {
      await insertDocument(ctx.db, c, { documentId: 1, productIds: [1] });
      await insertVersion(ctx.db, c, { fileVersionId: 11, fileId: 1, documentId: 1, versionDate: '2025-01-01' });
      await insertVersion(ctx.db, c, { fileVersionId: 12, fileId: 1, documentId: 1, versionDate: '2025-02-01' });
    });
    const [doc] = (await docs(live)) ?? [];
    expect(doc.number).toBeNull();
    expect(doc.files[0].current.versionDate).toBeNull();
    expect(doc.files[0].previous).toMatchObject([{ fileVersionId: 11, versionDate: null }]);
  });

  it('shows document attributes of visible definitions only when the unit shows document attributes', async () => {
    const over = {
      documentAttributeDefinitions: [
        { id: 1, name: 'Catalogue', slug: 'catalogue', searchType: 'SEARCHABLE_EXACT', visualizationOrder: 1 },
        { id: 2, name: 'Internal', slug: 'internal', searchType: 'NOT_VISIBLE', visualizationOrder: 2 },
      ],
    };
    const rows = async (c: number) => {
      await insertDocument(ctx.db, c, {
        documentId: 1,
        productIds: [1],
        attributes: [
          { attributeDefinitionId: 2, value: 'x' },
          { attributeDefinitionId: 1, value: 'CAT-1' },
        ],
      });
      await insertVersion(ctx.db, c, { fileVersionId: 11, fileId: 1, documentId: 1 });
    };
    expect((await docs(await published(over, { documentAttribute: true }, rows)))?.[0].attributes).toEqual([
      { attributeDefinitionId: 1, name: 'Catalogue', value: 'CAT-1' },
    ]);
    expect((await docs(await published(over, {}, rows)))?.[0].attributes).toEqual([]);
  });
});

describe('latestVersionVisualisationOption', () => {
  /** Document 1: an English file for BE (dated 2025-03), a French one for BE (2025-05), a German one for DE (2025-07). */
  const rows = async (c: number) => {
    await insertDocument(ctx.db, c, { documentId: 1, productIds: [1] });
    await insertVersion(ctx.db, c, {
      fileVersionId: 11,
      fileId: 1,
      documentId: 1,
      fileName: 'b-english',
      languages: ['en'],
      versionDate: '2025-03-01',
    });
    await insertVersion(ctx.db, c, {
      fileVersionId: 21,
      fileId: 2,
      documentId: 1,
      fileName: 'a-french',
      languages: ['fr'],
      versionDate: '2025-05-01',
    });
    await insertVersion(ctx.db, c, {
      fileVersionId: 31,
      fileId: 3,
      documentId: 1,
      languages: ['de'],
      countries: ['DE'],
      versionDate: '2025-07-01',
    });
    await insertVersion(ctx.db, c, {
      fileVersionId: 41,
      fileId: 4,
      documentId: 1,
      fileName: 'c-english',
      languages: ['en'],
      versionDate: '2025-04-01',
    });
  };

  it('COUNTRY_LANGUAGE: the files for the country in the visitor language', async () => {
    const live = await published({}, { latestVersionVisualisationOption: 'COUNTRY_LANGUAGE' }, rows);
    expect(shape(await docs(live))).toEqual([
      [
        1,
        [
          [1, 11],
          [4, 41],
        ],
      ],
    ]);
    expect(shape(await docs(live, { language: 'FR' }))).toEqual([[1, [[2, 21]]]]);
    expect(shape(await docs(live, { country: 'de', language: 'de' }))).toEqual([[1, [[3, 31]]]]);
  });

  it('COUNTRY: the files for the country in every language, the visitor language first', async () => {
    const live = await published({}, { latestVersionVisualisationOption: 'COUNTRY' }, rows);
    expect(shape(await docs(live, { language: 'fr' }))).toEqual([
      [
        1,
        [
          [2, 21],
          [1, 11],
          [4, 41],
        ],
      ],
    ]);
    expect(shape(await docs(live, { language: 'en' }))).toEqual([
      [
        1,
        [
          [1, 11],
          [4, 41],
          [2, 21],
        ],
      ],
    ]);
  });

  it('VERSION: per document only the latest version among the files for the country in the visitor language', async () => {
    const live = await published({}, { latestVersionVisualisationOption: 'VERSION' }, rows);
    expect(shape(await docs(live))).toEqual([[1, [[4, 41]]]]);
    expect(shape(await docs(live, { language: 'fr' }))).toEqual([[1, [[2, 21]]]]);
  });

  it('without a file in the visitor language: the files for the country in the other languages, said so (decision 0048)', async () => {
    const all = [
      [1, 11],
      [4, 41],
      [2, 21],
    ];
    for (const option of ['COUNTRY_LANGUAGE', 'COUNTRY'] as const) {
      const live = await published({}, { latestVersionVisualisationOption: option }, rows);
      const listed = await docs(live, { language: 'nl' });
      expect(shape(listed), option).toEqual([[1, all]]);
      expect(listed?.[0].inVisitorLanguage, option).toBe(false);
      expect((await docs(live, { language: 'en' }))?.[0].inVisitorLanguage, option).toBe(true);
    }
    // VERSION: the latest file of each language
    const version = await published({}, { latestVersionVisualisationOption: 'VERSION' }, rows);
    expect(shape(await docs(version, { language: 'nl' }))).toEqual([
      [
        1,
        [
          [4, 41],
          [2, 21],
        ],
      ],
    ]);
    // and such a file is the visitor's to download
    const file = await fileForDownload(ctx.db, version, { fileId: 2 }, { ...visitor({ language: 'nl' }), productId: 1 }, T0);
    expect(file?.file.fileId).toBe(2);
    expect(await fileForDownload(ctx.db, version, { fileId: 1 }, { ...visitor({ language: 'nl' }), productId: 1 }, T0)).toBeNull();
  });
});

describe('rest of the world', () => {
  const rows = async (c: number) => {
    await insertDocument(ctx.db, c, { documentId: 1, productIds: [1] });
    await insertVersion(ctx.db, c, { fileVersionId: 11, fileId: 1, documentId: 1, countries: ['BE'] });
    await insertVersion(ctx.db, c, { fileVersionId: 21, fileId: 2, documentId: 1, restOfTheWorld: true });
  };

  it('rest-of-world files only when the document has no file for the country', async () => {
    const live = await published({}, {}, rows);
    expect(shape(await docs(live, { country: 'BE' }))).toEqual([[1, [[1, 11]]]]);
    expect(shape(await docs(live, { country: 'FR' }))).toEqual([[1, [[2, 21]]]]);
  });

  it('always, country files first, with alwaysShowWorldwideFilesActive', async () => {
    const live = await published({}, { alwaysShowWorldwideFilesActive: true }, rows);
    expect(shape(await docs(live, { country: 'BE' }))).toEqual([
      [
        1,
        [
          [1, 11],
          [2, 21],
        ],
      ],
    ]);
  });

  it('a country the site does not offer answers null', async () => {
    const live = await published({}, {}, rows);
    expect(await docs(live, { country: 'US' })).toBeNull();
  });
});

describe('lot-specific files', () => {
  const lotType = (lotNumbers: boolean) =>
    productType(1, { lotNumbers, attributeDefinitions: [definition(19, { type: 'MULTI_ARRAY', searchTypeHcp: 'SEARCHABLE_EXACT' })] });
  const rows = async (c: number) => {
    await insertLotRange(ctx.db, c, { lotRangeId: 1, numbers: ['L1'] });
    await insertLotRange(ctx.db, c, { lotRangeId: 2, numbers: ['L2'] });
    await insertLotRange(ctx.db, c, { lotRangeId: 3, numbers: ['L3'], archiveDate: day(2) });
    await insertLotRange(ctx.db, c, { lotRangeId: 4, numbers: ['L4'], appliesToAll: true });
    await insertDocument(ctx.db, c, { documentId: 1, productIds: [1] });
    await insertVersion(ctx.db, c, { fileVersionId: 11, fileId: 1, documentId: 1, fileName: 'a-all' });
    await insertVersion(ctx.db, c, {
      fileVersionId: 21,
      fileId: 2,
      documentId: 1,
      fileName: 'b-lot1',
      allLotNumbers: false,
      lotRangeIds: [1],
    });
    // range 2 is not the product's: its file is for another product's lots
    await insertVersion(ctx.db, c, {
      fileVersionId: 31,
      fileId: 3,
      documentId: 1,
      fileName: 'c-lot2',
      allLotNumbers: false,
      lotRangeIds: [2],
    });
    await insertVersion(ctx.db, c, {
      fileVersionId: 41,
      fileId: 4,
      documentId: 1,
      fileName: 'd-lot3',
      allLotNumbers: false,
      lotRangeIds: [3],
    });
    await insertVersion(ctx.db, c, {
      fileVersionId: 51,
      fileId: 5,
      documentId: 1,
      fileName: 'e-lot4',
      allLotNumbers: false,
      lotRangeIds: [4],
    });
  };
  const files = async (live: LivePublication, over: Partial<Visitor> = {}, at = T0) =>
    (await docs(live, over, at))?.[0]?.files.map((f) => f.fileId);

  it('with lot numbers on: files of the product ranges (linked or applies-to-all), only those holding a lot given', async () => {
    const live = await published({ productTypes: [lotType(true)] }, {}, rows);
    expect(await files(live)).toEqual([1, 2, 4, 5]);
    expect(await files(live, { lot: 'l1' })).toEqual([1, 2]);
    expect(await files(live, { lot: 'L4' })).toEqual([1, 5]);
    expect(await files(live, { lot: 'L2' })).toEqual([1]);
  });

  it('a file whose ranges are archived vanishes at the archive date', async () => {
    const live = await published({ productTypes: [lotType(true)] }, {}, rows);
    expect(await files(live, { lot: 'L3' }, new Date(day(2).getTime() - 1))).toEqual([1, 4]);
    expect(await files(live, { lot: 'L3' }, day(2))).toEqual([1]);
    expect(await files(live, {}, day(2))).toEqual([1, 2, 5]);
  });

  it('says whether a lot given is held by a live range of the product, linked or applying to all (decision 0048)', async () => {
    const live = await published({ productTypes: [lotType(true)] }, {}, rows);
    const known = async (lot: string | undefined, at = T0) =>
      (await productPage(ctx.db, live, { productTypeSlug: 'type-1', audience: 'HCP', productId: 1 }, visitor({ lot }), at))?.lotKnown;
    expect(await known('l1')).toBe(true);
    expect(await known('L4')).toBe(true);
    // another product's range, no range at all, a range archived since
    expect(await known('L2')).toBe(false);
    expect(await known('NO-SUCH-LOT')).toBe(false);
    expect(await known('L3')).toBe(true);
    expect(await known('L3', day(2))).toBe(false);
    expect(await known(undefined)).toBeNull();
  });

  it('with lot numbers off: only files for all lots', async () => {
    const live = await published({ productTypes: [lotType(false)] }, {}, rows);
    expect(await files(live)).toEqual([1]);
    expect(await files(live, { lot: 'L1' })).toEqual([1]);
  });
});

describe('restricted documents', () => {
  const over = (enabled: boolean): Partial<PublishedSite> => ({
    restrictedGroups: [
      { id: 7, name: 'Surgeons', enabled, emails: ['dr@example.com'] },
      { id: 8, name: 'Others', enabled: true, emails: ['other@example.com'] },
    ],
  });
  const rows = async (c: number) => {
    await insertDocument(ctx.db, c, { documentId: 1, productIds: [1], number: 'OPEN' });
    await insertDocument(ctx.db, c, { documentId: 2, productIds: [1], number: 'SECRET', restrictedGroupIds: [7] });
    await insertVersion(ctx.db, c, { fileVersionId: 11, fileId: 1, documentId: 1 });
    await insertVersion(ctx.db, c, { fileVersionId: 21, fileId: 2, documentId: 2 });
  };
  const numbers = async (live: LivePublication, verifiedEmail?: string) =>
    (await docs(live, { verifiedEmail }))?.map((d) => [d.number, d.restricted]);
  const download = (live: LivePublication, verifiedEmail?: string) =>
    fileForDownload(ctx.db, live, { fileVersionId: 21 }, { ...visitor({ verifiedEmail }), productId: 1 }, T0);

  it('appear only to a verified e-mail of an enabled group they are restricted to', async () => {
    const live = await published(over(true), { publicUserGroupActive: true }, rows);
    expect(await numbers(live)).toEqual([['OPEN', false]]);
    expect(await numbers(live, 'other@example.com')).toEqual([['OPEN', false]]);
    expect(await numbers(live, ' DR@example.com ')).toEqual([
      ['OPEN', false],
      ['SECRET', true],
    ]);
    expect(await download(live)).toBeNull();
    expect(await download(live, 'other@example.com')).toBeNull();
    expect(await download(live, 'dr@example.com')).toMatchObject({
      binaryKey: 'documents/21',
      document: { number: 'SECRET', restricted: true },
    });
  });

  it('not through a disabled group, nor while the unit restricted groups are off', async () => {
    const disabled = await published(over(false), { publicUserGroupActive: true }, rows);
    expect(await numbers(disabled, 'dr@example.com')).toEqual([['OPEN', false]]);
    expect(await download(disabled, 'dr@example.com')).toBeNull();
    const off = await published(over(true), { publicUserGroupActive: false }, rows);
    expect(await numbers(off, 'dr@example.com')).toEqual([['OPEN', false]]);
  });
});

describe('a file for download', () => {
  const rows = async (c: number) => {
    await insertProduct(ctx.db, c, { productId: 2, keyCode: 'P2' });
    await insertDocument(ctx.db, c, { documentId: 1, productIds: [1] });
    await insertDocument(ctx.db, c, { documentId: 2, productIds: [2] });
    await insertVersion(ctx.db, c, { fileVersionId: 11, fileId: 1, documentId: 1, label: '1.0', versionDate: '2025-01-01' });
    await insertVersion(ctx.db, c, { fileVersionId: 12, fileId: 1, documentId: 1, label: '2.0', versionDate: '2025-02-01' });
    await insertVersion(ctx.db, c, {
      fileVersionId: 13,
      fileId: 1,
      documentId: 1,
      label: '3.0',
      versionDate: '2025-03-01',
      publishDate: day(3),
    });
    await insertVersion(ctx.db, c, { fileVersionId: 21, fileId: 2, documentId: 2 });
    await insertVersion(ctx.db, c, { fileVersionId: 31, fileId: 3, documentId: 1, languages: ['fr'] });
  };
  const get = (live: LivePublication, ref: { fileVersionId: number } | { fileId: number }, over: Partial<Visitor> = {}, at = T0) =>
    fileForDownload(ctx.db, live, ref, { ...visitor(over), productId: 1 }, at);

  it('by file: its current public version, with what the confirmation shows', async () => {
    const live = await published({}, {}, rows);
    expect(await get(live, { fileId: 1 })).toMatchObject({
      productTypeId: 1,
      productTypeName: 'Type 1',
      keyCode: 'P1',
      document: { documentId: 1, number: 'DOC-1' },
      file: { fileId: 1, name: 'File 1' },
      version: { fileVersionId: 12, label: '2.0', versionDate: '2025-02-01' },
      isCurrent: true,
      binaryKey: 'documents/12',
      mediaType: 'application/pdf',
    });
    expect((await get(live, { fileId: 1 }, {}, day(3)))?.version.fileVersionId).toBe(13);
  });

  it('by version: a previous public version too; a scheduled one only from its date', async () => {
    const live = await published({}, {}, rows);
    expect(await get(live, { fileVersionId: 11 })).toMatchObject({ isCurrent: false, binaryKey: 'documents/11' });
    expect(await get(live, { fileVersionId: 13 })).toBeNull();
    expect(await get(live, { fileVersionId: 13 }, {}, day(3))).toMatchObject({ isCurrent: true });
  });

  it('a guessed id reveals nothing: another product file, another language, an unknown id', async () => {
    const live = await published({}, {}, rows);
    expect(await get(live, { fileVersionId: 21 })).toBeNull();
    expect(await get(live, { fileId: 3 })).toBeNull();
    expect(await get(live, { fileId: 3 }, { language: 'fr' })).toMatchObject({ binaryKey: 'documents/31' });
    expect(await get(live, { fileVersionId: 999 })).toBeNull();
  });
});

describe('unknown and unserved', () => {
  it('an unknown product has no documents; PATIENT with the patient portal off and an inactive unit answer null', async () => {
    const live = await published({}, {}, async (c) => {
      await insertDocument(ctx.db, c, { documentId: 1, productIds: [1] });
      await insertVersion(ctx.db, c, { fileVersionId: 11, fileId: 1, documentId: 1 });
    });
    expect(await docs(live, {}, T0, 999)).toEqual([]);
    expect(await docs(live, { audience: 'PATIENT' })).toBeNull();
    expect(await fileForDownload(ctx.db, live, { fileId: 1 }, { ...visitor({ audience: 'PATIENT' }), productId: 1 }, T0)).toBeNull();
    const inactive = { ...live, site: { ...live.site, unit: { ...live.site.unit, active: false } } };
    expect(await docs(inactive)).toBeNull();
  });

  it('a product scheduled later has no documents until its date', async () => {
    const live = await published({}, {}, async (c) => {
      await insertProduct(ctx.db, c, { productId: 2, keyCode: 'P2', publishDate: day(1) });
      await insertDocument(ctx.db, c, { documentId: 1, productIds: [2] });
      await insertVersion(ctx.db, c, { fileVersionId: 11, fileId: 1, documentId: 1 });
    });
    expect(await docs(live, {}, T0, 2)).toEqual([]);
    expect(shape(await docs(live, {}, day(1), 2))).toEqual([[1, [[1, 11]]]]);
  });
});
