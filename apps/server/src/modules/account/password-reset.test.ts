import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetKey } from '../../db/schema/index.js';
import { DEFAULT_PASSWORD, makeUser, setManufacturer } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import {
  auditActions,
  authenticateCall,
  historyCount,
  mailsTo,
  NEW_PASSWORD,
  resetKeyFromMail,
  sessionsOf,
  setUser,
  userRow,
} from './account.test-support.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://admin.vellum.test' });
  await setManufacturer(ctx.db, { oldPasswordsCount: 2 });
});
afterAll(() => ctx.close());

const init = (payload: string, contentType = 'text/plain') =>
  ctx.app.inject({ method: 'POST', url: '/api/account/reset-password/init', headers: { 'content-type': contentType }, payload });
const finish = (payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: '/api/account/reset-password/finish', payload });

async function requestKey(email: string): Promise<string> {
  expect((await init(email)).statusCode).toBe(200);
  return resetKeyFromMail(ctx, email);
}

describe('POST /api/account/reset-password/init', () => {
  it('mails a single-use link to the admin app and audits the request', async () => {
    const user = await makeUser(ctx.db, { login: 'rst-a', email: 'rst-a@example.com' });
    const res = await init('rst-a@example.com');
    expect(res.statusCode).toBe(200);
    const [mail] = mailsTo(ctx, 'rst-a@example.com');
    expect(mail).toContain('Subject: Vellum password reset');
    expect(mail).toMatch(/https:\/\/admin\.vellum\.test\/account\/reset\/finish\?key=[A-Za-z0-9_-]{20,}/);
    expect(await auditActions(ctx, user.id)).toEqual(['PASSWORD_RESET_REQUESTED']);
  });

  it("writes the mail in the user's language setting", async () => {
    await makeUser(ctx.db, { login: 'rst-nl', email: 'rst-nl@example.com', langKey: 'nl' });
    expect((await init('rst-nl@example.com')).statusCode).toBe(200);
    const [mail] = mailsTo(ctx, 'rst-nl@example.com');
    expect(Buffer.from(mail ?? '', 'latin1').toString('utf8')).toContain('Kies hier een nieuw wachtwoord');
  });

  it('answers a known and an unknown address identically, and mails only the known one', async () => {
    await makeUser(ctx.db, { login: 'rst-b', email: 'rst-b@example.com' });
    const sent = ctx.mails().length;
    const known = await init('RST-B@example.com');
    const unknown = await init('nobody-rst@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    const headersOf = (r: typeof known) =>
      Object.keys(r.headers).filter((h) => !['date', 'x-ratelimit-remaining', 'x-ratelimit-reset'].includes(h));
    expect(headersOf(unknown).sort()).toEqual(headersOf(known).sort());
    expect(ctx.mails().length).toBe(sent + 1);
    expect(mailsTo(ctx, 'nobody-rst@example.com')).toHaveLength(0);
  });

  it('accepts the address as a JSON string too', async () => {
    await makeUser(ctx.db, { login: 'rst-c', email: 'rst-c@example.com' });
    const res = await init(JSON.stringify('rst-c@example.com'), 'application/json');
    expect(res.statusCode).toBe(200);
    expect(mailsTo(ctx, 'rst-c@example.com')).toHaveLength(1);
    const withCharset = await init(' rst-c@example.com\n', 'text/plain; charset=utf-8');
    expect(withCharset.statusCode).toBe(200);
    expect(mailsTo(ctx, 'rst-c@example.com')).toHaveLength(2);
  });

  it('sends nothing to deactivated or technical users (same answer)', async () => {
    await makeUser(ctx.db, { login: 'rst-d', email: 'rst-d@example.com', activated: false });
    await makeUser(ctx.db, { login: 'rst-e', email: 'rst-e@example.com', technicalAccount: true });
    expect((await init('rst-d@example.com')).statusCode).toBe(200);
    expect((await init('rst-e@example.com')).statusCode).toBe(200);
    expect(mailsTo(ctx, 'rst-d@example.com')).toHaveLength(0);
    expect(mailsTo(ctx, 'rst-e@example.com')).toHaveLength(0);
  });

  it('sends nothing to an SSO-only user and answers as for an unknown address', async () => {
    const user = await makeUser(ctx.db, { login: 'rst-sso', email: 'rst-sso@example.com', ssoOnly: true });
    const known = await init('rst-sso@example.com');
    const unknown = await init('nobody-rst-sso@example.com');
    expect(known.statusCode).toBe(200);
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    expect(mailsTo(ctx, 'rst-sso@example.com')).toHaveLength(0);
    expect(await ctx.db.select().from(resetKey).where(eq(resetKey.userId, user.id))).toHaveLength(0);
    expect(await auditActions(ctx, user.id)).toEqual([]);
  });

  it('answers 400 for something that is not an e-mail', async () => {
    const sent = ctx.mails().length;
    const res = await init('not an email');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.validation');
    expect((await init('')).statusCode).toBe(400);
    expect(ctx.mails().length).toBe(sent);
  });
});

describe('POST /api/account/reset-password/finish', () => {
  it('sets the new password with the key from the mail, ends every session, audits', async () => {
    const user = await makeUser(ctx.db, { login: 'rst-f', email: 'rst-f@example.com' });
    const token = await tokenFor(ctx, user.id);
    const key = await requestKey('rst-f@example.com');
    const res = await finish({ key, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.account.passwordReset');

    expect(await historyCount(ctx, user.id)).toBe(2);
    expect((await sessionsOf(ctx, user.id)).every((s) => s.revokedAt)).toBe(true);
    expect((await as(ctx.app, token)({ method: 'GET', url: '/api/account' })).json().code).toBe('token.inactive');
    expect((await authenticateCall(ctx, 'rst-f', NEW_PASSWORD)).statusCode).toBe(200);
    expect(await auditActions(ctx, user.id)).toEqual(['PASSWORD_RESET_REQUESTED', 'PASSWORD_RESET', 'LOGIN']);
  });

  it('a key works once', async () => {
    await makeUser(ctx.db, { login: 'rst-g', email: 'rst-g@example.com' });
    const key = await requestKey('rst-g@example.com');
    expect((await finish({ key, newPassword: NEW_PASSWORD })).statusCode).toBe(200);
    const again = await finish({ key, newPassword: 'Another#Pass1' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('error.resetKeyInvalid');
    expect((await authenticateCall(ctx, 'rst-g', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('a key expires after 24 hours', async () => {
    const user = await makeUser(ctx.db, { login: 'rst-h', email: 'rst-h@example.com' });
    const key = await requestKey('rst-h@example.com');
    const [row] = await ctx.db.select().from(resetKey).where(eq(resetKey.userId, user.id));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(24 * 60 * 60 * 1000);
    await ctx.db
      .update(resetKey)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(resetKey.userId, user.id));
    const res = await finish({ key, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.resetKeyInvalid');
    expect((await authenticateCall(ctx, 'rst-h')).statusCode).toBe(200);
  });

  it('a newer request makes the older key invalid', async () => {
    await makeUser(ctx.db, { login: 'rst-i', email: 'rst-i@example.com' });
    const first = await requestKey('rst-i@example.com');
    const second = await requestKey('rst-i@example.com');
    expect(second).not.toBe(first);
    expect((await finish({ key: first, newPassword: NEW_PASSWORD })).json().message).toBe('error.resetKeyInvalid');
    expect((await finish({ key: second, newPassword: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('answers 400 error.resetKeyInvalid for an unknown key', async () => {
    const res = await finish({ key: 'no-such-key', newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.resetKeyInvalid');
  });

  it('answers 400 for bad input, changes nothing and leaves the key usable', async () => {
    const user = await makeUser(ctx.db, { login: 'rst-j', email: 'rst-j@example.com' });
    const key = await requestKey('rst-j@example.com');
    const before = await userRow(ctx, user.id);
    for (const payload of [{ key, newPassword: 'weak' }, { key }, { newPassword: NEW_PASSWORD }, { key: '', newPassword: NEW_PASSWORD }]) {
      const res = await finish(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('error.validation');
    }
    // the history rule: the current password cannot be chosen again
    const reused = await finish({ key, newPassword: DEFAULT_PASSWORD });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ message: 'error.existingOldPassword', title: 'Existing old password' });

    expect((await userRow(ctx, user.id)).passwordHash).toBe(before.passwordHash);
    expect(await auditActions(ctx, user.id)).toEqual(['PASSWORD_RESET_REQUESTED']);
    expect((await finish({ key, newPassword: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('refuses the key of a user deactivated since the request', async () => {
    const user = await makeUser(ctx.db, { login: 'rst-k', email: 'rst-k@example.com' });
    const key = await requestKey('rst-k@example.com');
    await setUser(ctx, user.id, { activated: false });
    const res = await finish({ key, newPassword: NEW_PASSWORD });
    expect(res.json().message).toBe('error.resetKeyInvalid');
  });
});
