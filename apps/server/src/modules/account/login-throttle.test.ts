import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginThrottleConfig } from '../../config.js';
import { loginThrottle } from '../../db/schema/index.js';
import { DEFAULT_PASSWORD, makeUser } from '../../factories/organisation-factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { auditRows, userRow } from './account.test-support.js';
import { delayAfter } from './login-throttle.js';

// three free failures per address, then 10 s, 20 s, 40 s, at most 60 s
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    LOGIN_THROTTLE_FREE_FAILURES: '3',
    LOGIN_THROTTLE_BASE_DELAY_SECONDS: '10',
    LOGIN_THROTTLE_MAX_DELAY_SECONDS: '60',
    LOGIN_THROTTLE_FORGET_AFTER_MINUTES: '30',
  });
});
afterAll(() => ctx.close());

const WRONG = 'Wrong#Pass1';
const signIn = (username: string, remoteAddress: string, password = WRONG) =>
  ctx.app.inject({ method: 'POST', url: '/api/authenticate', remoteAddress, payload: { username, password } });

async function throttleRow(address: string) {
  const [row] = await ctx.db.select().from(loginThrottle).where(eq(loginThrottle.address, address));
  return row;
}
/** The wait is over (as if its time had passed). */
async function waitOver(address: string) {
  await ctx.db
    .update(loginThrottle)
    .set({ nextAllowedAt: new Date(Date.now() - 1000) })
    .where(eq(loginThrottle.address, address));
}
const retryAfter = (res: Awaited<ReturnType<typeof signIn>>) => Number(res.headers['retry-after']);

describe('failed sign-ins per source address', () => {
  it('make the address wait longer and longer after the free failures; another address is not affected', async () => {
    const a = '10.50.0.1';
    for (let i = 0; i < 3; i++) expect((await signIn(`thr-nobody-${i}`, a)).statusCode).toBe(401);

    const refused = await signIn('thr-nobody-x', a);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json()).toMatchObject({ status: 429, message: 'error.http.429' });
    expect(refused.headers['x-vellum-error']).toBe('error.http.429');
    expect(retryAfter(refused)).toBeGreaterThan(8);
    expect(retryAfter(refused)).toBeLessThanOrEqual(10);
    expect((await throttleRow(a)).failures).toBe(3);

    // another address still has its free failures
    expect((await signIn('thr-nobody-y', '10.50.0.2')).statusCode).toBe(401);

    const waits = [];
    for (let i = 0; i < 4; i++) {
      await waitOver(a);
      expect((await signIn('thr-nobody-z', a)).statusCode).toBe(401);
      const next = await signIn('thr-nobody-z', a);
      expect(next.statusCode).toBe(429);
      waits.push(retryAfter(next));
    }
    // 20 s, 40 s, then the maximum of 60 s
    expect(waits.map((s) => Math.round(s / 10) * 10)).toEqual([20, 40, 60, 60]);
    expect((await throttleRow(a)).failures).toBe(7);
    expect((await throttleRow('10.50.0.2')).failures).toBe(1);
  });

  it('refuse a waiting address before any password is checked, even the right one', async () => {
    const user = await makeUser(ctx.db, { login: 'thr-victim' });
    const a = '10.50.1.1';
    for (let i = 0; i < 3; i++) await signIn('thr-victim', a);
    expect((await userRow(ctx, user.id)).failedAttempts).toBe(3);
    const auditedBefore = (await auditRows(ctx, user.id)).length;

    expect((await signIn('thr-victim', a)).statusCode).toBe(429);
    expect((await signIn('thr-victim', a, DEFAULT_PASSWORD)).statusCode).toBe(429);
    expect((await userRow(ctx, user.id)).failedAttempts).toBe(3);
    expect(await auditRows(ctx, user.id)).toHaveLength(auditedBefore);
    // the owner, from elsewhere, signs in
    expect((await signIn('thr-victim', '10.50.1.2', DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('are audited with the address and its count', async () => {
    const user = await makeUser(ctx.db, { login: 'thr-audit' });
    const a = '10.50.2.1';
    await signIn('thr-audit', a);
    await signIn('thr-audit', a);
    const rows = await auditRows(ctx, user.id);
    expect(rows.map((r) => r.changes)).toEqual([
      expect.objectContaining({ reason: 'badCredentials', address: a, addressFailures: 1 }),
      expect.objectContaining({ reason: 'badCredentials', address: a, addressFailures: 2 }),
    ]);
  });

  it('count the expired-password change too, and its wrong passwords', async () => {
    const a = '10.50.3.1';
    const change = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/account/change-expired-password',
        remoteAddress: a,
        payload: { username: 'thr-nobody', currentPassword: WRONG, newPassword: 'Fresh#Pass1' },
      });
    for (let i = 0; i < 2; i++) expect((await change()).statusCode).toBe(400);
    expect((await signIn('thr-nobody', a)).statusCode).toBe(401);
    expect((await change()).statusCode).toBe(429);
    expect((await signIn('thr-nobody', a)).statusCode).toBe(429);
  });

  it('do not count successful sign-ins', async () => {
    await makeUser(ctx.db, { login: 'thr-good' });
    const a = '10.50.4.1';
    for (let i = 0; i < 6; i++) expect((await signIn('thr-good', a, DEFAULT_PASSWORD)).statusCode).toBe(200);
    expect(await throttleRow(a)).toBeUndefined();
  });

  it('are forgotten after a quiet period', async () => {
    const a = '10.50.5.1';
    for (let i = 0; i < 3; i++) await signIn('thr-nobody', a);
    expect((await signIn('thr-nobody', a)).statusCode).toBe(429);
    const longAgo = new Date(Date.now() - 31 * 60_000);
    await ctx.db.update(loginThrottle).set({ lastFailureAt: longAgo, nextAllowedAt: longAgo }).where(eq(loginThrottle.address, a));
    expect((await signIn('thr-nobody', a)).statusCode).toBe(401);
    const row = await throttleRow(a);
    expect(row.failures).toBe(1);
    expect(row.nextAllowedAt).toBeNull();
  });

  it('keep no row of an address quiet for longer than the period', async () => {
    const stale = new Date(Date.now() - 31 * 60_000);
    await ctx.db.insert(loginThrottle).values({ address: '10.50.6.1', failures: 9, firstFailureAt: stale, lastFailureAt: stale });
    await signIn('thr-nobody', '10.50.6.2');
    expect(await throttleRow('10.50.6.1')).toBeUndefined();
  });

  it('count every one of many simultaneous failures', async () => {
    const a = '10.50.7.1';
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => signIn(`thr-burst-${i}`, a)));
    const failed = answers.filter((r) => r.statusCode === 401).length;
    expect(answers.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
    expect(failed).toBeGreaterThanOrEqual(3);
    expect((await throttleRow(a)).failures).toBe(failed);
    expect((await signIn('thr-burst', a)).statusCode).toBe(429);
  });
});

describe('the delay', () => {
  const cfg: LoginThrottleConfig = { freeFailures: 5, baseDelayMs: 1000, maxDelayMs: 900_000, forgetAfterMs: 3_600_000 };
  it('doubles from the base after the free failures, up to the maximum', () => {
    expect([1, 4, 5, 6, 7, 10, 14, 15, 1000].map((n) => delayAfter(n, cfg))).toEqual([
      0, 0, 1000, 2000, 4000, 32_000, 512_000, 900_000, 900_000,
    ]);
  });
});
