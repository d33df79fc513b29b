import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, makeUser, setManufacturer } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import {
  auditActions,
  authenticateCall,
  daysAgo,
  historyCount,
  NEW_PASSWORD,
  sessionsOf,
  setUser,
  userRow,
} from './account.test-support.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await setManufacturer(ctx.db, { passwordValidityDays: 30, oldPasswordsCount: 2 });
});
afterAll(() => ctx.close());

async function userWithPasswordAge(login: string, days: number, over: Parameters<typeof makeUser>[1] = {}) {
  const user = await makeUser(ctx.db, { login, ...over });
  await setUser(ctx, user.id, { passwordChangedAt: daysAgo(days) });
  return user;
}

const changeExpired = (body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/account/change-expired-password', payload: body });

describe('password expiry at sign-in', () => {
  it('refuses a password older than the validity with error.credentialsExpired and creates no session', async () => {
    const user = await userWithPasswordAge('exp-a', 31);
    const res = await authenticateCall(ctx, 'exp-a');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('error.credentialsExpired');
    expect(await sessionsOf(ctx, user.id)).toHaveLength(0);
    expect(await auditActions(ctx, user.id)).toEqual(['LOGIN_FAILED']);
  });

  it('accepts a password younger than the validity, and tells when it expires', async () => {
    const user = await userWithPasswordAge('exp-b', 29);
    const res = await authenticateCall(ctx, 'exp-b');
    expect(res.statusCode).toBe(200);
    const account = (await as(ctx.app, res.json().id_token)({ method: 'GET', url: '/api/account' })).json();
    const expiresAt = new Date(account.passwordExpiresAt).getTime();
    const changedAt = (await userRow(ctx, user.id)).passwordChangedAt.getTime();
    expect(expiresAt - changedAt).toBe(30 * 24 * 60 * 60 * 1000);
  });

  it('never expires technical accounts', async () => {
    await userWithPasswordAge('exp-tech', 400, { technicalAccount: true });
    const res = await authenticateCall(ctx, 'exp-tech');
    expect(res.statusCode).toBe(200);
  });

  it('never expires when the validity is 0', async () => {
    await setManufacturer(ctx.db, { passwordValidityDays: 0 });
    try {
      const user = await userWithPasswordAge('exp-c', 4000);
      const res = await authenticateCall(ctx, 'exp-c');
      expect(res.statusCode).toBe(200);
      const account = await as(ctx.app, await tokenFor(ctx, user.id))({ method: 'GET', url: '/api/account' });
      expect(account.json().passwordExpiresAt).toBeNull();
    } finally {
      await setManufacturer(ctx.db, { passwordValidityDays: 30 });
    }
  });

  it('a wrong password on an expired account is still a plain authentication failure', async () => {
    await userWithPasswordAge('exp-d', 31);
    const res = await authenticateCall(ctx, 'exp-d', 'Wrong#Pass1');
    expect(res.json().message).toBe('error.authentication');
  });
});

describe('POST /api/account/change-expired-password', () => {
  it('replaces the expired password; then the user signs in with the new one', async () => {
    const user = await userWithPasswordAge('exp-e', 31);
    const before = await historyCount(ctx, user.id);
    const res = await changeExpired({ username: 'EXP-E', currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.account.passwordChanged');
    const row = await userRow(ctx, user.id);
    expect(Date.now() - row.passwordChangedAt.getTime()).toBeLessThan(60_000);
    expect(await historyCount(ctx, user.id)).toBe(before + 1);
    expect((await authenticateCall(ctx, 'exp-e')).json().message).toBe('error.authentication');
    expect((await authenticateCall(ctx, 'exp-e', NEW_PASSWORD)).statusCode).toBe(200);
    expect(await auditActions(ctx, user.id)).toEqual(['PASSWORD_CHANGED', 'LOGIN_FAILED', 'LOGIN']);
  });

  it('answers 400 error.invalidPassword (title "Invalid password") for a wrong current password, and counts it', async () => {
    const user = await userWithPasswordAge('exp-f', 31);
    const res = await changeExpired({ username: 'exp-f', currentPassword: 'Wrong#Pass1', newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'error.invalidPassword', title: 'Invalid password', status: 400 });
    expect((await userRow(ctx, user.id)).failedAttempts).toBe(1);
  });

  it('answers an unknown user like a wrong password', async () => {
    const res = await changeExpired({ username: 'exp-nobody', currentPassword: 'Wrong#Pass1', newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.invalidPassword');
  });

  it('refuses reusing the current password (error.existingOldPassword) and stores nothing', async () => {
    const user = await userWithPasswordAge('exp-g', 31);
    const before = await userRow(ctx, user.id);
    const res = await changeExpired({ username: 'exp-g', currentPassword: DEFAULT_PASSWORD, newPassword: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'error.existingOldPassword', title: 'Existing old password' });
    const after = await userRow(ctx, user.id);
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.passwordChangedAt).toEqual(before.passwordChangedAt);
  });

  it('answers 400 for a weak or missing new password and stores nothing', async () => {
    const user = await userWithPasswordAge('exp-h', 31);
    const before = await userRow(ctx, user.id);
    for (const body of [
      { username: 'exp-h', currentPassword: DEFAULT_PASSWORD, newPassword: 'weakpass' },
      { username: 'exp-h', currentPassword: DEFAULT_PASSWORD },
      { username: 'exp-h', newPassword: NEW_PASSWORD },
    ]) {
      const res = await changeExpired(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('error.validation');
    }
    const weak = await changeExpired({ username: 'exp-h', currentPassword: DEFAULT_PASSWORD, newPassword: 'weakpass' });
    expect(weak.json().fieldErrors).toEqual([{ objectName: 'body', field: 'newPassword', message: 'customInput.password.errors.tooWeak' }]);
    expect((await userRow(ctx, user.id)).passwordHash).toBe(before.passwordHash);
    expect(await auditActions(ctx, user.id)).toEqual([]);
  });
});
