import type { AccessRight } from '@vellum/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, document, documentType } from '../../db/schema/index.js';
import { makeDocument, makeDocumentType } from '../../factories/document-factories.js';
import { makeBusinessUnit, makeUserWithRights, setManufacturer } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { translatableEntity } from '../internationalizations/translatable-entities.js';

let ctx: TestContext;
let unitA: { id: number };
let unitB: { id: number };
/** DOCUMENT_TYPE_MANAGE and DOCUMENT_TYPE_DELETE in unit A. */
let manager: ReturnType<typeof as>;
/** DOCUMENT_TYPE_MANAGE in unit A, without the delete right. */
let editor: ReturnType<typeof as>;
let reader: ReturnType<typeof as>;
/** Rights on unrelated areas in unit A. */
let nobody: ReturnType<typeof as>;
/** Every document-type right, but in unit B. */
let elsewhere: ReturnType<typeof as>;
const anonymous = () => as(ctx.app, undefined);

const client = async (rights: AccessRight[], units: number[] | 'all') =>
  as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, rights, units)).id));

beforeAll(async () => {
  ctx = await createTestContext();
  unitA = await makeBusinessUnit(ctx.db);
  unitB = await makeBusinessUnit(ctx.db);
  manager = await client(['DOCUMENT_TYPE_MANAGE', 'DOCUMENT_TYPE_DELETE'], [unitA.id]);
  editor = await client(['DOCUMENT_TYPE_MANAGE'], [unitA.id]);
  reader = await client(['DOCUMENT_READ'], [unitA.id]);
  nobody = await client(['PRODUCT_TYPE_MANAGE', 'DOCUMENT_ATTRIBUTE_MANAGE'], [unitA.id]);
  elsewhere = await client(['DOCUMENT_TYPE_MANAGE', 'DOCUMENT_TYPE_DELETE', 'DOCUMENT_READ', 'DOCUMENT_MANAGE'], [unitB.id]);
  await setManufacturer(ctx.db, { patientBusinessUnitSearch: true });
});
afterAll(() => ctx.close());

let counter = 0;
const unique = () => `${Math.random().toString(36).slice(2, 7)}${counter++}`;
const nextSort = () => 1000 + counter++;
const row = async (id: number) => (await ctx.db.select().from(documentType).where(eq(documentType.id, id)))[0];
const named = (name: string) => ctx.db.select().from(documentType).where(eq(documentType.name, name));
const auditsOf = (id: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityName, 'document-type'), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.id));
const valid = (over: Record<string, unknown> = {}) => ({
  businessUnitId: unitA.id,
  name: `Leaflet ${unique()}`,
  hcp: true,
  patient: false,
  active: true,
  sortNumber: nextSort(),
  ...over,
});
const bodyOf = (r: typeof documentType.$inferSelect, over: Record<string, unknown> = {}) => ({
  id: r.id,
  businessUnitId: r.businessUnitId,
  name: r.name,
  active: r.active,
  hcp: r.hcp,
  patient: r.patient,
  sortNumber: r.sortNumber,
  linkType: r.linkType,
  version: r.version,
  ...over,
});

describe('GET /api/document-types', () => {
  const tag = unique();
  let ids: number[];
  beforeAll(async () => {
    const b = await makeDocumentType(ctx.db, unitA.id, { name: `beta ${tag}`, sortNumber: 20, active: false });
    const a = await makeDocumentType(ctx.db, unitA.id, { name: `Alpha ${tag}`, sortNumber: 30 });
    const c = await makeDocumentType(ctx.db, unitA.id, { name: `Gamma ${tag}`, sortNumber: 10 });
    await makeDocumentType(ctx.db, unitB.id, { name: `Other ${tag}` });
    ids = [c.id, b.id, a.id];
  });

  it('answers 401, 403 without a read right or with rights only in another unit, 400 without the business unit', async () => {
    const url = `/api/document-types?business-unit=${unitA.id}`;
    expect((await anonymous()({ method: 'GET', url })).statusCode).toBe(401);
    for (const c of [nobody, elsewhere]) expect((await c({ method: 'GET', url })).statusCode).toBe(403);
    const res = await reader({ method: 'GET', url: '/api/document-types' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.validation');
    expect((await reader({ method: 'GET', url: `${url}&sort=bogus,asc` })).statusCode).toBe(400);
  });

  it('lists the unit’s types by sort number, searched, sorted and paged, for each read right', async () => {
    for (const c of [reader, editor, await client(['DOCUMENT_MANAGE'], [unitA.id])]) {
      const res = await c({ method: 'GET', url: `/api/document-types?business-unit=${unitA.id}&search=${tag}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().map((t: { id: number }) => t.id)).toEqual(ids);
      expect(res.headers['x-total-count']).toBe('3');
    }
    const byName = await reader({ method: 'GET', url: `/api/document-types?business-unit=${unitA.id}&search=${tag}&sort=name,desc` });
    expect(byName.json().map((t: { name: string }) => t.name)).toEqual([`Gamma ${tag}`, `beta ${tag}`, `Alpha ${tag}`]);
    const page = await reader({
      method: 'GET',
      url: `/api/document-types?business-unit=${unitA.id}&search=${tag}&sort=name,asc&page=1&size=2`,
    });
    expect(page.json().map((t: { name: string }) => t.name)).toEqual([`Gamma ${tag}`]);
    expect(page.headers['x-total-count']).toBe('3');
    const one = await reader({ method: 'GET', url: `/api/document-types?business-unit=${unitA.id}&search=ALPHA ${tag}` });
    expect(one.json()).toEqual([
      {
        id: ids[2],
        businessUnitId: unitA.id,
        name: `Alpha ${tag}`,
        active: true,
        hcp: true,
        patient: false,
        sortNumber: 30,
        linkType: 'gs1:instructions',
        version: 0,
      },
    ]);
    const wild = await reader({ method: 'GET', url: `/api/document-types?business-unit=${unitA.id}&search=%25` });
    expect(wild.json()).toEqual([]);
  });
});

describe('GET /api/document-types/{id}', () => {
  it('answers 401, 403, 404 and the type', async () => {
    const t = await makeDocumentType(ctx.db, unitA.id);
    expect((await anonymous()({ method: 'GET', url: `/api/document-types/${t.id}` })).statusCode).toBe(401);
    for (const c of [nobody, elsewhere]) expect((await c({ method: 'GET', url: `/api/document-types/${t.id}` })).statusCode).toBe(403);
    expect((await reader({ method: 'GET', url: '/api/document-types/99999999' })).statusCode).toBe(404);
    const res = await reader({ method: 'GET', url: `/api/document-types/${t.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(bodyOf(t));
  });
});

describe('POST /api/document-types', () => {
  it('answers 401, and 403 without the manage right or with it only in another unit, storing nothing', async () => {
    const body = valid();
    expect((await anonymous()({ method: 'POST', url: '/api/document-types', payload: body })).statusCode).toBe(401);
    for (const c of [nobody, reader, elsewhere]) {
      expect((await c({ method: 'POST', url: '/api/document-types', payload: body })).statusCode).toBe(403);
    }
    expect(await named(body.name)).toEqual([]);
  });

  it('answers 400 for invalid fields and stores nothing', async () => {
    for (const over of [
      { name: '' },
      { name: 'bad<name>' },
      { name: 'x'.repeat(51) },
      { sortNumber: -1 },
      { sortNumber: 1.5 },
      { sortNumber: undefined },
      { hcp: 'yes' },
      { linkType: 'gs1:nosuchlt' },
      { linkType: 'gs1:pip' },
      { linkType: 'https://gs1.org/voc/epil' },
    ]) {
      const body = valid(over);
      const res = await manager({ method: 'POST', url: '/api/document-types', payload: body });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toBe('error.validation');
      expect(await named(body.name as string)).toEqual([]);
    }
  });

  it('refuses the global scope and unknown business units', async () => {
    const admin = await client(['DOCUMENT_TYPE_MANAGE'], 'all');
    for (const businessUnitId of [0, 99999999]) {
      const body = valid({ businessUnitId });
      const res = await admin({ method: 'POST', url: '/api/document-types', payload: body });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual([{ objectName: 'documentType', field: 'businessUnitId', message: 'NotFound' }]);
      expect(await named(body.name)).toEqual([]);
    }
  });

  it('creates the type (201) with its defaults, announces it and audits it', async () => {
    const body = { businessUnitId: unitA.id, name: `Manual ${unique()}`, hcp: true, sortNumber: nextSort() };
    const res = await editor({ method: 'POST', url: '/api/document-types', payload: body });
    expect(res.statusCode).toBe(201);
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.documentType.created');
    const created = res.json();
    // its files are GS1 instructions until someone chooses (decision 0049)
    expect(created).toEqual({ ...body, id: expect.any(Number), active: true, patient: false, linkType: 'gs1:instructions', version: 0 });
    const [a] = await auditsOf(created.id);
    expect(a).toMatchObject({
      action: 'CREATE',
      businessUnitId: unitA.id,
      entityLabel: body.name,
      changes: { name: body.name, hcp: true },
    });
  });

  it('needs an audience: type needs an audience', async () => {
    const body = valid({ hcp: false, patient: false });
    const res = await manager({ method: 'POST', url: '/api/document-types', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'error.documentType.audienceRequired',
      fieldErrors: [{ objectName: 'documentType', field: 'hcp', message: 'error.documentType.audienceRequired' }],
    });
    expect(await named(body.name)).toEqual([]);
  });

  it('refuses a name taken in the unit regardless of case, and a taken sort number, but not in another unit', async () => {
    const taken = await makeDocumentType(ctx.db, unitA.id);
    const byName = valid({ name: taken.name.toUpperCase() });
    const res = await manager({ method: 'POST', url: '/api/document-types', payload: byName });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'error.documentType.nameExists', params: { name: byName.name } });
    expect(res.json().fieldErrors[0].field).toBe('name');
    const bySort = valid({ sortNumber: taken.sortNumber });
    const sorted = await manager({ method: 'POST', url: '/api/document-types', payload: bySort });
    expect(sorted.statusCode).toBe(400);
    expect(sorted.json()).toMatchObject({ message: 'error.documentType.sortNumberExists', params: { sortNumber: taken.sortNumber } });
    expect(sorted.json().fieldErrors[0].field).toBe('sortNumber');
    expect(await named(bySort.name)).toEqual([]);
    const inB = await elsewhere({
      method: 'POST',
      url: '/api/document-types',
      payload: valid({ businessUnitId: unitB.id, name: taken.name, sortNumber: taken.sortNumber }),
    });
    expect(inB.statusCode).toBe(201);
  });

  it('lets one of two concurrent creates with the same sort number win; the other answers the rule', async () => {
    const sortNumber = nextSort();
    const bodies = Array.from({ length: 6 }, () => valid({ sortNumber }));
    const answers = await Promise.all(bodies.map((payload) => manager({ method: 'POST', url: '/api/document-types', payload })));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 400, 400, 400, 400, 400]);
    for (const a of answers.filter((x) => x.statusCode === 400)) expect(a.json().message).toBe('error.documentType.sortNumberExists');
    const stored = await ctx.db
      .select()
      .from(documentType)
      .where(and(eq(documentType.businessUnitId, unitA.id), eq(documentType.sortNumber, sortNumber)));
    expect(stored).toHaveLength(1);
  });

  it('lets one of two concurrent creates with the same name win', async () => {
    const name = `Race ${unique()}`;
    const answers = await Promise.all(
      [name, name.toLowerCase(), name.toUpperCase()].map((n) =>
        manager({ method: 'POST', url: '/api/document-types', payload: valid({ name: n }) }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400, 400]);
    for (const a of answers.filter((x) => x.statusCode === 400)) expect(a.json().message).toBe('error.documentType.nameExists');
  });

  it('refuses the patient audience while the patient portal is off', async () => {
    await setManufacturer(ctx.db, { patientBusinessUnitSearch: false });
    try {
      const body = valid({ patient: true });
      const res = await manager({ method: 'POST', url: '/api/document-types', payload: body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'error.patient.toggleDisabled', fieldErrors: [{ field: 'patient' }] });
      expect(await named(body.name)).toEqual([]);
    } finally {
      await setManufacturer(ctx.db, { patientBusinessUnitSearch: true });
    }
    const res = await manager({ method: 'POST', url: '/api/document-types', payload: valid({ hcp: false, patient: true }) });
    expect(res.statusCode).toBe(201);
  });
});

describe('PUT /api/document-types', () => {
  it('answers 401, 403 (missing right, other unit), 404 and 400 with nothing stored', async () => {
    const t = await makeDocumentType(ctx.db, unitA.id);
    const payload = bodyOf(t, { name: `Renamed ${unique()}` });
    expect((await anonymous()({ method: 'PUT', url: '/api/document-types', payload })).statusCode).toBe(401);
    for (const c of [nobody, reader, elsewhere])
      expect((await c({ method: 'PUT', url: '/api/document-types', payload })).statusCode).toBe(403);
    expect((await manager({ method: 'PUT', url: '/api/document-types', payload: { ...payload, id: 99999999 } })).statusCode).toBe(404);
    for (const over of [{ name: '' }, { sortNumber: -3 }, { version: undefined }]) {
      const res = await manager({ method: 'PUT', url: '/api/document-types', payload: { ...payload, ...over } });
      expect(res.statusCode).toBe(400);
    }
    const moved = await manager({ method: 'PUT', url: '/api/document-types', payload: { ...payload, businessUnitId: unitB.id } });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().fieldErrors).toEqual([{ objectName: 'documentType', field: 'businessUnitId', message: 'CannotChange' }]);
    const mismatch = await manager({ method: 'PUT', url: `/api/document-types/${t.id}`, payload: { ...payload, id: t.id + 1 } });
    expect([400, 403, 404]).toContain(mismatch.statusCode);
    expect(await row(t.id)).toEqual(t);
  });

  it('updates the audiences, bumps the version, audits the change and answers 409 to a stale version', async () => {
    const t = await makeDocumentType(ctx.db, unitA.id);
    const res = await editor({
      method: 'PUT',
      url: `/api/document-types/${t.id}`,
      payload: bodyOf(t, { hcp: false, patient: true, active: false }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.documentType.updated');
    expect(res.json()).toEqual(bodyOf(t, { hcp: false, patient: true, active: false, version: 1 }));
    const [a] = await auditsOf(t.id);
    expect(a).toMatchObject({
      action: 'UPDATE',
      changes: { hcp: { from: true, to: false }, patient: { from: false, to: true }, active: { from: true, to: false } },
    });
    const stale = await editor({ method: 'PUT', url: '/api/document-types', payload: bodyOf(t, { name: `Stale ${unique()}` }) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('error.concurrencyFailure');
    expect((await row(t.id)).name).toBe(t.name);
  });

  it('changes the GS1 link type its files are listed under, audited', async () => {
    const t = await makeDocumentType(ctx.db, unitA.id);
    const res = await editor({ method: 'PUT', url: `/api/document-types/${t.id}`, payload: bodyOf(t, { linkType: 'gs1:epil' }) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(bodyOf(t, { linkType: 'gs1:epil', version: 1 }));
    expect((await row(t.id)).linkType).toBe('gs1:epil');
    const [a] = await auditsOf(t.id);
    expect(a).toMatchObject({ action: 'UPDATE', changes: { linkType: { from: 'gs1:instructions', to: 'gs1:epil' } } });
    const refused = await editor({
      method: 'PUT',
      url: `/api/document-types/${t.id}`,
      payload: bodyOf(t, { linkType: 'epil', version: 1 }),
    });
    expect(refused.statusCode).toBe(400);
    expect((await row(t.id)).linkType).toBe('gs1:epil');
  });

  it('keeps its own name and sort number, refuses another type’s, and needs an audience', async () => {
    const other = await makeDocumentType(ctx.db, unitA.id);
    const t = await makeDocumentType(ctx.db, unitA.id);
    const same = await editor({ method: 'PUT', url: '/api/document-types', payload: bodyOf(t, { name: t.name.toUpperCase() }) });
    expect(same.statusCode).toBe(200);
    const now = await row(t.id);
    for (const [over, key] of [
      [{ name: other.name }, 'error.documentType.nameExists'],
      [{ sortNumber: other.sortNumber }, 'error.documentType.sortNumberExists'],
      [{ hcp: false, patient: false }, 'error.documentType.audienceRequired'],
    ] as const) {
      const res = await editor({ method: 'PUT', url: '/api/document-types', payload: bodyOf(now, over) });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(key);
    }
    expect(await row(t.id)).toEqual(now);
  });

  it('keeps a patient audience stored while the portal was on, but does not let one start while it is off', async () => {
    const withPatient = await makeDocumentType(ctx.db, unitA.id, { patient: true });
    const hcpOnly = await makeDocumentType(ctx.db, unitA.id);
    await setManufacturer(ctx.db, { patientBusinessUnitSearch: false });
    try {
      const kept = await editor({ method: 'PUT', url: '/api/document-types', payload: bodyOf(withPatient, { active: false }) });
      expect(kept.statusCode).toBe(200);
      const started = await editor({ method: 'PUT', url: '/api/document-types', payload: bodyOf(hcpOnly, { patient: true }) });
      expect(started.statusCode).toBe(400);
      expect(started.json().message).toBe('error.patient.toggleDisabled');
      expect((await row(hcpOnly.id)).patient).toBe(false);
    } finally {
      await setManufacturer(ctx.db, { patientBusinessUnitSearch: true });
    }
  });

  it('lets one of two concurrent updates to the same sort number win', async () => {
    const [a, b] = [await makeDocumentType(ctx.db, unitA.id), await makeDocumentType(ctx.db, unitA.id)];
    const sortNumber = nextSort();
    const answers = await Promise.all(
      [a, b].map((t) => editor({ method: 'PUT', url: '/api/document-types', payload: bodyOf(t, { sortNumber }) })),
    );
    expect(answers.map((x) => x.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((x) => x.statusCode === 400)?.json().message).toBe('error.documentType.sortNumberExists');
  });
});

describe('DELETE /api/document-types/{id}', () => {
  it('answers 401, 403 (missing right, other unit) and 404, deleting nothing', async () => {
    const t = await makeDocumentType(ctx.db, unitA.id);
    expect((await anonymous()({ method: 'DELETE', url: `/api/document-types/${t.id}` })).statusCode).toBe(401);
    for (const c of [nobody, reader, editor, elsewhere]) {
      expect((await c({ method: 'DELETE', url: `/api/document-types/${t.id}` })).statusCode).toBe(403);
    }
    expect((await manager({ method: 'DELETE', url: '/api/document-types/99999999' })).statusCode).toBe(404);
    expect(await row(t.id)).toEqual(t);
  });

  it('refuses a type that documents use, then deletes it once unused, audited', async () => {
    const t = await makeDocumentType(ctx.db, unitA.id);
    const documents = [await makeDocument(ctx.db, unitA.id, t.id), await makeDocument(ctx.db, unitA.id, t.id)];
    const refused = await manager({ method: 'DELETE', url: `/api/document-types/${t.id}` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'error.documentType.inUse', params: { documents: 2 } });
    expect(await row(t.id)).toEqual(t);
    for (const d of documents) await ctx.db.delete(document).where(eq(document.id, d.id));
    const res = await manager({ method: 'DELETE', url: `/api/document-types/${t.id}` });
    expect(res.statusCode).toBe(204);
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.documentType.deleted');
    expect(await row(t.id)).toBeUndefined();
    const [a] = await auditsOf(t.id);
    expect(a).toMatchObject({ action: 'DELETE', entityLabel: t.name });
  });
});

describe('the business unit and translations', () => {
  it('counts the unit’s document types so that the unit is not deleted while it holds any', async () => {
    const unit = await makeBusinessUnit(ctx.db);
    await makeDocumentType(ctx.db, unit.id);
    const admin = await client(['BUSINESS_UNIT_DELETE'], 'all');
    const res = await admin({ method: 'DELETE', url: `/api/business-units/${unit.id}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.businessUnit.notEmpty');
  });

  it('registers document_type as translatable: the unit’s names as sources', async () => {
    const entity = translatableEntity('document_type');
    expect(entity?.fields).toEqual({ name: { maxLength: 50 } });
    const t = await makeDocumentType(ctx.db, unitB.id);
    const sources = await entity?.sources(ctx.db, unitB.id, [t.id]);
    expect(sources).toEqual([{ id: t.id, label: t.name, values: { name: t.name } }]);
    expect((await entity?.sources(ctx.db, unitA.id, [t.id])) ?? []).toEqual([]);
  });
});
