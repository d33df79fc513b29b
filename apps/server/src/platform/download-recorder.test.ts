import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { documentDownload } from '../db/schema/index.js';
import { downloadRecord } from '../factories/download-factories.js';
import { makeBusinessUnit } from '../factories/organisation-factories.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { createDownloadRecorder } from './download-recorder.js';

let ctx: TestContext;
let unitId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  unitId = (await makeBusinessUnit(ctx.db)).id;
});
afterAll(() => ctx.close());

const quiet = () => ({ warn: vi.fn(), error: vi.fn() });
const rowsOf = async (businessUnitId: number) =>
  (await ctx.db.select({ n: count() }).from(documentDownload).where(eq(documentDownload.businessUnitId, businessUnitId)))[0].n;

/** An insert that only counts what it is given (and fails when told to). */
function fakeInsert(failures = 0) {
  const batches: number[] = [];
  let left = failures;
  const insert = vi.fn(async (rows: unknown[]) => {
    if (left > 0) {
      left--;
      throw new Error('database away');
    }
    batches.push(rows.length);
  });
  return { insert, batches };
}

describe('the download recorder', () => {
  it('returns from record() at once and writes one multi-row insert per batch', async () => {
    const { insert, batches } = fakeInsert();
    const recorder = createDownloadRecorder(ctx.db, { insert, batchSize: 100, intervalMs: 60_000, log: quiet() });
    for (let i = 0; i < 250; i++) expect(recorder.record(downloadRecord(unitId))).toBeUndefined();
    // two full batches started on their own; the rest waits for its interval or a flush
    await recorder.flush();
    expect(batches).toEqual([100, 100, 50]);
    await recorder.close();
  });

  it('writes a small batch after the interval without a flush', async () => {
    const { insert, batches } = fakeInsert();
    const recorder = createDownloadRecorder(ctx.db, { insert, intervalMs: 20, log: quiet() });
    recorder.record(downloadRecord(unitId));
    recorder.record(downloadRecord(unitId));
    expect(batches).toEqual([]);
    await vi.waitFor(() => expect(batches).toEqual([2]), { timeout: 2000 });
    await recorder.close();
  });

  it('flushes what is pending on close, and keeps nothing after it', async () => {
    const { insert, batches } = fakeInsert();
    const log = quiet();
    const recorder = createDownloadRecorder(ctx.db, { insert, intervalMs: 60_000, log });
    for (let i = 0; i < 7; i++) recorder.record(downloadRecord(unitId));
    await recorder.close();
    expect(batches).toEqual([7]);
    recorder.record(downloadRecord(unitId));
    await recorder.flush();
    expect(batches).toEqual([7]);
    expect(log.warn).toHaveBeenCalledOnce();
  });

  it('retries a failed insert once', async () => {
    const { insert, batches } = fakeInsert(1);
    const log = quiet();
    const recorder = createDownloadRecorder(ctx.db, { insert, retryDelayMs: 1, log });
    for (let i = 0; i < 3; i++) recorder.record(downloadRecord(unitId));
    await recorder.close();
    expect(insert).toHaveBeenCalledTimes(2);
    expect(batches).toEqual([3]);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('gives a batch up after its retry fails, logs it, and goes on with the next', async () => {
    const { insert, batches } = fakeInsert(2);
    const log = quiet();
    const recorder = createDownloadRecorder(ctx.db, { insert, retryDelayMs: 1, batchSize: 2, intervalMs: 60_000, log });
    for (let i = 0; i < 3; i++) recorder.record(downloadRecord(unitId));
    await recorder.close();
    expect(batches).toEqual([1]);
    expect(log.error).toHaveBeenCalledOnce();
  });

  it('drops the oldest records past maxPending while the database does not answer', async () => {
    const { insert } = fakeInsert(Number.POSITIVE_INFINITY);
    const log = quiet();
    const recorder = createDownloadRecorder(ctx.db, { insert, retryDelayMs: 1, batchSize: 1000, maxPending: 5, intervalMs: 60_000, log });
    for (let i = 0; i < 8; i++) recorder.record(downloadRecord(unitId));
    expect(log.warn).toHaveBeenCalledTimes(3);
    await recorder.close();
  });

  it('loses none of 1,000 quick records on the real database', async () => {
    const unit = await makeBusinessUnit(ctx.db);
    const recorder = createDownloadRecorder(ctx.db, { log: quiet() });
    for (let i = 0; i < 1000; i++) recorder.record(downloadRecord(unit.id, { keyCode: `KC-${i}` }));
    await recorder.close();
    expect(await rowsOf(unit.id)).toBe(1000);
    const keyCodes = await ctx.db
      .selectDistinct({ k: documentDownload.keyCode })
      .from(documentDownload)
      .where(eq(documentDownload.businessUnitId, unit.id));
    expect(keyCodes).toHaveLength(1000);
  });

  it('keeps the moment of record(), not of the insert', async () => {
    const unit = await makeBusinessUnit(ctx.db);
    const recorder = createDownloadRecorder(ctx.db, { intervalMs: 60_000, log: quiet() });
    const before = Date.now();
    recorder.record(downloadRecord(unit.id, { at: undefined }));
    await new Promise((r) => setTimeout(r, 30));
    await recorder.close();
    const [row] = await ctx.db.select().from(documentDownload).where(eq(documentDownload.businessUnitId, unit.id));
    expect(row.at.getTime()).toBeGreaterThanOrEqual(before);
    expect(row.at.getTime()).toBeLessThan(before + 25);
  });

  it('is written out by app.close(): a normal shutdown loses nothing', async () => {
    const own = await createTestContext();
    try {
      const unit = await makeBusinessUnit(own.db);
      for (let i = 0; i < 42; i++) own.app.deps.downloads.record(downloadRecord(unit.id));
      await own.app.close();
      const [{ n }] = await own.db.select({ n: count() }).from(documentDownload).where(eq(documentDownload.businessUnitId, unit.id));
      expect(n).toBe(42);
    } finally {
      await own.close();
    }
  });
});
