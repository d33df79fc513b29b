import rateLimit from '@fastify/rate-limit';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitWindows } from '../db/schema/index.js';
import { createTestContext, secondServer, type TestContext } from '../test/harness.js';
import { countInWindow, pruneEndedWindows } from './rate-limit.repo.js';
import { databaseRateLimitStore } from './rate-limit-store.js';

// 5 sign-ins per minute per address and per account
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_RATE_LIMIT_PER_MINUTE: '5' });
});
afterAll(() => ctx?.close());

const signInAt = (app: TestContext['app'], n: number) =>
  app.inject({
    method: 'POST',
    url: '/api/authenticate',
    remoteAddress: '10.68.0.1',
    payload: { username: `shared-${n}`, password: 'Wrong#Pass1' },
  });

describe('rate limits counted in the database', () => {
  it.skipIf(!process.env.DATABASE_URL)('count across two server processes on one database: 5 sign-ins in all, not 5 each', async () => {
    const second = await secondServer(ctx);
    try {
      const apps = [ctx.app, second.app];
      // alternately on each process: five are checked, the sixth is refused by either
      for (let i = 0; i < 5; i++) expect((await signInAt(apps[i % 2], i)).statusCode).toBe(401);
      for (const app of apps) {
        const refused = await signInAt(app, 9);
        expect(refused.statusCode).toBe(429);
        expect(refused.headers['content-type']).toContain('application/problem+json');
        expect(refused.json()).toMatchObject({ status: 429, message: 'error.http.429' });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      }
      // concurrent requests on both are each counted once: another address, 8 at once, 5 pass
      const burst = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          apps[i % 2].inject({
            method: 'POST',
            url: '/api/authenticate',
            remoteAddress: '10.68.0.2',
            payload: { username: `burst-${i}`, password: 'x' },
          }),
        ),
      );
      expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(3);
    } finally {
      await second.close();
    }
  });

  it('keeps no address or e-mail: keys are the limit’s name and a hash', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      remoteAddress: '10.68.0.3',
      payload: { username: 'who@example.com', password: 'x' },
    });
    const keys = (await ctx.db.select({ key: rateLimitWindows.key }).from(rateLimitWindows)).map((r) => r.key);
    expect(keys.some((k) => /^sign-in:address:[A-Za-z0-9_-]{43}$/.test(k))).toBe(true);
    expect(keys.join()).not.toMatch(/10\.68|example\.com/);
  });

  it('counts from one again once a window has ended, in the same statement', async () => {
    expect(await countInWindow(ctx.db, 'test:short', 200)).toMatchObject({ count: 1 });
    const second = await countInWindow(ctx.db, 'test:short', 200);
    expect(second.count).toBe(2);
    expect(second.ttlMs).toBeGreaterThan(0);
    expect(second.ttlMs).toBeLessThanOrEqual(200);
    await new Promise((r) => setTimeout(r, 250));
    const again = await countInWindow(ctx.db, 'test:short', 60_000);
    expect(again.count).toBe(1);
    expect(again.ttlMs).toBeGreaterThan(59_000);
  });

  it('prunes the windows that ended and keeps the others', async () => {
    await countInWindow(ctx.db, 'test:live', 60_000);
    await ctx.db.insert(rateLimitWindows).values({ key: 'test:ended', count: 3, endsAt: sql`statement_timestamp() - interval '1 second'` });
    expect(await pruneEndedWindows(ctx.db)).toBeGreaterThanOrEqual(1);
    expect(await ctx.db.select().from(rateLimitWindows).where(eq(rateLimitWindows.key, 'test:ended'))).toHaveLength(0);
    expect(await ctx.db.select().from(rateLimitWindows).where(eq(rateLimitWindows.key, 'test:live'))).toHaveLength(1);
  });

  it('refuses a limit without a name and two limits with the same name', async () => {
    const app = Fastify();
    await app.register(rateLimit, { global: false, store: databaseRateLimitStore(ctx.db, () => {}).Store });
    expect(() => app.createRateLimit({ max: 1 })).toThrow(/limitName/);
    const named = { limitName: 'twice', max: 1 };
    app.createRateLimit(named);
    expect(() => app.createRateLimit(named)).toThrow(/twice/);
    await app.close();
  });
});
