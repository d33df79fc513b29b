import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, setManufacturer } from '../../db/seed/factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { auditActions, authenticateCall, NEW_PASSWORD, resetKeyFromMail, sessionsOf, userRow } from './account.test-support.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await setManufacturer(ctx.db, { maxLoginAttempts: 3 });
});
afterAll(() => ctx.close());

const WRONG = 'Wrong#Pass1';

describe('account lockout', () => {
  it('locks the account when the failed attempts reach the maximum, and keeps refusing the right password', async () => {
    const user = await makeUser(ctx.db, { login: 'lock-a' });
    const token = await tokenFor(ctx, user.id);

    for (let i = 1; i <= 2; i++) {
      const res = await authenticateCall(ctx, 'lock-a', WRONG);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('error.authentication');
    }
    const third = await authenticateCall(ctx, 'lock-a', WRONG);
    expect(third.statusCode).toBe(401);
    expect(third.json().message).toBe('error.accountLocked');

    const row = await userRow(ctx, user.id);
    expect(row.failedAttempts).toBe(3);
    expect(row.lockedAt).toBeInstanceOf(Date);

    const right = await authenticateCall(ctx, 'lock-a');
    expect(right.statusCode).toBe(401);
    expect(right.json().message).toBe('error.accountLocked');
    expect((await sessionsOf(ctx, user.id)).filter((s) => !s.revokedAt)).toHaveLength(1); // only tokenFor's

    // the token issued before the lock no longer counts
    const me = await as(ctx.app, token)({ method: 'GET', url: '/api/account' });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ message: 'error.tokenInactive', code: 'token.inactive' });

    expect(await auditActions(ctx, user.id)).toEqual(['LOGIN_FAILED', 'LOGIN_FAILED', 'LOGIN_FAILED', 'ACCOUNT_LOCKED', 'LOGIN_FAILED']);
  });

  it('unlocks through a password reset: attempts cleared, the new password signs in', async () => {
    const user = await makeUser(ctx.db, { login: 'lock-b', email: 'lock-b@example.com' });
    for (let i = 0; i < 3; i++) await authenticateCall(ctx, 'lock-b', WRONG);
    expect((await userRow(ctx, user.id)).lockedAt).not.toBeNull();

    const init = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/reset-password/init',
      headers: { 'content-type': 'text/plain' },
      payload: 'lock-b@example.com',
    });
    expect(init.statusCode).toBe(200);
    const key = resetKeyFromMail(ctx, 'lock-b@example.com');
    const finish = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/reset-password/finish',
      payload: { key, newPassword: NEW_PASSWORD },
    });
    expect(finish.statusCode).toBe(200);

    const row = await userRow(ctx, user.id);
    expect(row.failedAttempts).toBe(0);
    expect(row.lockedAt).toBeNull();
    expect((await authenticateCall(ctx, 'lock-b', NEW_PASSWORD)).statusCode).toBe(200);
    expect(await auditActions(ctx, user.id)).toContain('PASSWORD_RESET');
  });

  it('counts a wrong current password in the expired-password change as a failed attempt', async () => {
    const user = await makeUser(ctx.db, { login: 'lock-c' });
    const change = (currentPassword: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/account/change-expired-password',
        payload: { username: 'lock-c', currentPassword, newPassword: NEW_PASSWORD },
      });
    await authenticateCall(ctx, 'lock-c', WRONG);
    const second = await change(WRONG);
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe('error.invalidPassword');
    const third = await change(WRONG);
    expect(third.statusCode).toBe(401);
    expect(third.json().message).toBe('error.accountLocked');
    expect((await userRow(ctx, user.id)).lockedAt).not.toBeNull();
    // locked: the right current password does not help either
    expect((await change('Vellum#2026')).json().message).toBe('error.accountLocked');
  });

  it('uses the current maximum of the manufacturer settings', async () => {
    await setManufacturer(ctx.db, { maxLoginAttempts: 1 });
    try {
      const user = await makeUser(ctx.db, { login: 'lock-d' });
      const res = await authenticateCall(ctx, 'lock-d', WRONG);
      expect(res.json().message).toBe('error.accountLocked');
      expect((await userRow(ctx, user.id)).lockedAt).not.toBeNull();
    } finally {
      await setManufacturer(ctx.db, { maxLoginAttempts: 3 });
    }
  });
});
