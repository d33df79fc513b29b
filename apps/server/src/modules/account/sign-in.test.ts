import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { makeUser, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext } from '../../test/harness.js';
import { auditActions, auditRows, authenticateCall, sessionsOf, setUser, userRow } from './account.test-support.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const HOUR = 60 * 60 * 1000;

describe('POST /api/authenticate', () => {
  it('signs in with the login, creates a 24-hour session and an id_token that works', async () => {
    const user = await makeUserWithRights(ctx.db, ['PRODUCT_READ'], 'all', { login: 'signin-a', email: 'signin-a@example.com' });
    const res = await authenticateCall(ctx, 'signin-a');
    expect(res.statusCode).toBe(200);
    const token = res.json().id_token;
    expect(typeof token).toBe('string');

    const [session] = await sessionsOf(ctx, user.id);
    expect(session.rememberMe).toBe(false);
    const ttl = session.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(23 * HOUR);
    expect(ttl).toBeLessThanOrEqual(24 * HOUR);

    const account = await as(ctx.app, token)({ method: 'GET', url: '/api/account' });
    expect(account.statusCode).toBe(200);
    expect(account.json().login).toBe('signin-a');
    expect(await auditActions(ctx, user.id)).toEqual(['LOGIN']);
  });

  it('accepts the e-mail instead of the login, in any case, and remembers for 30 days', async () => {
    const user = await makeUser(ctx.db, { login: 'signin-b', email: 'signin.b@example.com' });
    const res = await authenticateCall(ctx, '  SIGNIN.b@EXAMPLE.com ', undefined, { rememberMe: true });
    expect(res.statusCode).toBe(200);
    const [session] = await sessionsOf(ctx, user.id);
    expect(session.rememberMe).toBe(true);
    expect(session.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 24 * HOUR);

    const byLogin = await authenticateCall(ctx, 'SIGNIN-B');
    expect(byLogin.statusCode).toBe(200);
  });

  it('refuses an SSO-only user with error.ssoOnly after the right password, audited, no session', async () => {
    const user = await makeUser(ctx.db, { login: 'signin-sso', ssoOnly: true });
    const res = await authenticateCall(ctx, 'signin-sso');
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 401, message: 'error.ssoOnly' });
    expect(await sessionsOf(ctx, user.id)).toHaveLength(0);
    const [row] = await auditRows(ctx, user.id);
    expect(row).toMatchObject({ action: 'LOGIN_FAILED', userId: user.id });
    expect(row.changes).toMatchObject({ reason: 'ssoOnly' });
    // a wrong password tells nothing more than for any other account
    const wrong = await authenticateCall(ctx, 'signin-sso', 'Wrong#Pass1');
    expect(wrong.json().message).toBe('error.authentication');
  });

  it('answers 401 error.authentication for a wrong password and counts the attempt, committed', async () => {
    const user = await makeUser(ctx.db, { login: 'signin-c' });
    const res = await authenticateCall(ctx, 'signin-c', 'Wrong#Pass1');
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 401, message: 'error.authentication' });
    expect((await userRow(ctx, user.id)).failedAttempts).toBe(1);
    expect(await sessionsOf(ctx, user.id)).toHaveLength(0);
    const [row] = await auditRows(ctx, user.id);
    expect(row).toMatchObject({ action: 'LOGIN_FAILED', userId: user.id, login: 'signin-c' });
    expect(row.changes).toMatchObject({ reason: 'badCredentials', failedAttempts: 1 });
  });

  it('answers an unknown user exactly like a wrong password, and audits the attempt', async () => {
    await makeUser(ctx.db, { login: 'signin-d' });
    const wrong = await authenticateCall(ctx, 'signin-d', 'Wrong#Pass1');
    const unknown = await authenticateCall(ctx, 'nobody-here', 'Wrong#Pass1');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'LOGIN_FAILED'), eq(auditLog.login, 'nobody-here'), isNull(auditLog.userId)));
    expect(rows).toHaveLength(1);
    expect(rows[0].changes).toMatchObject({ reason: 'unknownUser' });
  });

  it('refuses a deactivated user with error.authentication, even with the right password', async () => {
    const user = await makeUser(ctx.db, { login: 'signin-e', activated: false });
    const res = await authenticateCall(ctx, 'signin-e');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('error.authentication');
    expect(await sessionsOf(ctx, user.id)).toHaveLength(0);
    expect(await auditActions(ctx, user.id)).toEqual(['LOGIN_FAILED']);
  });

  it('refuses a user without a password', async () => {
    const user = await makeUser(ctx.db, { login: 'signin-f' });
    await setUser(ctx, user.id, { passwordHash: null });
    const res = await authenticateCall(ctx, 'signin-f', '');
    expect(res.statusCode).toBe(400);
    const res2 = await authenticateCall(ctx, 'signin-f', 'Anything#1');
    expect(res2.statusCode).toBe(401);
    expect(res2.json().message).toBe('error.authentication');
  });

  it('a successful sign-in resets the failed attempts', async () => {
    const user = await makeUser(ctx.db, { login: 'signin-g' });
    await authenticateCall(ctx, 'signin-g', 'Wrong#Pass1');
    await authenticateCall(ctx, 'signin-g', 'Wrong#Pass1');
    expect((await userRow(ctx, user.id)).failedAttempts).toBe(2);
    expect((await authenticateCall(ctx, 'signin-g')).statusCode).toBe(200);
    expect((await userRow(ctx, user.id)).failedAttempts).toBe(0);
  });

  it('gives technical accounts a token (API use), marked in the account', async () => {
    const user = await makeUser(ctx.db, { login: 'signin-tech', technicalAccount: true });
    const res = await authenticateCall(ctx, 'signin-tech');
    expect(res.statusCode).toBe(200);
    const account = await as(ctx.app, res.json().id_token)({ method: 'GET', url: '/api/account' });
    expect(account.json()).toMatchObject({ id: user.id, technicalAccount: true, passwordExpiresAt: null });
  });

  it('answers 400 for bad input and stores nothing', async () => {
    const user = await makeUser(ctx.db, { login: 'signin-h' });
    for (const payload of [{}, { username: 'signin-h' }, { username: '', password: 'x' }, { username: 'signin-h', password: 5 }]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/authenticate', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('error.validation');
    }
    expect(await sessionsOf(ctx, user.id)).toHaveLength(0);
    expect(await auditActions(ctx, user.id)).toEqual([]);
    expect((await userRow(ctx, user.id)).failedAttempts).toBe(0);
  });

  it('prefers a login match over another user whose e-mail equals that login', async () => {
    const a = await makeUser(ctx.db, { login: 'shared@example.com', email: 'owner-a@example.com' });
    const b = await makeUser(ctx.db, { login: 'signin-i', email: 'shared@example.com' });
    const res = await authenticateCall(ctx, 'shared@example.com');
    expect(res.statusCode).toBe(200);
    expect(await sessionsOf(ctx, a.id)).toHaveLength(1);
    expect(await sessionsOf(ctx, b.id)).toHaveLength(0);
  });
});
