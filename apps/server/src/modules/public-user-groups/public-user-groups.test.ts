import type { AccessRight } from '@vellum/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/client.js';
import { auditLog, businessUnit, document, publicUserGroup, publicUserGroupDocument } from '../../db/schema/index.js';
import { makeDocumentType } from '../../factories/document-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';

let ctx: TestContext;
let unitA: { id: number };
let unitB: { id: number };
/** RESTRICTED_ACCESS_GROUP_MANAGE in unit A. */
let manager: ReturnType<typeof as>;
/** DOCUMENT_READ in unit A: reads groups, changes none. */
let reader: ReturnType<typeof as>;
/** Rights on unrelated areas in unit A. */
let nobody: ReturnType<typeof as>;
/** Every right of the area, but in unit B. */
let elsewhere: ReturnType<typeof as>;
const anonymous = () => as(ctx.app, undefined);

const client = async (rights: AccessRight[], units: number[] | 'all') =>
  as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, rights, units)).id));

let counter = 0;
const unique = () => `${Math.random().toString(36).slice(2, 7)}${counter++}`;

/** A document of the unit, inserted directly (the documents API is another area's). */
async function makeDocument(db: DbOrTx, businessUnitId: number, over: Partial<typeof document.$inferInsert> = {}) {
  const type = await makeDocumentType(db, businessUnitId, { sortNumber: 10_000 + counter++ });
  const tag = unique();
  const [row] = await db
    .insert(document)
    .values({ businessUnitId, documentTypeId: type.id, number: `DOC-${tag}`, name: `Document ${tag}`, ...over })
    .returning();
  return row;
}
/** A group of the unit, inserted directly, with its document links. */
async function makeGroup(businessUnitId: number, over: Partial<typeof publicUserGroup.$inferInsert> = {}, documentIds: number[] = []) {
  const [row] = await ctx.db
    .insert(publicUserGroup)
    .values({ businessUnitId, name: `Group ${unique()}`, emails: ['a@example.com'], ...over })
    .returning();
  if (documentIds.length) {
    await ctx.db.insert(publicUserGroupDocument).values(documentIds.map((documentId) => ({ publicUserGroupId: row.id, documentId })));
  }
  return row;
}
const row = async (id: number) => (await ctx.db.select().from(publicUserGroup).where(eq(publicUserGroup.id, id)))[0];
const named = (name: string) => ctx.db.select().from(publicUserGroup).where(eq(publicUserGroup.name, name));
const linksOf = async (id: number) =>
  (await ctx.db.select().from(publicUserGroupDocument).where(eq(publicUserGroupDocument.publicUserGroupId, id)))
    .map((l) => l.documentId)
    .sort((a, b) => a - b);
const auditsOf = (id: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityName, 'public-user-group'), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.id));
const setActive = (id: number, active: boolean) =>
  ctx.db.update(businessUnit).set({ publicUserGroupActive: active }).where(eq(businessUnit.id, id));
const valid = (over: Record<string, unknown> = {}) => ({
  businessUnitId: unitA.id,
  name: `Clinic ${unique()}`,
  enabled: true,
  emails: ['nurse@example.com'],
  documentIds: [] as number[],
  ...over,
});
const bodyOf = (r: typeof publicUserGroup.$inferSelect, documentIds: number[] = [], over: Record<string, unknown> = {}) => ({
  id: r.id,
  businessUnitId: r.businessUnitId,
  name: r.name,
  enabled: r.enabled,
  emails: r.emails,
  documentIds,
  version: r.version,
  ...over,
});

beforeAll(async () => {
  ctx = await createTestContext();
  unitA = await makeBusinessUnit(ctx.db, { publicUserGroupActive: true });
  unitB = await makeBusinessUnit(ctx.db, { publicUserGroupActive: true });
  manager = await client(['RESTRICTED_ACCESS_GROUP_MANAGE'], [unitA.id]);
  reader = await client(['DOCUMENT_READ'], [unitA.id]);
  nobody = await client(['DOCUMENT_TYPE_MANAGE', 'DOCUMENT_SEARCH_USER_MANAGE'], [unitA.id]);
  elsewhere = await client(['RESTRICTED_ACCESS_GROUP_MANAGE', 'DOCUMENT_READ', 'DOCUMENT_MANAGE'], [unitB.id]);
});
afterAll(() => ctx.close());

describe('GET /api/public-user-groups', () => {
  const tag = unique();
  let ids: number[];
  let doc: { id: number; number: string; name: string };
  beforeAll(async () => {
    doc = await makeDocument(ctx.db, unitA.id, { number: `zz-${tag}` });
    const other = await makeDocument(ctx.db, unitA.id, { number: `aa-${tag}` });
    const b = await makeGroup(unitA.id, { name: `beta ${tag}`, enabled: false }, [doc.id, other.id]);
    const a = await makeGroup(unitA.id, { name: `Alpha ${tag}` });
    const c = await makeGroup(unitA.id, { name: `Gamma ${tag}` }, [doc.id]);
    await makeGroup(unitB.id, { name: `Other ${tag}` });
    ids = [a.id, b.id, c.id];
  });

  it('answers 401, 403 without a read right or with rights only in another unit, 400 without the business unit', async () => {
    const url = `/api/public-user-groups?business-unit=${unitA.id}`;
    expect((await anonymous()({ method: 'GET', url })).statusCode).toBe(401);
    for (const c of [nobody, elsewhere]) expect((await c({ method: 'GET', url })).statusCode).toBe(403);
    const res = await reader({ method: 'GET', url: '/api/public-user-groups' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.validation');
    for (const q of ['sort=bogus,asc', 'document=abc', 'size=0']) {
      expect((await reader({ method: 'GET', url: `${url}&${q}` })).statusCode, q).toBe(400);
    }
  });

  it('lists the unit’s groups by name with their documents, searched, sorted, paged, for each read right', async () => {
    for (const c of [reader, manager, await client(['DOCUMENT_MANAGE'], [unitA.id])]) {
      const res = await c({ method: 'GET', url: `/api/public-user-groups?business-unit=${unitA.id}&search=${tag}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().map((g: { id: number }) => g.id)).toEqual(ids);
      expect(res.headers['x-total-count']).toBe('3');
    }
    const list = (await reader({ method: 'GET', url: `/api/public-user-groups?business-unit=${unitA.id}&search=BETA ${tag}` })).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ name: `beta ${tag}`, enabled: false, emails: ['a@example.com'], version: 0 });
    expect(list[0].documents.map((d: { number: string }) => d.number)).toEqual([`aa-${tag}`, `zz-${tag}`]);
    expect(list[0].documentIds).toEqual(list[0].documents.map((d: { id: number }) => d.id));
    expect(typeof list[0].createdDate).toBe('string');
    const desc = await reader({ method: 'GET', url: `/api/public-user-groups?business-unit=${unitA.id}&search=${tag}&sort=name,desc` });
    expect(desc.json().map((g: { name: string }) => g.name)).toEqual([`Gamma ${tag}`, `beta ${tag}`, `Alpha ${tag}`]);
    const page = await reader({
      method: 'GET',
      url: `/api/public-user-groups?business-unit=${unitA.id}&search=${tag}&page=1&size=2`,
    });
    expect(page.json().map((g: { id: number }) => g.id)).toEqual([ids[2]]);
    expect(page.headers['x-total-count']).toBe('3');
    const wild = await reader({ method: 'GET', url: `/api/public-user-groups?business-unit=${unitA.id}&search=%25` });
    expect(wild.json()).toEqual([]);
  });

  it('lists only the groups a document is restricted to (document=)', async () => {
    const res = await reader({ method: 'GET', url: `/api/public-user-groups?business-unit=${unitA.id}&document=${doc.id}` });
    expect(res.json().map((g: { id: number }) => g.id)).toEqual([ids[1], ids[2]]);
    expect(res.headers['x-total-count']).toBe('2');
    // a document of unit A asked for in unit B finds none of A's groups
    const other = await elsewhere({ method: 'GET', url: `/api/public-user-groups?business-unit=${unitB.id}&document=${doc.id}` });
    expect(other.json()).toEqual([]);
  });
});

describe('GET /api/public-user-groups/{id}', () => {
  it('answers 401, 403 (missing right, another unit’s group), 404 and the group', async () => {
    const g = await makeGroup(unitA.id);
    const url = `/api/public-user-groups/${g.id}`;
    expect((await anonymous()({ method: 'GET', url })).statusCode).toBe(401);
    for (const c of [nobody, elsewhere]) expect((await c({ method: 'GET', url })).statusCode).toBe(403);
    expect((await reader({ method: 'GET', url: '/api/public-user-groups/99999999' })).statusCode).toBe(404);
    const res = await reader({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: g.id,
      businessUnitId: unitA.id,
      name: g.name,
      enabled: true,
      emails: ['a@example.com'],
      documentIds: [],
      documents: [],
      createdDate: g.createdDate.toISOString(),
      version: 0,
    });
  });
});

describe('POST /api/public-user-groups', () => {
  it('answers 401, and 403 without the manage right, with it only in another unit, storing nothing', async () => {
    const body = valid();
    expect((await anonymous()({ method: 'POST', url: '/api/public-user-groups', payload: body })).statusCode).toBe(401);
    for (const c of [nobody, reader, elsewhere]) {
      expect((await c({ method: 'POST', url: '/api/public-user-groups', payload: body })).statusCode).toBe(403);
    }
    expect(await named(body.name)).toEqual([]);
  });

  it('answers 400 for invalid fields, naming the field, and stores nothing', async () => {
    for (const [over, field] of [
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'bad<name>' }, 'name'],
      [{ name: 'x'.repeat(51) }, 'name'],
      [{ emails: ['nurse@example.com', 'not-an-email'] }, 'emails.1'],
      [{ emails: ['a@b'] }, 'emails.0'],
      [{ emails: 'nurse@example.com' }, 'emails'],
      [{ emails: Array.from({ length: 1001 }, (_, i) => `u${i}@example.com`) }, 'emails'],
      [{ documentIds: [0] }, 'documentIds.0'],
      [{ enabled: 'yes' }, 'enabled'],
    ] as const) {
      const body = valid(over);
      const res = await manager({ method: 'POST', url: '/api/public-user-groups', payload: body });
      expect(res.statusCode, JSON.stringify(over).slice(0, 80)).toBe(400);
      expect(res.json().message).toBe('error.validation');
      expect(res.json().fieldErrors.map((f: { field: string }) => f.field)).toContain(field);
      expect(await named(body.name as string)).toEqual([]);
    }
  });

  it('refuses the global scope and unknown business units', async () => {
    const admin = await client(['RESTRICTED_ACCESS_GROUP_MANAGE'], 'all');
    for (const businessUnitId of [0, 99999999]) {
      const body = valid({ businessUnitId });
      const res = await admin({ method: 'POST', url: '/api/public-user-groups', payload: body });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual([{ objectName: 'publicUserGroup', field: 'businessUnitId', message: 'NotFound' }]);
      expect(await named(body.name)).toEqual([]);
    }
  });

  it('creates the group (201): e-mails trimmed, lower-case, once each; documents linked; announced and audited', async () => {
    const [d1, d2] = [await makeDocument(ctx.db, unitA.id), await makeDocument(ctx.db, unitA.id)];
    const body = {
      businessUnitId: unitA.id,
      name: `Cardiology ${unique()}`,
      emails: [' Nurse@Example.com ', 'nurse@example.com', 'DOC@example.org'],
      documentIds: [d2.id, d1.id, d2.id],
    };
    const res = await manager({ method: 'POST', url: '/api/public-user-groups', payload: body });
    expect(res.statusCode).toBe(201);
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.publicUserGroup.created');
    const created = res.json();
    expect(created).toMatchObject({ businessUnitId: unitA.id, name: body.name, enabled: true, version: 0 });
    expect(created.emails).toEqual(['nurse@example.com', 'doc@example.org']);
    expect([...created.documentIds].sort((a: number, b: number) => a - b)).toEqual([d1.id, d2.id].sort((a, b) => a - b));
    expect(await linksOf(created.id)).toEqual([d1.id, d2.id].sort((a, b) => a - b));
    const [a] = await auditsOf(created.id);
    expect(a).toMatchObject({
      action: 'CREATE',
      businessUnitId: unitA.id,
      entityLabel: body.name,
      changes: { name: body.name, enabled: true, emails: ['nurse@example.com', 'doc@example.org'] },
    });
  });

  it('refuses while the unit’s restricted groups are switched off', async () => {
    const off = await makeBusinessUnit(ctx.db, { publicUserGroupActive: false });
    const admin = await client(['RESTRICTED_ACCESS_GROUP_MANAGE'], [off.id]);
    const body = valid({ businessUnitId: off.id });
    const res = await admin({ method: 'POST', url: '/api/public-user-groups', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'error.businessUnit.publicUserGroupsDisabled',
      fieldErrors: [{ field: 'businessUnitId' }],
    });
    expect(await named(body.name)).toEqual([]);
  });

  it('refuses documents of another unit or unknown ones, naming the item', async () => {
    const inB = await makeDocument(ctx.db, unitB.id);
    const mine = await makeDocument(ctx.db, unitA.id);
    for (const documentIds of [
      [mine.id, inB.id],
      [mine.id, 99999999],
    ]) {
      const body = valid({ documentIds });
      const res = await manager({ method: 'POST', url: '/api/public-user-groups', payload: body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'error.publicUserGroup.documentInvalid',
        params: { id: documentIds[1] },
        fieldErrors: [{ field: 'documentIds.1' }],
      });
      expect(await named(body.name)).toEqual([]);
    }
  });

  it('refuses a name taken in the unit regardless of case, but not in another unit', async () => {
    const taken = await makeGroup(unitA.id);
    const body = valid({ name: taken.name.toUpperCase() });
    const res = await manager({ method: 'POST', url: '/api/public-user-groups', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'error.publicUserGroup.nameExists',
      params: { name: body.name },
      fieldErrors: [{ field: 'name' }],
    });
    expect(await named(body.name)).toEqual([]);
    const inB = await elsewhere({
      method: 'POST',
      url: '/api/public-user-groups',
      payload: valid({ businessUnitId: unitB.id, name: taken.name }),
    });
    expect(inB.statusCode).toBe(201);
  });

  it('lets one of concurrent creates with the same name win; the others answer the rule', async () => {
    const name = `Race ${unique()}`;
    const answers = await Promise.all(
      [name, name.toLowerCase(), name.toUpperCase(), name].map((n) =>
        manager({ method: 'POST', url: '/api/public-user-groups', payload: valid({ name: n }) }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400, 400, 400]);
    for (const a of answers.filter((x) => x.statusCode === 400)) expect(a.json().message).toBe('error.publicUserGroup.nameExists');
  });
});

describe('PUT /api/public-user-groups', () => {
  it('answers 401, 403 (missing right, another unit’s group), 404 and 400 with nothing stored', async () => {
    const g = await makeGroup(unitA.id);
    const inB = await makeGroup(unitB.id);
    const payload = bodyOf(g, [], { name: `Renamed ${unique()}` });
    expect((await anonymous()({ method: 'PUT', url: '/api/public-user-groups', payload })).statusCode).toBe(401);
    for (const c of [nobody, reader, elsewhere]) {
      expect((await c({ method: 'PUT', url: '/api/public-user-groups', payload })).statusCode).toBe(403);
    }
    // the id of another unit's group, with this unit in the body
    const foreign = await manager({
      method: 'PUT',
      url: '/api/public-user-groups',
      payload: bodyOf(inB, [], { businessUnitId: unitA.id }),
    });
    expect(foreign.statusCode).toBe(403);
    expect((await manager({ method: 'PUT', url: '/api/public-user-groups', payload: { ...payload, id: 99999999 } })).statusCode).toBe(404);
    for (const over of [{ name: '' }, { emails: ['x'] }, { version: undefined }, { documentIds: [-1] }]) {
      const res = await manager({ method: 'PUT', url: '/api/public-user-groups', payload: { ...payload, ...over } });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
    }
    const moved = await manager({ method: 'PUT', url: '/api/public-user-groups', payload: { ...payload, businessUnitId: unitB.id } });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().fieldErrors).toEqual([{ objectName: 'publicUserGroup', field: 'businessUnitId', message: 'CannotChange' }]);
    const mismatch = await manager({ method: 'PUT', url: `/api/public-user-groups/${g.id}`, payload: { ...payload, id: inB.id } });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('error.idinvalid');
    expect(await row(g.id)).toEqual(g);
    expect(await row(inB.id)).toEqual(inB);
  });

  it('updates fields and documents, bumps the version, audits what changed, and answers 409 to a stale version', async () => {
    const [d1, d2, d3] = [await makeDocument(ctx.db, unitA.id), await makeDocument(ctx.db, unitA.id), await makeDocument(ctx.db, unitA.id)];
    const g = await makeGroup(unitA.id, { emails: ['keep@example.com', 'drop@example.com'] }, [d1.id, d2.id]);
    const res = await manager({
      method: 'PUT',
      url: `/api/public-user-groups/${g.id}`,
      payload: bodyOf(g, [d2.id, d3.id], { enabled: false, emails: ['keep@example.com', 'NEW@example.com'] }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.publicUserGroup.updated');
    expect(res.json()).toMatchObject({ id: g.id, enabled: false, emails: ['keep@example.com', 'new@example.com'], version: 1 });
    expect(await linksOf(g.id)).toEqual([d2.id, d3.id].sort((a, b) => a - b));
    const [a] = await auditsOf(g.id);
    expect(a).toMatchObject({
      action: 'UPDATE',
      changes: {
        enabled: { from: true, to: false },
        emails: { added: ['new@example.com'], removed: ['drop@example.com'] },
        documentIds: { added: [d3.id], removed: [d1.id] },
      },
    });
    const stale = await manager({ method: 'PUT', url: '/api/public-user-groups', payload: bodyOf(g, [], { name: `Stale ${unique()}` }) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('error.concurrencyFailure');
    expect((await row(g.id)).name).toBe(g.name);
    expect(await linksOf(g.id)).toEqual([d2.id, d3.id].sort((a, b) => a - b));
  });

  it('keeps its own name in another case, refuses another group’s, another unit’s document, and a switched-off unit', async () => {
    const other = await makeGroup(unitA.id);
    const g = await makeGroup(unitA.id);
    const same = await manager({ method: 'PUT', url: '/api/public-user-groups', payload: bodyOf(g, [], { name: g.name.toUpperCase() }) });
    expect(same.statusCode).toBe(200);
    const now = await row(g.id);
    const inB = await makeDocument(ctx.db, unitB.id);
    for (const [over, docs, key] of [
      [{ name: other.name.toLowerCase() }, [], 'error.publicUserGroup.nameExists'],
      [{}, [inB.id], 'error.publicUserGroup.documentInvalid'],
    ] as const) {
      const res = await manager({ method: 'PUT', url: '/api/public-user-groups', payload: bodyOf(now, [...docs], over) });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(key);
    }
    await setActive(unitA.id, false);
    try {
      const off = await manager({ method: 'PUT', url: '/api/public-user-groups', payload: bodyOf(now, [], { enabled: false }) });
      expect(off.statusCode).toBe(400);
      expect(off.json().message).toBe('error.businessUnit.publicUserGroupsDisabled');
    } finally {
      await setActive(unitA.id, true);
    }
    expect(await row(g.id)).toEqual(now);
    expect(await linksOf(g.id)).toEqual([]);
  });

  it('lets one of two concurrent renames to the same name win', async () => {
    const [a, b] = [await makeGroup(unitA.id), await makeGroup(unitA.id)];
    const name = `Same ${unique()}`;
    const answers = await Promise.all(
      [a, b].map((g) => manager({ method: 'PUT', url: '/api/public-user-groups', payload: bodyOf(g, [], { name }) })),
    );
    expect(answers.map((x) => x.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((x) => x.statusCode === 400)?.json().message).toBe('error.publicUserGroup.nameExists');
  });
});

describe('DELETE /api/public-user-groups/{id}', () => {
  it('answers 401, 403 (missing right, another unit’s group), 404 and 400 for a bad flag, deleting nothing', async () => {
    const g = await makeGroup(unitA.id);
    const url = `/api/public-user-groups/${g.id}`;
    expect((await anonymous()({ method: 'DELETE', url })).statusCode).toBe(401);
    for (const c of [nobody, reader, elsewhere]) expect((await c({ method: 'DELETE', url })).statusCode).toBe(403);
    expect((await manager({ method: 'DELETE', url: '/api/public-user-groups/99999999' })).statusCode).toBe(404);
    expect((await manager({ method: 'DELETE', url: `${url}?unlink-documents=yes` })).statusCode).toBe(400);
    expect(await row(g.id)).toEqual(g);
  });

  it('deletes an unlinked group, announced and audited', async () => {
    const g = await makeGroup(unitA.id);
    const res = await manager({ method: 'DELETE', url: `/api/public-user-groups/${g.id}` });
    expect(res.statusCode).toBe(204);
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.publicUserGroup.deleted');
    expect(await row(g.id)).toBeUndefined();
    const [a] = await auditsOf(g.id);
    expect(a).toMatchObject({ action: 'DELETE', entityLabel: g.name, businessUnitId: unitA.id });
  });

  it('refuses a group linked to documents unless told to unlink them; the documents stay', async () => {
    const [d1, d2] = [await makeDocument(ctx.db, unitA.id), await makeDocument(ctx.db, unitA.id)];
    const g = await makeGroup(unitA.id, {}, [d1.id, d2.id]);
    for (const q of ['', '?unlink-documents=false']) {
      const refused = await manager({ method: 'DELETE', url: `/api/public-user-groups/${g.id}${q}` });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ message: 'error.publicUserGroup.linkedToDocuments', params: { documents: 2 } });
    }
    expect(await row(g.id)).toEqual(g);
    expect(await linksOf(g.id)).toHaveLength(2);
    const res = await manager({ method: 'DELETE', url: `/api/public-user-groups/${g.id}?unlink-documents=true` });
    expect(res.statusCode).toBe(204);
    expect(await row(g.id)).toBeUndefined();
    expect(await linksOf(g.id)).toEqual([]);
    expect(await ctx.db.select().from(document).where(eq(document.id, d1.id))).toHaveLength(1);
    const [a] = await auditsOf(g.id);
    expect((a.changes as { unlinkedDocumentIds: number[] }).unlinkedDocumentIds.sort((x, y) => x - y)).toEqual(
      [d1.id, d2.id].sort((x, y) => x - y),
    );
  });
});

describe('the business unit', () => {
  it('counts its groups; they go with the unit when it is deleted', async () => {
    const unit = await makeBusinessUnit(ctx.db, { publicUserGroupActive: true });
    const g = await makeGroup(unit.id);
    const admin = await client(['BUSINESS_UNIT_DELETE', 'PRODUCT_READ'], 'all');
    const stats = await admin({ method: 'GET', url: `/api/business-units/${unit.id}/statistics` });
    expect(stats.json().configuration.publicUserGroups).toBe(1);
    const res = await admin({ method: 'DELETE', url: `/api/business-units/${unit.id}` });
    expect(res.statusCode).toBe(204);
    expect(await row(g.id)).toBeUndefined();
  });

  it('cannot switch restricted groups off while it has groups; can once they are gone', async () => {
    const unit = await makeBusinessUnit(ctx.db, { publicUserGroupActive: true });
    const g = await makeGroup(unit.id);
    const updater = await client(['BUSINESS_UNIT_UPDATE'], [unit.id]);
    const current = async () => {
      const { logoUrl: _l, ...rest } = (await updater({ method: 'GET', url: `/api/business-units/${unit.id}` })).json();
      return rest;
    };
    const before = await current();
    const refused = await updater({ method: 'PUT', url: '/api/business-units', payload: { ...before, publicUserGroupActive: false } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: 'error.businessUnit.publicUserGroupsExist',
      params: { groups: 1 },
      fieldErrors: [{ field: 'publicUserGroupActive' }],
    });
    expect(await current()).toEqual(before);
    // other changes with the switch left on still save
    const renamed = await updater({ method: 'PUT', url: '/api/business-units', payload: { ...before, displayName: 'Renamed' } });
    expect(renamed.statusCode).toBe(200);
    await ctx.db.delete(publicUserGroup).where(eq(publicUserGroup.id, g.id));
    const off = await updater({
      method: 'PUT',
      url: '/api/business-units',
      payload: { ...(await current()), publicUserGroupActive: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().publicUserGroupActive).toBe(false);
  });

  it('a create racing the switch-off: never a group in a switched-off unit', async () => {
    for (let i = 0; i < 3; i++) {
      const unit = await makeBusinessUnit(ctx.db, { publicUserGroupActive: true });
      const both = await client(['BUSINESS_UNIT_UPDATE', 'RESTRICTED_ACCESS_GROUP_MANAGE'], [unit.id]);
      const { logoUrl: _l, ...current } = (await both({ method: 'GET', url: `/api/business-units/${unit.id}` })).json();
      await Promise.all([
        both({ method: 'POST', url: '/api/public-user-groups', payload: valid({ businessUnitId: unit.id }) }),
        both({ method: 'PUT', url: '/api/business-units', payload: { ...current, publicUserGroupActive: false } }),
      ]);
      const [u] = await ctx.db.select().from(businessUnit).where(eq(businessUnit.id, unit.id));
      const groups = await ctx.db.select().from(publicUserGroup).where(eq(publicUserGroup.businessUnitId, unit.id));
      expect(u.publicUserGroupActive || groups.length === 0).toBe(true);
    }
  });
});
