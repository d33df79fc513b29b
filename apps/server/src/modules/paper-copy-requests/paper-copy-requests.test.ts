import type { AccessRight, PaperCopyRequest } from '@vellum/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, paperCopyRequest } from '../../db/schema/index.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, mailText, type TestContext, tokenFor } from '../../test/harness.js';
import { daysLeftOf, listPaperCopyRequests, requestPaperCopy, stateOf } from './paper-copy-requests.service.js';

let ctx: TestContext;
let unitA: { id: number };
let unitB: { id: number };
/** DOCUMENT_MANAGE in unit A: reads and marks requests. */
let manager: ReturnType<typeof as>;
let managerLogin: string;
/** DOCUMENT_READ in unit A: no personal data of requesters. */
let reader: ReturnType<typeof as>;
/** DOCUMENT_MANAGE, but in unit B. */
let elsewhere: ReturnType<typeof as>;
const anonymous = () => as(ctx.app, undefined);

const DAY = 24 * 60 * 60 * 1000;
let counter = 0;

const documentOf = (businessUnitId: number, over: Record<string, unknown> = {}) => ({
  businessUnitId,
  publicationNumber: 3,
  productTypeId: 11,
  productTypeName: 'Catheters',
  keyCode: '04006381333931',
  documentId: 100 + counter,
  documentNumber: `IFU-${++counter}`,
  documentName: 'Instructions for use',
  fileId: 200,
  fileName: 'IFU English',
  versionLabel: '2.1',
  ...over,
});
const formOf = (over: Record<string, unknown> = {}) => ({
  name: 'Anna Peeters',
  postalAddress: 'Kerkstraat 1\r\n2000 Antwerpen\nBelgium',
  email: 'Anna.Peeters@Example.com',
  language: 'nl',
  ...over,
});

const rowOf = async (id: number) => (await ctx.db.select().from(paperCopyRequest).where(eq(paperCopyRequest.id, id)))[0];
const auditsOf = (id: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityName, 'paper-copy-request'), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.id));
const countAll = async () => (await ctx.db.select().from(paperCopyRequest)).length;
/** Moves a request's dates back by `days`, as if it had been made that long ago. */
const age = (id: number, days: number) =>
  rowOf(id).then((r) =>
    ctx.db
      .update(paperCopyRequest)
      .set({ createdDate: new Date(r.createdDate.getTime() - days * DAY), dueDate: new Date(r.dueDate.getTime() - days * DAY) })
      .where(eq(paperCopyRequest.id, id)),
  );

beforeAll(async () => {
  ctx = await createTestContext();
  unitA = await makeBusinessUnit(ctx.db, { displayName: 'Acme Medical' });
  unitB = await makeBusinessUnit(ctx.db);
  const client = async (rights: AccessRight[], units: number[]) => {
    const user = await makeUserWithRights(ctx.db, rights, units);
    return { user, client: as(ctx.app, await tokenFor(ctx, user.id)) };
  };
  const m = await client(['DOCUMENT_MANAGE'], [unitA.id]);
  manager = m.client;
  managerLogin = m.user.login;
  reader = (await client(['DOCUMENT_READ'], [unitA.id])).client;
  elsewhere = (await client(['DOCUMENT_MANAGE'], [unitB.id])).client;
});
afterAll(() => ctx?.close());

describe('requestPaperCopy (the public form)', () => {
  it('stores the request due 7 days later, audits it and mails the confirmation', async () => {
    const at = new Date('2026-11-02T09:30:00Z');
    const mailsBefore = ctx.mails().length;
    const receipt = await requestPaperCopy(ctx.app.deps, { ...documentOf(unitA.id), ...formOf() }, at);
    expect(receipt).toEqual({ id: expect.any(Number), dueDate: '2026-11-09T09:30:00.000Z', mailed: true });

    const row = await rowOf(receipt.id);
    expect(row).toMatchObject({
      businessUnitId: unitA.id,
      requesterName: 'Anna Peeters',
      postalAddress: 'Kerkstraat 1\n2000 Antwerpen\nBelgium',
      email: 'anna.peeters@example.com',
      language: 'nl',
      keyCode: '04006381333931',
      versionLabel: '2.1',
      sentDate: null,
      version: 0,
    });
    expect(row.createdDate.toISOString()).toBe(at.toISOString());
    expect(row.dueDate.toISOString()).toBe('2026-11-09T09:30:00.000Z');

    const [entry] = await auditsOf(receipt.id);
    expect(entry).toMatchObject({ action: 'CREATE', businessUnitId: unitA.id, userId: null, entityLabel: row.documentNumber });
    // who asked stays out of the audit log
    expect(JSON.stringify(entry.changes)).not.toContain('Peeters');

    const mails = ctx.mails();
    expect(mails.length).toBe(mailsBefore + 1);
    const mail = mailText(mails.at(-1) as string);
    expect(mail).toContain('To: anna.peeters@example.com');
    expect(mail).toContain(`Subject: Your paper copy of ${row.documentNumber}`);
    expect(mail).toContain('Acme Medical received your request');
    expect(mail).toContain('File: IFU English, version 2.1');
    expect(mail).toContain('by 2026-11-09 at the latest');
    expect(mail).toContain('2000 Antwerpen');
  });

  it('answers 400 with field errors and writes nothing for bad input', async () => {
    const before = await countAll();
    const mailsBefore = ctx.mails().length;
    const cases: [Record<string, unknown>, string][] = [
      [formOf({ name: '  ' }), 'name'],
      [formOf({ name: 'A\u0000B' }), 'name'],
      [formOf({ name: 'x'.repeat(101) }), 'name'],
      [formOf({ postalAddress: '' }), 'postalAddress'],
      [formOf({ postalAddress: `${'a\n'.repeat(11)}b` }), 'postalAddress'],
      [formOf({ postalAddress: 'x'.repeat(501) }), 'postalAddress'],
      [formOf({ email: 'not-an-email' }), 'email'],
      [formOf({ language: 'dutch' }), 'language'],
      [formOf({ language: undefined }), 'language'],
    ];
    for (const [form, field] of cases) {
      const err = await requestPaperCopy(ctx.app.deps, { ...documentOf(unitA.id), ...form }).catch((e) => e);
      expect(err, field).toMatchObject({ status: 400, key: 'error.validation' });
      expect(err.fieldErrors.map((f: { field: string }) => f.field)).toContain(field);
    }
    const missingUnit = await requestPaperCopy(ctx.app.deps, { ...documentOf(2_000_000_000), ...formOf() }).catch((e) => e);
    expect(missingUnit).toMatchObject({ status: 400, fieldErrors: [{ field: 'businessUnitId', message: 'NotFound' }] });
    expect(await countAll()).toBe(before);
    expect(ctx.mails().length).toBe(mailsBefore);
  });

  it('keeps the request when the confirmation mail fails', async () => {
    const failing = { db: ctx.db, mailer: { send: () => Promise.reject(new Error('smtp down')) } };
    const receipt = await requestPaperCopy(failing, { ...documentOf(unitA.id), ...formOf() });
    expect(receipt.mailed).toBe(false);
    expect(await rowOf(receipt.id)).toBeDefined();
  });
});

describe('days left and state', () => {
  const due = new Date('2026-11-09T09:30:00Z');
  const at = (iso: string) => new Date(iso);
  it('counts whole days left of the 7 and marks overdue after the due moment', () => {
    const open = { sentDate: null, dueDate: due };
    expect(daysLeftOf(open, at('2026-11-02T09:30:00Z'))).toBe(7);
    expect(daysLeftOf(open, at('2026-11-02T10:00:00Z'))).toBe(7);
    expect(daysLeftOf(open, at('2026-11-08T09:30:00Z'))).toBe(1);
    expect(daysLeftOf(open, at('2026-11-09T09:30:00Z'))).toBe(0);
    expect(stateOf(open, at('2026-11-09T09:30:00Z'))).toBe('OPEN');
    expect(stateOf(open, at('2026-11-09T09:30:01Z'))).toBe('OVERDUE');
    expect(daysLeftOf(open, at('2026-11-09T09:30:01Z'))).toBe(0);
    expect(daysLeftOf(open, at('2026-11-11T10:00:00Z'))).toBe(-2);
    const sent = { sentDate: at('2026-11-03T00:00:00Z'), dueDate: due };
    expect(stateOf(sent, at('2026-12-01T00:00:00Z'))).toBe('SENT');
    expect(daysLeftOf(sent, at('2026-12-01T00:00:00Z'))).toBeNull();
  });
});

describe('GET api/paper-copy-requests', () => {
  let unit: { id: number };
  let fresh: number;
  let late: number;
  let done: number;
  let managerHere: ReturnType<typeof as>;

  beforeAll(async () => {
    unit = await makeBusinessUnit(ctx.db);
    const user = await makeUserWithRights(ctx.db, ['DOCUMENT_MANAGE'], [unit.id]);
    managerHere = as(ctx.app, await tokenFor(ctx, user.id));
    fresh = (await requestPaperCopy(ctx.app.deps, { ...documentOf(unit.id), ...formOf() })).id;
    late = (await requestPaperCopy(ctx.app.deps, { ...documentOf(unit.id), ...formOf({ name: 'Late Requester' }) })).id;
    await age(late, 9);
    done = (await requestPaperCopy(ctx.app.deps, { ...documentOf(unit.id), ...formOf() })).id;
    await age(done, 3);
    await ctx.db.update(paperCopyRequest).set({ sentDate: new Date(), sentBy: 'someone' }).where(eq(paperCopyRequest.id, done));
  });

  it('answers 401 without a session and 403 without the right or in another unit', async () => {
    expect((await anonymous()({ method: 'GET', url: `/api/paper-copy-requests?business-unit=${unitA.id}` })).statusCode).toBe(401);
    expect((await reader({ method: 'GET', url: `/api/paper-copy-requests?business-unit=${unitA.id}` })).statusCode).toBe(403);
    expect((await elsewhere({ method: 'GET', url: `/api/paper-copy-requests?business-unit=${unitA.id}` })).statusCode).toBe(403);
    expect((await manager({ method: 'GET', url: `/api/paper-copy-requests?business-unit=${unit.id}` })).statusCode).toBe(403);
  });

  it('lists the unit’s requests by due date with days left, state and the total', async () => {
    const res = await managerHere({ method: 'GET', url: `/api/paper-copy-requests?business-unit=${unit.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    const items = res.json() as PaperCopyRequest[];
    expect(items.map((i) => i.id)).toEqual([late, done, fresh]);
    expect(items[0]).toMatchObject({ state: 'OVERDUE', daysLeft: -2, requesterName: 'Late Requester', sentDate: null });
    expect(items[1]).toMatchObject({ state: 'SENT', daysLeft: null, sentBy: 'someone' });
    expect(items[2]).toMatchObject({ state: 'OPEN', daysLeft: 7 });
  });

  it('filters open (overdue included), overdue and sent, and pages', async () => {
    const ids = async (query: string) => {
      const res = await managerHere({ method: 'GET', url: `/api/paper-copy-requests?business-unit=${unit.id}&${query}` });
      expect(res.statusCode).toBe(200);
      return { ids: (res.json() as PaperCopyRequest[]).map((i) => i.id), total: res.headers['x-total-count'] };
    };
    expect(await ids('state=open')).toEqual({ ids: [late, fresh], total: '2' });
    expect(await ids('state=overdue')).toEqual({ ids: [late], total: '1' });
    expect(await ids('state=sent')).toEqual({ ids: [done], total: '1' });
    expect(await ids('sort=createdDate,desc&size=1&page=1')).toEqual({ ids: [done], total: '3' });
  });

  it('judges overdue at the given moment', async () => {
    const tenDaysOn = new Date(Date.now() + 10 * DAY);
    const { items } = await listPaperCopyRequests(
      ctx.app.deps,
      { 'business-unit': unit.id, state: 'overdue', page: 0, size: 20 },
      tenDaysOn,
    );
    expect(items.map((i) => i.id)).toEqual([late, fresh]);
    expect(items[1].daysLeft).toBe(-3);
  });

  it('answers 400 for a bad query', async () => {
    for (const q of ['', 'business-unit=abc', `business-unit=${unit.id}&state=lost`, `business-unit=${unit.id}&sort=email`]) {
      const res = await managerHere({ method: 'GET', url: `/api/paper-copy-requests?${q}` });
      expect(res.statusCode, q).toBe(400);
    }
  });
});

describe('PUT api/paper-copy-requests/{id}/sent', () => {
  it('marks it sent by the user, audits who and when, then refuses a stale version', async () => {
    const { id } = await requestPaperCopy(ctx.app.deps, { ...documentOf(unitA.id), ...formOf() });
    const res = await manager({ method: 'PUT', url: `/api/paper-copy-requests/${id}/sent`, payload: { version: 0 } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.paperCopyRequest.sent');
    expect(res.json()).toMatchObject({ id, state: 'SENT', sentBy: managerLogin, daysLeft: null, version: 1 });
    const row = await rowOf(id);
    expect(row.sentDate).toBeInstanceOf(Date);
    expect(Math.abs((row.sentDate as Date).getTime() - Date.now())).toBeLessThan(60_000);
    const [entry] = await auditsOf(id);
    expect(entry).toMatchObject({ action: 'SENT', login: managerLogin, businessUnitId: unitA.id });
    expect(entry.changes).toMatchObject({ sentBy: managerLogin, overdue: false });

    const stale = await manager({ method: 'PUT', url: `/api/paper-copy-requests/${id}/sent`, payload: { version: 0 } });
    expect(stale.statusCode).toBe(409);
    const again = await manager({ method: 'PUT', url: `/api/paper-copy-requests/${id}/sent`, payload: { version: 1 } });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('error.paperCopyRequest.alreadySent');
    expect((await auditsOf(id)).length).toBe(2);
  });

  it('records that an overdue request was sent late', async () => {
    const { id } = await requestPaperCopy(ctx.app.deps, { ...documentOf(unitA.id), ...formOf() });
    await age(id, 8);
    const res = await manager({ method: 'PUT', url: `/api/paper-copy-requests/${id}/sent`, payload: { version: 0 } });
    expect(res.statusCode).toBe(200);
    expect((await auditsOf(id))[0].changes).toMatchObject({ overdue: true });
  });

  it('answers 401, 403 (right, unit), 404 and 400 and changes nothing', async () => {
    const { id } = await requestPaperCopy(ctx.app.deps, { ...documentOf(unitA.id), ...formOf() });
    const put = (client: ReturnType<typeof as>, payload: unknown, target: number | string = id) =>
      client({ method: 'PUT', url: `/api/paper-copy-requests/${target}/sent`, payload: payload as object });
    expect((await put(anonymous(), { version: 0 })).statusCode).toBe(401);
    expect((await put(reader, { version: 0 })).statusCode).toBe(403);
    expect((await put(elsewhere, { version: 0 })).statusCode).toBe(403);
    expect((await put(manager, { version: 0 }, 2_000_000_000)).statusCode).toBe(404);
    expect((await put(manager, { version: -1 })).statusCode).toBe(400);
    expect((await put(manager, { version: 'x' })).statusCode).toBe(400);
    expect((await put(manager, {})).statusCode).toBe(400);
    expect((await put(manager, { version: 0 }, 'abc')).statusCode).toBe(400);
    expect(await rowOf(id)).toMatchObject({ sentDate: null, version: 0 });
    expect((await auditsOf(id)).length).toBe(1);
  });

  it('reads one request in its unit only', async () => {
    const { id } = await requestPaperCopy(ctx.app.deps, { ...documentOf(unitA.id), ...formOf() });
    expect((await manager({ method: 'GET', url: `/api/paper-copy-requests/${id}` })).json()).toMatchObject({ id, state: 'OPEN' });
    expect((await elsewhere({ method: 'GET', url: `/api/paper-copy-requests/${id}` })).statusCode).toBe(403);
  });
});
