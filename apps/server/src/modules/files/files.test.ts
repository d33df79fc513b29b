import type { AccessRight } from '@vellum/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, file, fileCountry, fileLanguage, fileLotRange, fileVersion } from '../../db/schema/index.js';
import { makeLotRange, makeProduct, makeProductGroup, makeProductType } from '../../factories/catalogue-factories.js';
import { makeDocument, makeDocumentType } from '../../factories/document-factories.js';
import { makeFile } from '../../factories/file-factories.js';
import { makeBusinessUnit, makeUserWithRights, setManufacturer } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { countUnitContent } from '../business-units/business-unit-statistics.js';
import { publishAsIs } from '../publishing/publish.fixtures.js';

let ctx: TestContext;
let unitA: { id: number };
let unitB: { id: number };
let docA: { id: number; businessUnitId: number };
let docB: { id: number; businessUnitId: number };
/** DOCUMENT_MANAGE, DOCUMENT_DELETE and every FILE_* right in unit A. */
let manager: ReturnType<typeof as>;
/** DOCUMENT_MANAGE in unit A, none of the FILE_* rights. */
let editor: ReturnType<typeof as>;
let reader: ReturnType<typeof as>;
let nobody: ReturnType<typeof as>;
/** Every document right, but in unit B. */
let elsewhere: ReturnType<typeof as>;
const anonymous = () => as(ctx.app, undefined);
const FILE_RIGHTS: AccessRight[] = ['DOCUMENT_MANAGE', 'DOCUMENT_DELETE', 'FILE_ROTW', 'FILE_REMARK_ACTIVATE', 'FILE_HISTORICAL'];

const client = async (rights: AccessRight[], units: number[] | 'all') =>
  as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, rights, units)).id));

beforeAll(async () => {
  ctx = await createTestContext();
  unitA = await makeBusinessUnit(ctx.db, { documentLanguages: ['en', 'fr', 'de'] });
  unitB = await makeBusinessUnit(ctx.db, { documentLanguages: ['en'] });
  const typeA = await makeDocumentType(ctx.db, unitA.id, { hcp: true, patient: false });
  docA = await makeDocument(ctx.db, unitA.id, typeA.id);
  docB = await makeDocument(ctx.db, unitB.id, (await makeDocumentType(ctx.db, unitB.id)).id);
  manager = await client([...FILE_RIGHTS, 'DOCUMENT_READ'], [unitA.id]);
  editor = await client(['DOCUMENT_MANAGE'], [unitA.id]);
  reader = await client(['DOCUMENT_READ'], [unitA.id]);
  nobody = await client(['PRODUCT_MANAGE', 'DOCUMENT_TYPE_MANAGE'], [unitA.id]);
  elsewhere = await client([...FILE_RIGHTS, 'DOCUMENT_READ'], [unitB.id]);
});
afterAll(() => ctx.close());

let n = 0;
const tag = () => `${Math.random().toString(36).slice(2, 7)}${n++}`;
const valid = (over: Record<string, unknown> = {}) => ({
  documentId: docA.id,
  name: `IFU ${tag()}`,
  versionLabel: '1.0',
  date: '2026-03-01',
  countryIds: ['BE', 'NL'],
  documentLanguageIds: ['en', 'fr'],
  ...over,
});
const rows = async () => (await ctx.db.select({ n: count() }).from(file))[0].n;
const versionRows = async () => (await ctx.db.select({ n: count() }).from(fileVersion))[0].n;
const auditsOf = (id: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityName, 'file'), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.id));
const create = async (over: Record<string, unknown> = {}, c = manager) => {
  const res = await c({ method: 'POST', url: '/api/files', payload: valid(over) });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json();
};
/** The PUT body of a file as read, with changes. */
const bodyOf = (f: Record<string, unknown>, over: Record<string, unknown> = {}) => ({
  id: f.id,
  version: f.version,
  documentId: f.documentId,
  name: f.name,
  versionLabel: f.versionLabel,
  date: f.date,
  validTo: f.validTo,
  remarks: f.remarks,
  remarksActive: f.remarksActive,
  restOfTheWorld: f.restOfTheWorld,
  allLotNumbers: f.allLotNumbers,
  lotRangeIds: f.lotRangeIds,
  historical: f.historical,
  countryIds: f.countryIds,
  documentLanguageIds: f.documentLanguageIds,
  ...over,
});
/** Gives the current version of a file a binary without uploading (the binary tests upload). */
const giveBinary = (versionId: number, key = `files/test/${tag()}.pdf`) =>
  ctx.db
    .update(fileVersion)
    .set({
      binaryKey: key,
      binaryName: 'a.pdf',
      binarySize: 10,
      mediaType: 'application/pdf',
      sha256: 'ab',
      binaryUploadedDate: new Date(),
    })
    .where(eq(fileVersion.id, versionId));
const publish = (versionId: number, when = new Date(Date.now() - 1000)) =>
  ctx.db.update(fileVersion).set({ publishDate: when }).where(eq(fileVersion.id, versionId));

describe('POST /api/files', () => {
  it('answers 401, 403 without the right, in another unit or for a document of another unit, 404 for no document', async () => {
    expect((await anonymous()({ method: 'POST', url: '/api/files', payload: valid() })).statusCode).toBe(401);
    for (const c of [nobody, reader, elsewhere])
      expect((await c({ method: 'POST', url: '/api/files', payload: valid() })).statusCode).toBe(403);
    expect((await manager({ method: 'POST', url: '/api/files', payload: valid({ documentId: docB.id }) })).statusCode).toBe(403);
    const missing = await manager({ method: 'POST', url: '/api/files', payload: valid({ documentId: 999_999 }) });
    expect(missing.statusCode).toBe(404);
  });

  it('answers 400 for invalid bodies and stores nothing', async () => {
    const before = [await rows(), await versionRows()];
    for (const over of [
      { name: '' },
      { name: 'x'.repeat(256) },
      { versionLabel: ' ' },
      { date: '2026-13-01' },
      { date: 'yesterday' },
      { validTo: '01.02.2026' },
      { countryIds: ['be'] },
      { documentLanguageIds: ['EN'] },
      { lotRangeIds: [0] },
      { id: 5 },
      { documentId: 'x' },
    ]) {
      const res = await manager({ method: 'POST', url: '/api/files', payload: valid(over) });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
    }
    expect([await rows(), await versionRows()]).toEqual(before);
  });

  it('creates the file and its first version (no binary, unpublished), audited', async () => {
    const res = await editor({
      method: 'POST',
      url: '/api/files',
      payload: valid({ name: 'Leaflet', validTo: '2027-01-01', remarks: 'Keep dry' }),
    });
    expect(res.statusCode).toBe(201);
    const f = res.json();
    expect(f).toMatchObject({
      businessUnitId: unitA.id,
      documentId: docA.id,
      name: 'Leaflet',
      remarks: 'Keep dry',
      remarksActive: false,
      restOfTheWorld: false,
      allLotNumbers: true,
      lotRangeIds: [],
      historical: false,
      countryIds: ['BE', 'NL'],
      documentLanguageIds: ['en', 'fr'],
      archiveDate: null,
      archived: false,
      versionLabel: '1.0',
      date: '2026-03-01',
      validTo: '2027-01-01',
      publishDate: null,
      publishState: 'UNPUBLISHED',
      binary: null,
      version: 0,
    });
    expect(f.versions).toHaveLength(1);
    expect(f.versions[0]).toMatchObject({ id: f.currentVersionId, versionLabel: '1.0', binary: null, publishState: 'UNPUBLISHED' });
    const [entry] = await auditsOf(f.id);
    expect(entry).toMatchObject({ action: 'CREATE', entityLabel: 'Leaflet', businessUnitId: unitA.id });
    expect(entry.changes).toMatchObject({ documentId: docA.id, countryIds: ['BE', 'NL'], versionLabel: '1.0' });
  });

  it('keeps the rules of spec 001 §8 with their keys, storing nothing', async () => {
    const before = [await rows(), await versionRows()];
    const cases: [Record<string, unknown>, string, string][] = [
      [{ restOfTheWorld: true }, 'error.file.restOfTheWorldCountries', 'countryIds'],
      [{ countryIds: [] }, 'error.file.countryRequired', 'countryIds'],
      [{ countryIds: ['ZZ'] }, 'error.file.countryInvalid', 'countryIds'],
      [{ documentLanguageIds: [] }, 'error.file.languageRequired', 'documentLanguageIds'],
      [{ documentLanguageIds: ['en', 'nl'] }, 'error.file.languageNotInUnit', 'documentLanguageIds'],
      [{ lotRangeIds: [1] }, 'error.file.lotRangesWithAllLots', 'lotRangeIds'],
      [{ allLotNumbers: false }, 'error.file.lotRangeRequired', 'lotRangeIds'],
      [{ validTo: '2026-02-01' }, 'error.file.validToBeforeDate', 'validTo'],
    ];
    for (const [over, key, field] of cases) {
      const res = await manager({ method: 'POST', url: '/api/files', payload: valid(over) });
      expect(res.statusCode, key).toBe(400);
      expect(res.json()).toMatchObject({ message: key, fieldErrors: [{ objectName: 'file', field, message: key }] });
    }
    expect([await rows(), await versionRows()]).toEqual(before);
  });

  it('needs FILE_ROTW, FILE_REMARK_ACTIVATE and FILE_HISTORICAL for their switches (403, nothing stored)', async () => {
    const before = await rows();
    for (const over of [{ restOfTheWorld: true, countryIds: [] }, { remarksActive: true }, { historical: true }]) {
      expect((await editor({ method: 'POST', url: '/api/files', payload: valid(over) })).statusCode).toBe(403);
    }
    expect(await rows()).toBe(before);
    const rotw = await create({ restOfTheWorld: true, countryIds: [], remarksActive: true, historical: true });
    expect(rotw).toMatchObject({ restOfTheWorld: true, countryIds: [], remarksActive: true, historical: true });
  });

  it('allows only rest-of-world files while the worldwide public website is on', async () => {
    await setManufacturer(ctx.db, { worldWidePublicWebsite: true });
    try {
      const res = await manager({ method: 'POST', url: '/api/files', payload: valid() });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('error.file.onlyRestOfTheWorld');
      await create({ restOfTheWorld: true, countryIds: [] });
    } finally {
      await setManufacturer(ctx.db, { worldWidePublicWebsite: false });
    }
  });
});

describe('lot ranges of a document', () => {
  let doc: { id: number; businessUnitId: number };
  let direct: { id: number };
  let viaGroup: { id: number };
  let forAll: { id: number };
  let unrelated: { id: number };
  let archived: { id: number };
  let foreign: { id: number };
  beforeAll(async () => {
    const type = await makeProductType(ctx.db, unitA.id);
    const p1 = await makeProduct(ctx.db, type);
    const p2 = await makeProduct(ctx.db, type);
    const p3 = await makeProduct(ctx.db, type);
    const group = await makeProductGroup(ctx.db, type, [p2.id]);
    direct = await makeLotRange(ctx.db, type, [p1.id], { name: `A direct ${tag()}` });
    viaGroup = await makeLotRange(ctx.db, type, [p2.id], { name: `B group ${tag()}` });
    forAll = await makeLotRange(ctx.db, type, [], { name: `C all ${tag()}`, appliesToAll: true });
    unrelated = await makeLotRange(ctx.db, type, [p3.id]);
    archived = await makeLotRange(ctx.db, type, [p1.id], { name: `D old ${tag()}`, archiveDate: new Date(Date.now() - 60_000) });
    const typeB = await makeProductType(ctx.db, unitB.id);
    foreign = await makeLotRange(ctx.db, typeB, [(await makeProduct(ctx.db, typeB)).id]);
    const docType = await makeDocumentType(ctx.db, unitA.id);
    doc = await makeDocument(ctx.db, unitA.id, docType.id, {}, { productIds: [p1.id], productGroupIds: [group.id] });
  });

  it('lists the ranges of the products the document documents, directly or through groups (401/403/404/400)', async () => {
    const url = `/api/product-type-attribute-values/lot-ranges/search?document=${doc.id}`;
    expect((await anonymous()({ method: 'GET', url })).statusCode).toBe(401);
    for (const c of [nobody, elsewhere]) expect((await c({ method: 'GET', url })).statusCode).toBe(403);
    expect((await reader({ method: 'GET', url: `${url}999` })).statusCode).toBe(404);
    expect((await reader({ method: 'GET', url: '/api/product-type-attribute-values/lot-ranges/search' })).statusCode).toBe(400);
    const res = await reader({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((r: { id: number }) => r.id)).toEqual([direct.id, viaGroup.id, forAll.id]);
    expect(res.headers['x-total-count']).toBe('3');
  });

  it('ties a file to those ranges only ("only lot numbers can be linked")', async () => {
    for (const id of [unrelated.id, archived.id, foreign.id]) {
      const res = await manager({
        method: 'POST',
        url: '/api/files',
        payload: valid({ documentId: doc.id, allLotNumbers: false, lotRangeIds: [id] }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'error.file.lotRangeInvalid', params: { id } });
    }
    const f = await create({ documentId: doc.id, allLotNumbers: false, lotRangeIds: [forAll.id, direct.id, direct.id] });
    expect(f.lotRangeIds.sort()).toEqual([direct.id, forAll.id].sort());
    expect(f.lotRanges.map((r: { id: number }) => r.id)).toContain(direct.id);
    // an archived range already linked is kept on edit and then listed
    await ctx.db.insert(fileLotRange).values({ fileId: f.id, lotRangeId: archived.id });
    const read = (await reader({ method: 'GET', url: `/api/files/${f.id}` })).json();
    const kept = await manager({ method: 'PUT', url: `/api/files/${f.id}`, payload: bodyOf(read, { name: 'Kept ranges' }) });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().lotRangeIds).toContain(archived.id);
    const listed = await reader({ method: 'GET', url: `/api/product-type-attribute-values/lot-ranges/search?document=${doc.id}` });
    expect(listed.json().find((r: { id: number }) => r.id === archived.id)).toMatchObject({ archived: true });
  });
});

describe('GET /api/files?document and GET /api/files/{id}', () => {
  let doc: { id: number; businessUnitId: number };
  let ids: number[];
  beforeAll(async () => {
    doc = await makeDocument(ctx.db, unitA.id, (await makeDocumentType(ctx.db, unitA.id)).id);
    const b = await makeFile(ctx.db, doc, { name: 'beta' });
    const a = await makeFile(ctx.db, doc, { name: 'Alpha' });
    ids = [a.id, b.id];
  });

  it('answers 401, 403 (no right, another unit, a file of another unit), 400 and 404', async () => {
    const url = `/api/files?document=${doc.id}`;
    expect((await anonymous()({ method: 'GET', url })).statusCode).toBe(401);
    for (const c of [nobody, elsewhere]) expect((await c({ method: 'GET', url })).statusCode).toBe(403);
    expect((await reader({ method: 'GET', url: '/api/files' })).statusCode).toBe(400);
    expect((await reader({ method: 'GET', url: '/api/files?document=999999' })).statusCode).toBe(404);
    const other = await makeFile(ctx.db, docB);
    expect((await manager({ method: 'GET', url: `/api/files/${other.id}` })).statusCode).toBe(403);
    expect((await manager({ method: 'GET', url: `/api/files?document=${docB.id}` })).statusCode).toBe(403);
    expect((await reader({ method: 'GET', url: '/api/files/999999' })).statusCode).toBe(404);
    expect((await reader({ method: 'GET', url: '/api/files/abc' })).statusCode).toBe(400);
  });

  it('lists the document’s files by name with their versions, newest first', async () => {
    for (const c of [reader, editor]) {
      const res = await c({ method: 'GET', url: `/api/files?document=${doc.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().map((f: { id: number }) => f.id)).toEqual(ids);
      expect(res.headers['x-total-count']).toBe('2');
    }
    const [first] = await makeFile(ctx.db, doc, { name: 'versions' }).then((f) => [f]);
    await ctx.db.insert(fileVersion).values([
      { fileId: first.id, businessUnitId: unitA.id, label: '0.9', versionDate: '2025-06-01' },
      { fileId: first.id, businessUnitId: unitA.id, label: '2.0', versionDate: '2026-06-01' },
    ]);
    const one = (await reader({ method: 'GET', url: `/api/files/${first.id}` })).json();
    expect(one.versions.map((v: { versionLabel: string }) => v.versionLabel)).toEqual(['2.0', '1.0', '0.9']);
    expect(one.versionLabel).toBe('2.0');
  });
});

describe('PUT /api/files', () => {
  it('answers 401, 403 (no right, another unit, a file of another unit), 404, 409 and 400 with nothing changed', async () => {
    const f = await create();
    const body = bodyOf(f, { name: 'Changed' });
    expect((await anonymous()({ method: 'PUT', url: `/api/files/${f.id}`, payload: body })).statusCode).toBe(401);
    for (const c of [nobody, reader, elsewhere])
      expect((await c({ method: 'PUT', url: `/api/files/${f.id}`, payload: body })).statusCode).toBe(403);
    const other = await makeFile(ctx.db, docB);
    expect((await manager({ method: 'PUT', url: `/api/files/${other.id}`, payload: { ...body, id: other.id } })).statusCode).toBe(403);
    expect((await manager({ method: 'PUT', url: '/api/files', payload: { ...body, id: 999_999 } })).statusCode).toBe(404);
    expect((await manager({ method: 'PUT', url: `/api/files/${f.id}`, payload: { ...body, version: 7 } })).json().message).toBe(
      'error.concurrencyFailure',
    );
    const mismatch = await manager({ method: 'PUT', url: `/api/files/${f.id}`, payload: { ...body, id: f.id + 1 } });
    expect([400, 403, 404]).toContain(mismatch.statusCode);
    const moved = await manager({ method: 'PUT', url: `/api/files/${f.id}`, payload: { ...body, documentId: docB.id } });
    expect(moved.json().message).toBe('error.file.documentCannotChange');
    expect((await manager({ method: 'PUT', url: `/api/files/${f.id}`, payload: { ...body, countryIds: [] } })).statusCode).toBe(400);
    expect((await reader({ method: 'GET', url: `/api/files/${f.id}` })).json()).toMatchObject({ name: f.name, version: 0 });
  });

  it('updates the file and its current version, audited with the changes', async () => {
    const f = await create();
    const res = await editor({
      method: 'PUT',
      url: '/api/files',
      payload: bodyOf(f, { name: 'Renamed', versionLabel: '1.1', date: '2026-04-01', countryIds: ['DE'], documentLanguageIds: ['de'] }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Renamed',
      versionLabel: '1.1',
      date: '2026-04-01',
      countryIds: ['DE'],
      documentLanguageIds: ['de'],
      version: 1,
    });
    expect(res.json().versions).toHaveLength(1);
    const [entry] = await auditsOf(f.id);
    expect(entry).toMatchObject({ action: 'UPDATE', entityLabel: 'Renamed' });
    expect(entry.changes).toMatchObject({ name: { from: f.name, to: 'Renamed' }, versionLabel: { from: '1.0', to: '1.1' } });
    const links = await ctx.db.select().from(fileCountry).where(eq(fileCountry.fileId, f.id));
    expect(links.map((l) => l.countryIsoCode)).toEqual(['DE']);
    expect((await ctx.db.select().from(fileLanguage).where(eq(fileLanguage.fileId, f.id))).map((l) => l.languageIsoCode)).toEqual(['de']);
  });

  it('needs the FILE_* right to change a switch, not to keep it', async () => {
    const f = await create({ historical: true, remarksActive: true });
    for (const over of [{ historical: false }, { remarksActive: false }, { restOfTheWorld: true, countryIds: [] }]) {
      expect((await editor({ method: 'PUT', url: `/api/files/${f.id}`, payload: bodyOf(f, over) })).statusCode).toBe(403);
    }
    expect((await editor({ method: 'PUT', url: `/api/files/${f.id}`, payload: bodyOf(f, { name: 'Same switches' }) })).statusCode).toBe(
      200,
    );
  });

  it('freezes a published or scheduled current version: label and date stay, validTo may change', async () => {
    const f = await create();
    await publish(f.currentVersionId, new Date(Date.now() + 86_400_000));
    // scheduled in the sense of the admin's state once the live publication holds it (decision 0051)
    await ctx.db
      .update(fileVersion)
      .set({ binaryKey: `k/frozen-${f.id}` })
      .where(eq(fileVersion.id, f.currentVersionId));
    await publishAsIs(ctx.db, unitA.id);
    const read = (await reader({ method: 'GET', url: `/api/files/${f.id}` })).json();
    expect(read.publishState).toBe('SCHEDULED');
    for (const over of [{ versionLabel: '9.9' }, { date: '2026-05-05' }]) {
      const res = await manager({ method: 'PUT', url: `/api/files/${f.id}`, payload: bodyOf(read, over) });
      expect(res.json().message).toBe('error.file.versionPublished');
    }
    const retire = await manager({
      method: 'PUT',
      url: `/api/files/${f.id}`,
      payload: bodyOf(read, { validTo: '2030-01-01', name: 'Retired' }),
    });
    expect(retire.statusCode).toBe(200);
    expect(retire.json()).toMatchObject({ validTo: '2030-01-01', name: 'Retired', versionLabel: '1.0' });
  });
});

describe('POST /api/files/{id}/versions', () => {
  it('answers 401, 403, 404 and 400, and needs the current binary first ("Please provide a binary file")', async () => {
    const f = await create();
    const url = `/api/files/${f.id}/versions`;
    const payload = { versionLabel: '2.0', date: '2026-06-01' };
    expect((await anonymous()({ method: 'POST', url, payload })).statusCode).toBe(401);
    for (const c of [nobody, reader, elsewhere]) expect((await c({ method: 'POST', url, payload })).statusCode).toBe(403);
    expect((await manager({ method: 'POST', url: '/api/files/999999/versions', payload })).statusCode).toBe(404);
    expect((await manager({ method: 'POST', url, payload: { versionLabel: '', date: '2026-06-01' } })).statusCode).toBe(400);
    const before = await versionRows();
    const res = await manager({ method: 'POST', url, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.file.binaryRequired');
    expect(await versionRows()).toBe(before);
  });

  it('adds a version and keeps the earlier one with its dates and binary; labels are unique regardless of case', async () => {
    const f = await create();
    await giveBinary(f.currentVersionId);
    const url = `/api/files/${f.id}/versions`;
    const taken = await manager({ method: 'POST', url, payload: { versionLabel: ' 1.0 ', date: '2026-06-01' } });
    expect(taken.json()).toMatchObject({ message: 'error.file.versionLabelExists', params: { versionLabel: '1.0' } });
    const badDates = await manager({ method: 'POST', url, payload: { versionLabel: '2.0', date: '2026-06-01', validTo: '2026-01-01' } });
    expect(badDates.json().message).toBe('error.file.validToBeforeDate');
    const res = await editor({ method: 'POST', url, payload: { versionLabel: '2.0', date: '2026-06-01' } });
    expect(res.statusCode).toBe(201);
    const after = res.json();
    expect(after).toMatchObject({ versionLabel: '2.0', date: '2026-06-01', binary: null, version: f.version + 1 });
    expect(after.versions.map((v: { versionLabel: string }) => v.versionLabel)).toEqual(['2.0', '1.0']);
    expect(after.versions[1]).toMatchObject({ date: '2026-03-01', binary: { name: 'a.pdf' } });
    expect((await auditsOf(f.id))[0]).toMatchObject({ action: 'UPDATE', changes: { versionAdded: { versionLabel: '2.0' } } });
    const again = await manager({ method: 'POST', url, payload: { versionLabel: '3.0', date: '2026-07-01' } });
    expect(again.json().message).toBe('error.file.binaryRequired');
  });
});

describe('DELETE /api/files/{id}', () => {
  it('answers 401, 403 (no delete right, another unit), 404; a published file is archived, not deleted', async () => {
    const f = await create();
    const url = `/api/files/${f.id}`;
    expect((await anonymous()({ method: 'DELETE', url })).statusCode).toBe(401);
    for (const c of [nobody, reader, editor, elsewhere]) expect((await c({ method: 'DELETE', url })).statusCode).toBe(403);
    expect((await manager({ method: 'DELETE', url: '/api/files/999999' })).statusCode).toBe(404);
    await publish(f.currentVersionId);
    const refused = await manager({ method: 'DELETE', url });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('error.file.published');
    expect((await reader({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('deletes the file with its versions and links, audited', async () => {
    const f = await create();
    const res = await manager({ method: 'DELETE', url: `/api/files/${f.id}` });
    expect(res.statusCode).toBe(204);
    expect((await reader({ method: 'GET', url: `/api/files/${f.id}` })).statusCode).toBe(404);
    expect(await ctx.db.select().from(fileVersion).where(eq(fileVersion.fileId, f.id))).toEqual([]);
    expect((await auditsOf(f.id))[0]).toMatchObject({ action: 'DELETE', entityLabel: f.name });
  });
});

describe('archive and archived files', () => {
  it('archives and restores a file (401, 403, 404, 409, 400), listed on the archived files of the unit', async () => {
    const f = await create({ name: `Archived ${tag()}` });
    const url = `/api/files/${f.id}/archive`;
    const payload = { archiveDate: new Date().toISOString(), version: f.version };
    expect((await anonymous()({ method: 'PUT', url, payload })).statusCode).toBe(401);
    for (const c of [nobody, reader, elsewhere]) expect((await c({ method: 'PUT', url, payload })).statusCode).toBe(403);
    expect((await manager({ method: 'PUT', url: '/api/files/999999/archive', payload })).statusCode).toBe(404);
    expect((await manager({ method: 'PUT', url, payload: { ...payload, archiveDate: 'soon' } })).statusCode).toBe(400);
    expect((await manager({ method: 'PUT', url, payload: { ...payload, version: 9 } })).statusCode).toBe(409);
    const res = await editor({ method: 'PUT', url, payload });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ archived: true, version: 1 });
    expect((await auditsOf(f.id))[0]).toMatchObject({ action: 'ARCHIVE' });

    const listUrl = `/api/documents/archived-files?business-unit=${unitA.id}`;
    expect((await anonymous()({ method: 'GET', url: listUrl })).statusCode).toBe(401);
    for (const c of [nobody, elsewhere]) expect((await c({ method: 'GET', url: listUrl })).statusCode).toBe(403);
    expect((await reader({ method: 'GET', url: '/api/documents/archived-files' })).statusCode).toBe(400);
    const list = await reader({ method: 'GET', url: listUrl });
    expect(list.statusCode).toBe(200);
    const entry = list.json().find((a: { id: number }) => a.id === f.id);
    expect(entry).toMatchObject({
      documentId: docA.id,
      documentNumber: expect.any(String),
      documentName: expect.any(String),
      archived: true,
    });
    expect((await elsewhere({ method: 'GET', url: `/api/documents/archived-files?business-unit=${unitB.id}` })).json()).toEqual([]);

    const restored = await manager({ method: 'PUT', url, payload: { archiveDate: null, version: 1 } });
    expect(restored.json()).toMatchObject({ archiveDate: null, archived: false });
    expect((await auditsOf(f.id))[0]).toMatchObject({ action: 'RESTORE' });
    expect((await reader({ method: 'GET', url: listUrl })).json().some((a: { id: number }) => a.id === f.id)).toBe(false);
  });
});

describe('statistics', () => {
  it('counts current files per audience and language files (HCP language files)', async () => {
    const unit = await makeBusinessUnit(ctx.db, { documentLanguages: ['en', 'fr'] });
    const hcp = await makeDocument(ctx.db, unit.id, (await makeDocumentType(ctx.db, unit.id, { hcp: true, patient: false })).id);
    const both = await makeDocument(ctx.db, unit.id, (await makeDocumentType(ctx.db, unit.id, { hcp: true, patient: true })).id);
    await makeFile(ctx.db, hcp, { languageIds: ['en', 'fr'] });
    await makeFile(ctx.db, both, { languageIds: ['en'] });
    const gone = await makeFile(ctx.db, both, { languageIds: ['fr'] });
    await ctx.db
      .update(file)
      .set({ archiveDate: new Date(Date.now() - 1000) })
      .where(eq(file.id, gone.id));
    const c = await countUnitContent(ctx.db, unit.id);
    expect(c).toMatchObject({ files: 2, filesHcp: 2, filesPatient: 1, languageFilesHcp: 3, languageFilesPatient: 1 });
  });
});
