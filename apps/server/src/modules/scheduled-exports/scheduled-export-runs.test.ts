import type { AccessRight } from '@vellum/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, bulkJob, scheduledExport } from '../../db/schema/index.js';
import { makeProduct, makeProductType } from '../../factories/catalogue-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, mailText, secondServer, type TestContext, tokenFor } from '../../test/harness.js';
import { EXPORT_EXPIRY_QUEUE, expireStoredExports } from './export-expiry.js';
import { scheduledDownloadLink } from './scheduled-export-links.js';
import { SCHEDULED_RUN_QUEUE, SCHEDULED_TICK_QUEUE, tick } from './scheduled-export-runs.js';
import { scheduledRunHandler } from './scheduled-exports.jobs.js';

/**
 * The tick of scheduled exports, their runs and mails, the recipients' download, and the expiry of
 * stored export zips (decision 0059), driven with an injected clock.
 */
let ctx: TestContext;
const s = {} as { unitId: number; otherId: number; typeId: number; recipientId: number; recipient: string };
const MONDAY_0600 = new Date('2030-01-07T06:00:00Z');

const get = (token: string | undefined, url: string) => as(ctx.app, token)({ method: 'GET', url });
const tokenWith = async (rights: AccessRight[], units: number[], email?: string) =>
  tokenFor(ctx, (await makeUserWithRights(ctx.db, rights, units, email ? { email } : {})).id);

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://admin.example.com' });
  const unit = await makeBusinessUnit(ctx.db);
  const other = await makeBusinessUnit(ctx.db);
  const type = await makeProductType(ctx.db, unit.id, { name: 'Catheters', slug: 'catheters' });
  await makeProduct(ctx.db, type, { keyCode: 'A-1' });
  await makeProduct(ctx.db, type, { keyCode: 'B-2' });
  const recipient = await makeUserWithRights(ctx.db, ['BULK_EXPORT'], [unit.id], { email: 'quality@example.com' });
  Object.assign(s, {
    unitId: unit.id,
    otherId: other.id,
    typeId: type.id,
    recipientId: recipient.id,
    recipient: await tokenFor(ctx, recipient.id),
  });
});
afterAll(() => ctx?.close());

async function makeSchedule(over: Partial<typeof scheduledExport.$inferInsert> = {}) {
  const [row] = await ctx.db
    .insert(scheduledExport)
    .values({
      businessUnitId: s.unitId,
      entity: 'PRODUCT',
      productTypeId: s.typeId,
      fileFormat: 'TXT',
      frequency: 'DAILY',
      hour: 6,
      recipients: ['quality@example.com', 'erp@example.com'],
      createdByLogin: 'planner',
      nextRunAt: MONDAY_0600,
      ...over,
    })
    .returning();
  if (!row) throw new Error('schedule');
  return row;
}
const scheduleRow = async (id: number) => (await ctx.db.select().from(scheduledExport).where(eq(scheduledExport.id, id)))[0];
const jobRow = async (id: number) => (await ctx.db.select().from(bulkJob).where(eq(bulkJob.id, id)))[0];

describe('the tick', () => {
  it('exports the due schedules once, advances the next run, mails each recipient a link of their own', async () => {
    const due = await makeSchedule();
    const paused = await makeSchedule({ active: false, productTypeId: (await makeProductType(ctx.db, s.unitId)).id });
    const later = await makeSchedule({
      nextRunAt: new Date('2030-01-07T07:00:00Z'),
      productTypeId: (await makeProductType(ctx.db, s.unitId)).id,
    });
    // not yet
    expect(await tick(ctx.app.deps, new Date('2030-01-07T05:59:59Z'))).toEqual([]);
    const jobs = await tick(ctx.app.deps, new Date('2030-01-07T06:00:30Z'));
    expect(jobs).toHaveLength(1);
    // the same instant again: nothing is due any more
    expect(await tick(ctx.app.deps, new Date('2030-01-07T06:00:30Z'))).toEqual([]);
    expect(await scheduleRow(due.id)).toMatchObject({
      lastRunAt: new Date('2030-01-07T06:00:30Z'),
      nextRunAt: new Date('2030-01-08T06:00:00Z'),
      lastJobId: jobs[0],
      version: 0,
    });
    expect((await scheduleRow(paused.id))?.lastRunAt).toBeNull();
    expect((await scheduleRow(later.id))?.lastRunAt).toBeNull();
    const [audited] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityName, 'bulk_job'), eq(auditLog.entityId, String(jobs[0]))));
    expect(audited).toMatchObject({ action: 'EXPORT_SCHEDULED', businessUnitId: s.unitId, userId: null });

    const before = ctx.mails().length;
    await ctx.app.deps.jobs.drain();
    const job = await jobRow(jobs[0] ?? 0);
    expect(job, job?.log).toMatchObject({ status: 'SUCCESS', kind: 'EXPORT', rowsTotal: 2, userId: null, userLogin: 'planner' });
    const mails = ctx.mails().slice(before).map(mailText);
    expect(mails).toHaveLength(2);
    const toQuality = mails.find((m) => m.includes('To: quality@example.com')) ?? '';
    expect(mails.find((m) => m.includes('To: erp@example.com'))).toBeDefined();
    const link = /https:\/\/admin\.example\.com\/scheduled-exports\/downloads\/(\d+)\?token=([A-Za-z0-9._~%-]+)/.exec(toQuality);
    expect(link?.[1]).toBe(String(job?.id));
    const url = `/api/scheduled-exports/downloads/${job?.id}?token=${link?.[2]}`;

    // the recipient, signed in with BULK_EXPORT in the unit, downloads the zip
    const download = await get(s.recipient, url);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(Object.keys(unzipSync(new Uint8Array(download.rawPayload)))).toEqual(['products-catheters.txt']);
    // anyone else, even with the right, or without signing in: no
    expect((await get(undefined, url)).statusCode).toBe(401);
    const someone = await get(await tokenWith(['BULK_EXPORT'], [s.unitId]), url);
    expect(someone.statusCode).toBe(403);
    expect(someone.json()).toMatchObject({ message: 'error.scheduledExport.downloadLinkInvalid' });
    // the address's user without BULK_EXPORT in the unit
    const erp = await tokenWith(['BULK_EXPORT'], [s.otherId], 'erp@example.com');
    const erpLink = /token=([A-Za-z0-9._~%-]+)/.exec(mails.find((m) => m.includes('To: erp@example.com')) ?? '');
    expect((await get(erp, `/api/scheduled-exports/downloads/${job?.id}?token=${erpLink?.[1]}`)).statusCode).toBe(403);
    // another export's link, an expired link, a bearer token
    const otherJob = await scheduledDownloadLink(ctx.app.deps, (job?.id ?? 0) + 1000, 'quality@example.com', new Date());
    const otherToken = new URL(otherJob).searchParams.get('token') ?? '';
    expect((await get(s.recipient, `/api/scheduled-exports/downloads/${job?.id}?token=${encodeURIComponent(otherToken)}`)).statusCode).toBe(
      403,
    );
    const expired = await scheduledDownloadLink(
      ctx.app.deps,
      job?.id ?? 0,
      'quality@example.com',
      new Date(Date.now() - 8 * 24 * 3600 * 1000),
    );
    const expiredToken = new URL(expired).searchParams.get('token') ?? '';
    expect(
      (await get(s.recipient, `/api/scheduled-exports/downloads/${job?.id}?token=${encodeURIComponent(expiredToken)}`)).statusCode,
    ).toBe(403);
    expect((await get(s.recipient, `/api/scheduled-exports/downloads/${job?.id}?token=${s.recipient}`)).statusCode).toBe(403);
    expect((await get(s.recipient, `/api/scheduled-exports/downloads/${job?.id}`)).statusCode).toBe(400);
    // the requested exports' download does not take it
    expect((await get(s.recipient, `/api/bulk/exports/${job?.id}/download?token=${link?.[2]}`)).statusCode).toBe(403);
    await ctx.db.delete(scheduledExport).where(inArray(scheduledExport.id, [due.id, paused.id, later.id]));
  });

  it('mails the recipients the reason when the export fails', async () => {
    const type = await makeProductType(ctx.db, s.unitId, { name: 'Too many' });
    await makeProduct(ctx.db, type, { keyCode: 'X' });
    const row = await makeSchedule({ productTypeId: type.id, recipients: ['ops@example.com'] });
    const jobs = await tick(ctx.app.deps, MONDAY_0600);
    expect(jobs).toHaveLength(1);
    // the product type's row goes missing behind the export's back: the run fails and says so
    await ctx.db
      .update(bulkJob)
      .set({ productTypeId: null })
      .where(eq(bulkJob.id, jobs[0] ?? 0));
    const before = ctx.mails().length;
    await ctx.app.deps.jobs.drain();
    expect(await jobRow(jobs[0] ?? 0)).toMatchObject({ status: 'FAILED' });
    const mails = ctx.mails().slice(before).map(mailText);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('To: ops@example.com');
    expect(mails[0]).toContain('could not be made');
    await ctx.db.delete(scheduledExport).where(eq(scheduledExport.id, row.id));
  });

  it('weekly and monthly schedules advance to their day', async () => {
    const weekly = await makeSchedule({ frequency: 'WEEKLY', dayOfWeek: 1 });
    const monthly = await makeSchedule({
      frequency: 'MONTHLY',
      dayOfMonth: 7,
      productTypeId: (await makeProductType(ctx.db, s.unitId)).id,
    });
    expect(await tick(ctx.app.deps, MONDAY_0600)).toHaveLength(2);
    expect((await scheduleRow(weekly.id))?.nextRunAt).toEqual(new Date('2030-01-14T06:00:00Z'));
    expect((await scheduleRow(monthly.id))?.nextRunAt).toEqual(new Date('2030-02-07T06:00:00Z'));
    await ctx.app.deps.jobs.drain();
    await ctx.db.delete(scheduledExport).where(inArray(scheduledExport.id, [weekly.id, monthly.id]));
  });

  it('never runs a schedule twice when several workers tick at once (PostgreSQL: FOR UPDATE SKIP LOCKED)', async () => {
    const types = await Promise.all(Array.from({ length: 6 }, () => makeProductType(ctx.db, s.unitId)));
    const rows = await Promise.all(types.map((t) => makeSchedule({ productTypeId: t.id, recipients: ['many@example.com'] })));
    const second = ctx.databaseUrl ? await secondServer(ctx) : undefined;
    try {
      const ticks = await Promise.all([
        tick(ctx.app.deps, MONDAY_0600),
        tick((second?.app ?? ctx.app).deps, MONDAY_0600),
        tick(ctx.app.deps, MONDAY_0600),
      ]);
      const all = ticks.flat();
      expect(all).toHaveLength(rows.length);
      expect(new Set(all).size).toBe(rows.length);
      const made = await ctx.db.select().from(bulkJob).where(inArray(bulkJob.id, all));
      expect(new Set(made.map((j) => j.productTypeId))).toEqual(new Set(types.map((t) => t.id)));
    } finally {
      await second?.close();
    }
    await ctx.app.deps.jobs.drain();
    await ctx.db.delete(scheduledExport).where(
      inArray(
        scheduledExport.id,
        rows.map((r) => r.id),
      ),
    );
  });
});

describe("the unit's documents", () => {
  it('a DOCUMENT schedule exports the documents and mails the recipients a link to their zip', async () => {
    const row = await makeSchedule({ entity: 'DOCUMENT', productTypeId: null, recipients: ['quality@example.com'] });
    const [jobId] = await tick(ctx.app.deps, MONDAY_0600);
    const before = ctx.mails().length;
    await ctx.app.deps.jobs.drain();
    const job = await jobRow(jobId ?? 0);
    expect(job, job?.log).toMatchObject({ status: 'SUCCESS', entity: 'DOCUMENT', productTypeId: null });
    const [mail = ''] = ctx.mails().slice(before).map(mailText);
    expect(mail).toContain('Scheduled export of the documents of');
    expect(mail).toContain('documents, TXT');
    const token = /token=([A-Za-z0-9._~%-]+)/.exec(mail)?.[1];
    const download = await get(s.recipient, `/api/scheduled-exports/downloads/${jobId}?token=${token}`);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-disposition']).toContain(`-${jobId}.zip`);
    expect(download.headers['content-disposition']).toContain('documents-');
    expect(Object.keys(unzipSync(new Uint8Array(download.rawPayload)))[0]).toMatch(/^documents-.*\.txt$/);
    await ctx.db.delete(scheduledExport).where(eq(scheduledExport.id, row.id));
  });
});

describe('POST api/scheduled-exports/{id}/run', () => {
  it('makes the export now and mails the recipients; the next run stays; audited with the user; the right is needed', async () => {
    const row = await makeSchedule({
      productTypeId: (await makeProductType(ctx.db, s.unitId)).id,
      recipients: ['now@example.com'],
      nextRunAt: new Date('2031-01-01T06:00:00Z'),
      active: false,
    });
    const url = `/api/scheduled-exports/${row.id}/run`;
    const manager = as(ctx.app, await tokenWith(['SCHEDULED_EXPORT_MANAGE'], [s.unitId]));
    expect((await as(ctx.app, await tokenWith(['BULK_EXPORT'], [s.unitId]))({ method: 'POST', url })).statusCode).toBe(403);
    expect((await as(ctx.app, await tokenWith(['SCHEDULED_EXPORT_MANAGE'], [s.otherId]))({ method: 'POST', url })).statusCode).toBe(403);
    const missing = await manager({ method: 'POST', url: '/api/scheduled-exports/999999/run' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'error.scheduledExport.notFound' });

    const res = await manager({ method: 'POST', url });
    expect(res.statusCode, res.body).toBe(202);
    const jobId = res.json().id as number;
    expect(await scheduleRow(row.id)).toMatchObject({ lastJobId: jobId, nextRunAt: new Date('2031-01-01T06:00:00Z'), version: 0 });
    expect((await scheduleRow(row.id))?.lastRunAt).toBeInstanceOf(Date);
    const [audited] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityName, 'bulk_job'), eq(auditLog.entityId, String(jobId))));
    expect(audited?.action).toBe('EXPORT_SCHEDULED');
    expect(audited?.userId).not.toBeNull();
    const before = ctx.mails().length;
    await ctx.app.deps.jobs.drain();
    expect(await jobRow(jobId)).toMatchObject({ status: 'SUCCESS' });
    const mails = ctx.mails().slice(before).map(mailText);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('To: now@example.com');
    expect(mails[0]).toMatch(new RegExp(`/scheduled-exports/downloads/${jobId}\\?token=`));
    await ctx.db.delete(scheduledExport).where(eq(scheduledExport.id, row.id));
  });
});

describe('the queue', () => {
  it('runs the tick and the expiry when their cron sends them', async () => {
    const row = await makeSchedule({ nextRunAt: new Date(Date.now() - 60_000), recipients: ['cron@example.com'] });
    await ctx.app.deps.jobs.send(SCHEDULED_TICK_QUEUE, {});
    await ctx.app.deps.jobs.send(EXPORT_EXPIRY_QUEUE, {});
    expect(await ctx.app.deps.jobs.drain()).toBe(3);
    const after = await scheduleRow(row.id);
    expect(after?.lastRunAt).toBeInstanceOf(Date);
    expect((await jobRow(after?.lastJobId ?? 0))?.status).toBe('SUCCESS');
    expect(mailText(ctx.mails().at(-1) ?? '')).toContain('To: cron@example.com');
    await ctx.db.delete(scheduledExport).where(eq(scheduledExport.id, row.id));
  });
});

describe("a run's unexpected failure", () => {
  it('an earlier attempt is left to the retry; the last one marks the export FAILED with a line in its log', async () => {
    const row = await makeSchedule({ productTypeId: (await makeProductType(ctx.db, s.unitId)).id, recipients: ['late@example.com'] });
    const [jobId = 0] = await tick(ctx.app.deps, MONDAY_0600);
    const handler = scheduledRunHandler(ctx.app.deps);
    const data = { jobId, scheduledExportId: row.id, recipients: ['late@example.com'] };
    const select = vi.spyOn(ctx.app.deps.db, 'select').mockImplementation(() => {
      throw new Error('database unreachable');
    });
    try {
      await expect(handler(data, { retryCount: 0, last: false })).rejects.toThrow('database unreachable');
    } finally {
      select.mockRestore();
    }
    expect(await jobRow(jobId)).toMatchObject({ status: 'PROCESSING' });
    // through the queue, on the attempt pg-boss will not retry
    await ctx.db.execute(
      sql`UPDATE pgboss.job SET retry_count = 2 WHERE name = ${SCHEDULED_RUN_QUEUE} AND data->>'jobId' = ${String(jobId)}`,
    );
    const again = vi.spyOn(ctx.app.deps.db, 'select').mockImplementation(() => {
      throw new Error('database unreachable');
    });
    try {
      await ctx.app.deps.jobs.drain();
    } finally {
      again.mockRestore();
    }
    const job = await jobRow(jobId);
    expect(job?.status).toBe('FAILED');
    expect(job?.log).toMatch(/\nThe export failed unexpectedly\.$/);
    expect(job?.processedDate).toBeInstanceOf(Date);
    await ctx.db.delete(scheduledExport).where(eq(scheduledExport.id, row.id));
  });
});

describe('the expiry of stored export zips', () => {
  it('removes the zips of exports older than their 7-day link and marks their rows; younger ones stay', async () => {
    const row = await makeSchedule({ recipients: ['keep@example.com'] });
    const [oldJob] = await tick(ctx.app.deps, MONDAY_0600);
    await ctx.app.deps.jobs.drain();
    const made = await jobRow(oldJob ?? 0);
    const key = made?.storageKey;
    expect(key).toBeTruthy();
    if (!key || !made?.processedDate) throw new Error('no zip');
    expect(await ctx.app.deps.files.stat(key)).toBeDefined();
    const processed = made.processedDate.getTime();
    const day = 24 * 3600 * 1000;
    // six days later: kept
    expect(await expireStoredExports(ctx.app.deps, new Date(processed + 6 * day))).toBe(0);
    expect(await ctx.app.deps.files.stat(key)).toBeDefined();
    // eight days later: removed, the row says so
    expect(await expireStoredExports(ctx.app.deps, new Date(processed + 8 * day))).toBeGreaterThanOrEqual(1);
    expect(await ctx.app.deps.files.stat(key)).toBeUndefined();
    const after = await jobRow(made.id);
    expect(after).toMatchObject({ storageKey: null, status: 'SUCCESS' });
    expect(after?.log).toMatch(/the zip was removed, its download link having expired\.$/);
    // its link now finds nothing
    const link = await scheduledDownloadLink(ctx.app.deps, made.id, 'quality@example.com', new Date());
    expect(
      (
        await get(
          s.recipient,
          `/api/scheduled-exports/downloads/${made.id}?token=${encodeURIComponent(new URL(link).searchParams.get('token') ?? '')}`,
        )
      ).statusCode,
    ).toBe(404);
    // nothing left to remove
    expect(await expireStoredExports(ctx.app.deps, new Date(processed + 9 * day))).toBe(0);
    await ctx.db.delete(scheduledExport).where(eq(scheduledExport.id, row.id));
  });
});

describe('a deleted unit’s export zips', () => {
  it('go from storage with the unit', async () => {
    const unit = await makeBusinessUnit(ctx.db);
    const key = await ctx.app.deps.files.put('bulk-exports', Buffer.from('zip'), 'zip');
    await ctx.db.insert(bulkJob).values({
      businessUnitId: unit.id,
      entity: 'PRODUCT',
      userLogin: 'someone',
      kind: 'EXPORT',
      status: 'SUCCESS',
      fileFormat: 'TXT',
      storageKey: key,
    });
    const res = await as(
      ctx.app,
      await tokenWith(['BUSINESS_UNIT_DELETE'], [0]),
    )({ method: 'DELETE', url: `/api/business-units/${unit.id}` });
    expect(res.statusCode, res.body).toBe(204);
    expect(await ctx.app.deps.files.stat(key)).toBeUndefined();
  });
});
