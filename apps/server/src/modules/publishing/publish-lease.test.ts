import { randomUUID } from 'node:crypto';
import type { AccessRight } from '@vellum/contract';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publication, publishState } from '../../db/schema/index.js';
import { makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { makeReadyUnit } from './publish.fixtures.js';
import { withPublishLease } from './publish-lease.js';

let ctx: TestContext;
let publisher: ReturnType<typeof as>;
let login: string;
const onPostgres = () => ctx.databaseUrl !== undefined;

const client = async (rights: AccessRight[], units: number[] | 'all') => {
  const user = await makeUserWithRights(ctx.db, rights, units);
  return { call: as(ctx.app, await tokenFor(ctx, user.id)), login: user.login, id: user.id };
};

beforeAll(async () => {
  ctx = await createTestContext();
  const p = await client(['PUBLISH'], 'all');
  publisher = p.call;
  login = p.login;
});
afterAll(() => ctx.close());

const post = (businessUnitId: number, c = publisher) => c({ method: 'POST', url: '/api/publish', payload: { businessUnitId } });
const state = (businessUnitId: number, c = publisher) => c({ method: 'GET', url: `/api/publish-state?business-unit=${businessUnitId}` });
const leaseOf = async (businessUnitId: number) =>
  (await ctx.db.select().from(publishState).where(eq(publishState.businessUnitId, businessUnitId)))[0];
const publications = async (businessUnitId: number) =>
  (await ctx.db.select({ n: count() }).from(publication).where(eq(publication.businessUnitId, businessUnitId)))[0].n;
/** A lease row as another process would leave it. */
const holdLease = (businessUnitId: number, startDate: Date, expiresAt: Date, userLogin = 'someone@example.com') =>
  ctx.db.insert(publishState).values({ businessUnitId, uuid: randomUUID(), startDate, userId: null, userLogin, expiresAt }).returning();

describe('GET /api/publish-state', () => {
  it('answers 401, 403 without PUBLISH or with it in another unit', async () => {
    const { unit } = await makeReadyUnit(ctx.db);
    const other = await makeReadyUnit(ctx.db);
    expect((await state(unit.id, as(ctx.app, undefined))).statusCode).toBe(401);
    expect((await state(unit.id, (await client(['PRODUCT_MANAGE', 'AUDIT_LOG_PUBLISH_READ'], 'all')).call)).statusCode).toBe(403);
    expect((await state(unit.id, (await client(['PUBLISH'], [other.unit.id])).call)).statusCode).toBe(403);
    expect((await publisher({ method: 'GET', url: '/api/publish-state?business-unit=abc' })).statusCode).toBe(400);
    expect((await state(999_999)).statusCode).toBe(404);
  });

  it('answers running false, the holder of an unexpired lease, and running false again once it expired', async () => {
    const { unit } = await makeReadyUnit(ctx.db);
    expect((await state(unit.id)).json()).toEqual({ running: false });
    const start = new Date(Date.now() - 60_000);
    const [row] = await holdLease(unit.id, start, new Date(Date.now() + 60_000));
    expect((await state(unit.id)).json()).toEqual({
      running: true,
      uuid: row.uuid,
      startDateEpoch: start.getTime(),
      user: 'someone@example.com',
    });
    await ctx.db
      .update(publishState)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(publishState.businessUnitId, unit.id));
    expect((await state(unit.id)).json()).toEqual({ running: false });
  });
});

describe('the publish lease', () => {
  it('an unexpired lease answers 409 error.publish.alreadyRunning with its holder, and stays', async () => {
    const ready = await makeReadyUnit(ctx.db);
    const start = new Date(Date.now() - 5 * 60_000);
    const [row] = await holdLease(ready.unit.id, start, new Date(Date.now() + 10 * 60_000));
    const res = await post(ready.unit.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'error.publish.alreadyRunning',
      params: { uuid: row.uuid, user: 'someone@example.com', startDate: start.toISOString(), startDateEpoch: start.getTime() },
    });
    expect(await publications(ready.unit.id)).toBe(0);
    expect((await leaseOf(ready.unit.id))?.uuid).toBe(row.uuid);
  });

  it('an expired lease (a publish that died) is taken over, and released after the publish', async () => {
    const ready = await makeReadyUnit(ctx.db);
    await holdLease(ready.unit.id, new Date(Date.now() - 20 * 60_000), new Date(Date.now() - 5 * 60_000));
    const res = await post(ready.unit.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(await leaseOf(ready.unit.id)).toBeUndefined();
  });

  it('holds the lease while the work runs (2 minutes, the actor named), releases it after a failure, never releases another holder', async () => {
    const ready = await makeReadyUnit(ctx.db);
    const actor = { userId: null, login: 'lease@example.com' };
    const seen = await withPublishLease(ctx.app.deps, ready.unit.id, actor, async (lease) => {
      const row = await leaseOf(ready.unit.id);
      return { lease, row };
    });
    expect(seen.row).toMatchObject({ uuid: seen.lease.uuid, userLogin: 'lease@example.com' });
    const seconds = (seen.row.expiresAt.getTime() - seen.row.startDate.getTime()) / 1000;
    expect(seconds).toBe(120);
    expect(await leaseOf(ready.unit.id)).toBeUndefined();

    await expect(
      withPublishLease(ctx.app.deps, ready.unit.id, actor, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await leaseOf(ready.unit.id)).toBeUndefined();

    // the lease expired under the work and another took it over: the first holder's end leaves it alone
    let theirs = '';
    await withPublishLease(ctx.app.deps, ready.unit.id, actor, async () => {
      theirs = randomUUID();
      await ctx.db.update(publishState).set({ uuid: theirs }).where(eq(publishState.businessUnitId, ready.unit.id));
    });
    expect((await leaseOf(ready.unit.id))?.uuid).toBe(theirs);
  });

  it('renews the lease while the work runs, so that only a holder that stopped living lets it expire', async () => {
    const ready = await makeReadyUnit(ctx.db);
    const actor = { userId: null, login: 'lease@example.com' };
    const seen = await withPublishLease(
      ctx.app.deps,
      ready.unit.id,
      actor,
      async () => {
        const first = await leaseOf(ready.unit.id);
        // a few heartbeats of 50 ms, each a lease of LEASE_SECONDS from its own moment
        await new Promise((r) => setTimeout(r, 400));
        return { first, later: await leaseOf(ready.unit.id) };
      },
      50,
    );
    expect(seen.later?.uuid).toBe(seen.first?.uuid);
    expect(seen.later?.expiresAt.getTime()).toBeGreaterThan(seen.first?.expiresAt.getTime() ?? Number.POSITIVE_INFINITY);
    expect(seen.later?.startDate).toEqual(seen.first?.startDate);
    expect(await leaseOf(ready.unit.id)).toBeUndefined();
  });

  it('two publishes of one unit at once on PostgreSQL: one runs, the other answers 409 naming it', async (t) => {
    if (!onPostgres()) t.skip();
    const ready = await makeReadyUnit(ctx.db);
    // a second session holds the publication table, so the first publish waits inside its transaction
    const blocker = new pg.Client({ connectionString: ctx.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE publication IN ACCESS EXCLUSIVE MODE');
      const first = post(ready.unit.id);
      let held = await leaseOf(ready.unit.id);
      for (let i = 0; i < 200 && !held; i++) {
        await new Promise((r) => setTimeout(r, 25));
        held = await leaseOf(ready.unit.id);
      }
      expect(held).toBeDefined();
      const second = await post(ready.unit.id);
      expect(second.statusCode).toBe(409);
      expect(second.json().params).toEqual({
        uuid: held?.uuid,
        user: login,
        startDate: held?.startDate.toISOString(),
        startDateEpoch: held?.startDate.getTime(),
      });
      expect((await state(ready.unit.id)).json()).toMatchObject({ running: true, uuid: held?.uuid, user: login });
      await blocker.query('COMMIT');
      const res = await first;
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().number).toBe(1);
    } finally {
      await blocker.end();
    }
    expect(await publications(ready.unit.id)).toBe(1);
    expect(await leaseOf(ready.unit.id)).toBeUndefined();
  });

  it('publishes sent at once never deadlock: each runs or answers 409, numbers follow each other, the lease is released', async () => {
    // on the embedded database (one session) a second lease statement waits for the running
    // transaction, so the publishes either exclude each other or run one after the other
    const ready = await makeReadyUnit(ctx.db);
    const answers = await Promise.all([post(ready.unit.id), post(ready.unit.id), post(ready.unit.id)]);
    const codes = answers.map((a) => a.statusCode);
    expect(
      codes.every((c) => c === 201 || c === 409),
      codes.join(),
    ).toBe(true);
    const created = answers.filter((a) => a.statusCode === 201).map((a) => a.json().number as number);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(created.sort()).toEqual(created.map((_, i) => i + 1));
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().message).toBe('error.publish.alreadyRunning');
    expect(await leaseOf(ready.unit.id)).toBeUndefined();
  });
});
