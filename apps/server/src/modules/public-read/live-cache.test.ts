import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../db/client.js';
import { createTestContext, secondServer, type TestContext } from '../../test/harness.js';
import { activeLiveCache, LiveCache, liveCacheOf } from './live-cache.js';
import { liveSite } from './live-site.js';
import { insertPublication, makeUnit, site } from './public-read.test-support.js';
import type { LivePublication } from './public-read.types.js';

const at = (ms: number) => new Date(Date.UTC(2026, 10, 1) + ms);
const live = (n: number) => ({ publicationId: n }) as LivePublication;

/**
 * Reads until an answer is held (the same object twice): every pooled connection hears a change,
 * the others a few milliseconds after the one that made it, and a read that raced one of them is
 * not held. Two seconds without that fails the test.
 */
async function held(read: () => Promise<LivePublication | null>): Promise<LivePublication | null> {
  const end = Date.now() + 2000;
  let last = await read();
  let same = 0;
  while (Date.now() < end) {
    await new Promise((r) => setTimeout(r, 10));
    const again = await read();
    same = again === last ? same + 1 : 0;
    if (same === 3) return again;
    last = again;
  }
  throw new Error('the live publication was never held');
}

/** Publication `number` of the unit, created `offsetMs` from `now` (a negative offset: before). */
const publishAt = (db: Db, unit: { id: number; slug: string }, number: number, now: Date, offsetMs: number) =>
  insertPublication(db, { unitId: unit.id, number, site: site(unit.id, unit.slug), createdDate: new Date(now.getTime() + offsetMs) });

describe('LiveCache', () => {
  it('holds nothing until it listens, and forgets everything when the listener is lost', () => {
    const cache = new LiveCache();
    cache.store(cache.generation, 'unit-a', live(1), at(0), null);
    expect(cache.get('unit-a', at(0))).toBeUndefined();
    cache.up();
    cache.store(cache.generation, 'unit-a', live(1), at(0), null);
    expect(cache.get('unit-a', at(0))).toEqual(live(1));
    cache.down();
    expect(cache.active).toBe(false);
    expect(cache.get('unit-a', at(0))).toBeUndefined();
  });

  it('answers from the instant it was read at up to the next creation date, not before nor from then on', () => {
    const cache = new LiveCache();
    cache.up();
    cache.store(cache.generation, 'unit-a', live(1), at(1000), at(5000));
    expect(cache.get('unit-a', at(999))).toBeUndefined();
    expect(cache.get('unit-a', at(1000))).toEqual(live(1));
    expect(cache.get('unit-a', at(4999))).toEqual(live(1));
    expect(cache.get('unit-a', at(5000))).toBeUndefined();
    expect(cache.get('unit-b', at(1000))).toBeUndefined();
  });

  it('forgets on every notification and drops a read that raced one', () => {
    const cache = new LiveCache();
    cache.up();
    cache.store(cache.generation, 'unit-a', live(1), at(0), null);
    const started = cache.generation;
    cache.notify();
    expect(cache.get('unit-a', at(0))).toBeUndefined();
    cache.store(started, 'unit-a', live(1), at(0), null);
    expect(cache.get('unit-a', at(0))).toBeUndefined();
  });

  it('stays in use while any of its listeners hears the channel', () => {
    const cache = new LiveCache();
    cache.up();
    cache.up();
    cache.down();
    expect(cache.active).toBe(true);
    cache.down();
    expect(cache.active).toBe(false);
  });
});

describe('the live publication held per process', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('is held while the app listens, and a publication added is live on the next read of the process that added it', async () => {
    expect(activeLiveCache(ctx.db)).toBeDefined();
    const unit = await makeUnit(ctx.db);
    const now = new Date();
    await publishAt(ctx.db, unit, 1, now, -60_000);
    expect((await held(() => liveSite(ctx.db, { slug: unit.slug }, now)))?.number).toBe(1);
    await publishAt(ctx.db, unit, 2, now, -1000);
    expect((await liveSite(ctx.db, { slug: unit.slug }, now))?.number).toBe(2);
    expect((await liveSite(ctx.db, { id: unit.id }, now))?.number).toBe(2);
    // a deletion by any writer (here plain SQL) is heard too
    await ctx.db.execute(sql`DELETE FROM publication WHERE business_unit_id = ${unit.id} AND number = 2`);
    expect((await liveSite(ctx.db, { slug: unit.slug }, now))?.number).toBe(1);
    expect((await liveSite(ctx.db, { id: unit.id }, now))?.number).toBe(1);
  });

  it('goes over to a publication dated ahead of the clock on its date, with nothing heard', async () => {
    const unit = await makeUnit(ctx.db);
    const now = new Date();
    await publishAt(ctx.db, unit, 1, now, -60_000);
    await publishAt(ctx.db, unit, 2, now, 60_000);
    const cache = liveCacheOf(ctx.db);
    const first = await held(() => liveSite(ctx.db, { slug: unit.slug }, now));
    expect(first?.number).toBe(1);
    const generation = cache.generation;
    // still the held answer just before the date, a new read on it
    expect(await liveSite(ctx.db, { slug: unit.slug }, new Date(now.getTime() + 59_999))).toBe(first);
    expect((await liveSite(ctx.db, { slug: unit.slug }, new Date(now.getTime() + 60_000)))?.number).toBe(2);
    expect(cache.generation).toBe(generation);
    // an instant before the one read at is read again, not answered from what was held
    expect(await liveSite(ctx.db, { slug: unit.slug }, new Date(now.getTime() - 120_000))).toBeNull();
  });

  it('is not held for a database handle nobody listens for', async () => {
    if (!ctx.databaseUrl) return;
    const other = await openDatabase({ databaseUrl: ctx.databaseUrl });
    try {
      expect(activeLiveCache(other.db)).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('the live publication across two server processes on one PostgreSQL database', () => {
  let ctx: TestContext;
  let second: Awaited<ReturnType<typeof secondServer>>;
  beforeAll(async () => {
    ctx = await createTestContext();
    second = await secondServer(ctx);
  });
  afterAll(async () => {
    await second.close();
    await ctx.close();
  });

  it('a publication added on A is live on B as soon as B hears of it', async () => {
    const b = second.database.db;
    const unit = await makeUnit(ctx.db);
    const now = new Date();
    await publishAt(ctx.db, unit, 1, now, -60_000);
    expect((await held(() => liveSite(b, { slug: unit.slug }, now)))?.number).toBe(1);
    const cache = liveCacheOf(b);
    const before = cache.generation;
    await publishAt(ctx.db, unit, 2, now, -1000);
    const end = Date.now() + 2000;
    while (cache.generation === before && Date.now() < end) await new Promise((r) => setTimeout(r, 1));
    expect(cache.generation).not.toBe(before);
    expect((await liveSite(b, { slug: unit.slug }, now))?.number).toBe(2);
  });
});
