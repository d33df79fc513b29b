import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, makeUser, setManufacturer } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { auditActions, authenticateCall, historyCount, sessionsOf, userRow } from './account.test-support.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await setManufacturer(ctx.db, { oldPasswordsCount: 3 });
});
afterAll(() => ctx.close());

const URL = '/api/account/change-password';
const change = (token: string | undefined, payload: Record<string, unknown>) => as(ctx.app, token)({ method: 'POST', url: URL, payload });

describe('POST /api/account/change-password', () => {
  it('answers 401 without a token', async () => {
    const res = await change(undefined, { currentPassword: DEFAULT_PASSWORD, newPassword: 'Other#Pass1' });
    expect(res.statusCode).toBe(401);
  });

  it('changes the password: new hash, change date, history row, other sessions end, audited', async () => {
    const user = await makeUser(ctx.db, { login: 'chg-a' });
    const token = await tokenFor(ctx, user.id);
    const other = await tokenFor(ctx, user.id);
    const before = await userRow(ctx, user.id);

    const res = await change(token, { login: 'chg-a', currentPassword: DEFAULT_PASSWORD, newPassword: 'Other#Pass1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.account.passwordChanged');

    const after = await userRow(ctx, user.id);
    expect(after.passwordHash).not.toBe(before.passwordHash);
    expect(after.passwordChangedAt.getTime()).toBeGreaterThan(before.passwordChangedAt.getTime());
    expect(await historyCount(ctx, user.id)).toBe(2);
    expect(await auditActions(ctx, user.id)).toEqual(['PASSWORD_CHANGED']);

    expect((await as(ctx.app, token)({ method: 'GET', url: '/api/account' })).statusCode).toBe(200);
    const stale = await as(ctx.app, other)({ method: 'GET', url: '/api/account' });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().code).toBe('token.inactive');
    expect((await sessionsOf(ctx, user.id)).filter((s) => !s.revokedAt)).toHaveLength(1);

    expect((await authenticateCall(ctx, 'chg-a', 'Other#Pass1')).statusCode).toBe(200);
    expect((await authenticateCall(ctx, 'chg-a')).statusCode).toBe(401);
  });

  it('answers 400 error.invalidPassword (title "Invalid password") for a wrong current password, storing nothing', async () => {
    const user = await makeUser(ctx.db, { login: 'chg-b' });
    const token = await tokenFor(ctx, user.id);
    const before = await userRow(ctx, user.id);
    const res = await change(token, { currentPassword: 'Wrong#Pass1', newPassword: 'Other#Pass1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, message: 'error.invalidPassword', title: 'Invalid password' });
    expect(res.headers['x-vellum-error']).toBe('error.invalidPassword');
    const after = await userRow(ctx, user.id);
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.failedAttempts).toBe(0);
    expect(await auditActions(ctx, user.id)).toEqual([]);
  });

  it('answers 400 for a weak or missing password, storing nothing', async () => {
    const user = await makeUser(ctx.db, { login: 'chg-c' });
    const token = await tokenFor(ctx, user.id);
    const before = await userRow(ctx, user.id);
    for (const payload of [
      { currentPassword: DEFAULT_PASSWORD, newPassword: 'Sh0rt#a' },
      { currentPassword: DEFAULT_PASSWORD, newPassword: 'nouppercase1#' },
      { currentPassword: DEFAULT_PASSWORD, newPassword: 'NoSymbol123' },
      { currentPassword: DEFAULT_PASSWORD, newPassword: 'NoDigits#abc' },
      { currentPassword: DEFAULT_PASSWORD },
      { newPassword: 'Other#Pass1' },
    ]) {
      const res = await change(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe('error.validation');
    }
    expect((await userRow(ctx, user.id)).passwordHash).toBe(before.passwordHash);
    expect(await historyCount(ctx, user.id)).toBe(1);
  });

  it('refuses any of the last N passwords (error.existingOldPassword) and accepts an older one', async () => {
    const user = await makeUser(ctx.db, { login: 'chg-d' }); // history: P0 (Vellum#2026)
    const token = await tokenFor(ctx, user.id);
    const passwords = [DEFAULT_PASSWORD, 'Second#Pass1', 'Third#Pass1', 'Fourth#Pass1'];
    for (let i = 1; i < passwords.length; i++) {
      const res = await change(token, { currentPassword: passwords[i - 1], newPassword: passwords[i] });
      expect(res.statusCode).toBe(200);
    }
    // the last 3 (N = 3): Fourth (current), Third, Second
    for (const reused of ['Fourth#Pass1', 'Third#Pass1', 'Second#Pass1']) {
      const res = await change(token, { currentPassword: 'Fourth#Pass1', newPassword: reused });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'error.existingOldPassword', title: 'Existing old password' });
    }
    expect(await historyCount(ctx, user.id)).toBe(4);
    // the oldest one is allowed again
    const res = await change(token, { currentPassword: 'Fourth#Pass1', newPassword: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(await historyCount(ctx, user.id)).toBe(5);
  });

  it('keeps at least 2 passwords in the rule even when the setting says fewer', async () => {
    await setManufacturer(ctx.db, { oldPasswordsCount: 1 });
    try {
      const user = await makeUser(ctx.db, { login: 'chg-e' });
      const token = await tokenFor(ctx, user.id);
      expect((await change(token, { currentPassword: DEFAULT_PASSWORD, newPassword: 'Second#Pass1' })).statusCode).toBe(200);
      const res = await change(token, { currentPassword: 'Second#Pass1', newPassword: DEFAULT_PASSWORD });
      expect(res.json().message).toBe('error.existingOldPassword');
    } finally {
      await setManufacturer(ctx.db, { oldPasswordsCount: 3 });
    }
  });

  it('changes only the signed-in user, whatever login the body names', async () => {
    const me = await makeUser(ctx.db, { login: 'chg-f' });
    const other = await makeUser(ctx.db, { login: 'chg-g' });
    const otherBefore = await userRow(ctx, other.id);
    const res = await change(await tokenFor(ctx, me.id), { login: 'chg-g', currentPassword: DEFAULT_PASSWORD, newPassword: 'Other#Pass1' });
    expect(res.statusCode).toBe(200);
    expect((await userRow(ctx, other.id)).passwordHash).toBe(otherBefore.passwordHash);
    expect((await authenticateCall(ctx, 'chg-f', 'Other#Pass1')).statusCode).toBe(200);
  });
});
