import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PASSWORD, makeUser, setManufacturer } from '../../factories/organisation-factories.js';
import * as passwords from '../../platform/passwords.js';
import { DUMMY_PASSWORD_HASH, hashPassword } from '../../platform/passwords.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { auditActions, auditRows, mailsTo, NEW_PASSWORD, resetKeyFromMail, sessionsOf, setUser, userRow } from './account.test-support.js';

// every password verification is counted (and still done): the proof that each failure does the
// same work. verifyPassword runs argon2 whenever it is given a hash.
vi.mock('../../platform/passwords.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../platform/passwords.js')>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});
const verifySpy = vi.mocked(passwords.verifyPassword);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await setManufacturer(ctx.db, { maxLoginAttempts: 3 });
});
afterAll(() => ctx.close());
beforeEach(() => verifySpy.mockClear());

const WRONG = 'Wrong#Pass1';
let addressNo = 0;
/** A fresh source address per call, so that no per-address counter makes two answers differ. */
const nextAddress = () => `10.20.${Math.floor(addressNo / 250)}.${(addressNo++ % 250) + 1}`;

const signIn = (username: string, password: string, remoteAddress = nextAddress()) =>
  ctx.app.inject({ method: 'POST', url: '/api/authenticate', remoteAddress, payload: { username, password } });

/** What a client can observe of an answer, except the date and the request's own id. */
function observable(res: Awaited<ReturnType<typeof signIn>>) {
  const { date: _date, 'x-request-id': _requestId, ...headers } = res.headers;
  return { status: res.statusCode, headers, body: res.body };
}

async function lock(login: string) {
  for (let i = 0; i < 3; i++) await signIn(login, WRONG);
}

describe('wrong passwords and unknown users', () => {
  it('get the same answer whether the account is unlocked, locked, deactivated, without password or unknown', async () => {
    const unlocked = await makeUser(ctx.db, { login: 'same-unlocked' });
    const locked = await makeUser(ctx.db, { login: 'same-locked' });
    await lock('same-locked');
    expect((await userRow(ctx, locked.id)).lockedAt).toBeInstanceOf(Date);
    await makeUser(ctx.db, { login: 'same-deactivated', activated: false });
    const noPassword = await makeUser(ctx.db, { login: 'same-no-password' });
    await setUser(ctx, noPassword.id, { passwordHash: null });

    const answers = [];
    for (const username of ['same-unlocked', 'same-locked', 'same-deactivated', 'same-no-password', 'same-nobody@example.com']) {
      answers.push(observable(await signIn(username, WRONG)));
    }
    expect(answers[0].status).toBe(401);
    expect(JSON.parse(answers[0].body).message).toBe('error.authentication');
    expect(answers[0].headers['x-vellum-error']).toBe('error.authentication');
    for (const a of answers.slice(1)) expect(a).toEqual(answers[0]);
    // the attempt that locks an account answers like any other failure
    const lockingUser = await makeUser(ctx.db, { login: 'same-locking' });
    await signIn('same-locking', WRONG);
    await signIn('same-locking', WRONG);
    expect(observable(await signIn('same-locking', WRONG))).toEqual(answers[0]);
    expect((await userRow(ctx, lockingUser.id)).lockedAt).toBeInstanceOf(Date);
    expect((await userRow(ctx, unlocked.id)).lockedAt).toBeNull();
  });

  it('run one argon2 verification each, against a dummy hash when there is no user or no password', async () => {
    await makeUser(ctx.db, { login: 'argon-unlocked' });
    await makeUser(ctx.db, { login: 'argon-locked' });
    await lock('argon-locked');
    const noPassword = await makeUser(ctx.db, { login: 'argon-no-password' });
    await setUser(ctx, noPassword.id, { passwordHash: null });

    for (const username of ['argon-unlocked', 'argon-locked', 'argon-no-password', 'argon-nobody']) {
      verifySpy.mockClear();
      expect((await signIn(username, WRONG)).statusCode).toBe(401);
      expect(verifySpy, username).toHaveBeenCalledTimes(1);
      const [hash] = verifySpy.mock.calls[0];
      expect(hash, username).toMatch(/^\$argon2id\$/);
      if (username === 'argon-nobody' || username === 'argon-no-password') expect(hash).toBe(DUMMY_PASSWORD_HASH);
    }
  });

  it('use a dummy hash as costly as a stored one', async () => {
    const params = (h: string) => h.split('$').slice(1, 4).join('$');
    expect(params(DUMMY_PASSWORD_HASH)).toBe(params(await hashPassword('any password')));
  });
});

describe('a locked account', () => {
  it('is named locked only to someone with its right password, who gets no session', async () => {
    const user = await makeUser(ctx.db, { login: 'locked-right' });
    const token = await tokenFor(ctx, user.id);
    await lock('locked-right');

    const right = await signIn('locked-right', DEFAULT_PASSWORD);
    expect(right.statusCode).toBe(401);
    expect(right.json().message).toBe('error.accountLocked');
    expect(right.headers['x-vellum-error']).toBe('error.accountLocked');
    expect((await sessionsOf(ctx, user.id)).filter((s) => !s.revokedAt)).toHaveLength(1); // only tokenFor's
    // the token issued before the lock no longer counts
    const me = await as(ctx.app, token)({ method: 'GET', url: '/api/account' });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ message: 'error.tokenInactive', code: 'token.inactive' });

    expect(await auditActions(ctx, user.id)).toEqual(['LOGIN_FAILED', 'LOGIN_FAILED', 'LOGIN_FAILED', 'ACCOUNT_LOCKED', 'LOGIN_FAILED']);
  });

  it('is audited with the source address of the attempt that locked it', async () => {
    const user = await makeUser(ctx.db, { login: 'locked-audit' });
    for (const address of ['10.30.0.1', '10.30.0.2', '10.30.0.3']) await signIn('locked-audit', WRONG, address);
    const rows = await auditRows(ctx, user.id);
    expect(rows.map((r) => r.action)).toEqual(['LOGIN_FAILED', 'LOGIN_FAILED', 'LOGIN_FAILED', 'ACCOUNT_LOCKED']);
    expect(rows.slice(0, 3).map((r) => (r.changes as { address: string }).address)).toEqual(['10.30.0.1', '10.30.0.2', '10.30.0.3']);
    expect(rows[3].changes).toMatchObject({ address: '10.30.0.3', failedAttempts: 3, ownerMail: 'resetLink' });
    expect(rows[3].login).toBe('locked-audit');
  });

  it('mails its owner once, with a reset link that unlocks it', async () => {
    const email = 'locked-mail@example.com';
    const user = await makeUser(ctx.db, { login: 'locked-mail', email });
    await signIn('locked-mail', WRONG);
    await signIn('locked-mail', WRONG);
    expect(mailsTo(ctx, email)).toHaveLength(0);
    await signIn('locked-mail', WRONG, '10.40.0.7');
    // sent after the answer, so that the locking attempt takes no longer than another
    await expect.poll(() => mailsTo(ctx, email).length).toBe(1);
    const mail = mailsTo(ctx, email)[0];
    expect(mail).toContain('Subject: Your Vellum account is locked');
    expect(mail).toContain('10.40.0.7');

    // further failures, and the right password, while locked: no second mail
    await signIn('locked-mail', WRONG);
    await signIn('locked-mail', 'Another#Wrong2');
    await signIn('locked-mail', DEFAULT_PASSWORD);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(ctx, email)).toHaveLength(1);
    expect((await userRow(ctx, user.id)).failedAttempts).toBe(3);

    const finish = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/reset-password/finish',
      payload: { key: resetKeyFromMail(ctx, email), newPassword: NEW_PASSWORD },
    });
    expect(finish.statusCode).toBe(200);
    const row = await userRow(ctx, user.id);
    expect(row.failedAttempts).toBe(0);
    expect(row.lockedAt).toBeNull();
    expect((await signIn('locked-mail', NEW_PASSWORD)).statusCode).toBe(200);
    expect(await auditActions(ctx, user.id)).toContain('PASSWORD_RESET');
  });

  it('of a technical user mails a notice without a reset link', async () => {
    const email = 'locked-technical@example.com';
    await makeUser(ctx.db, { login: 'locked-technical', email, technicalAccount: true });
    await lock('locked-technical');
    await expect.poll(() => mailsTo(ctx, email).length).toBe(1);
    expect(mailsTo(ctx, email)[0]).toContain('An administrator can unlock it');
    expect(mailsTo(ctx, email)[0]).not.toContain('/account/reset/finish');
  });

  it('also unlocks through a reset requested from the forgot-password page', async () => {
    const user = await makeUser(ctx.db, { login: 'locked-forgot', email: 'locked-forgot@example.com' });
    await lock('locked-forgot');
    await expect.poll(() => mailsTo(ctx, 'locked-forgot@example.com').length).toBe(1);
    const init = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/reset-password/init',
      headers: { 'content-type': 'text/plain' },
      payload: 'locked-forgot@example.com',
    });
    expect(init.statusCode).toBe(200);
    const finish = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/reset-password/finish',
      payload: { key: resetKeyFromMail(ctx, 'locked-forgot@example.com'), newPassword: NEW_PASSWORD },
    });
    expect(finish.statusCode).toBe(200);
    expect((await userRow(ctx, user.id)).lockedAt).toBeNull();
  });
});

describe('the expired-password change', () => {
  it('counts a wrong current password as a failed attempt and answers it like an unknown user', async () => {
    const user = await makeUser(ctx.db, { login: 'lock-c' });
    const change = (username: string, currentPassword: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/account/change-expired-password',
        remoteAddress: nextAddress(),
        payload: { username, currentPassword, newPassword: NEW_PASSWORD },
      });
    await signIn('lock-c', WRONG);
    const second = await change('lock-c', WRONG);
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe('error.invalidPassword');
    const third = await change('lock-c', WRONG);
    expect((await userRow(ctx, user.id)).lockedAt).not.toBeNull();
    const unknown = await change('lock-c-nobody', WRONG);
    expect(observable(third)).toEqual(observable(second));
    expect(observable(unknown)).toEqual(observable(second));
    // locked: the right current password learns so, and changes nothing
    const right = await change('lock-c', DEFAULT_PASSWORD);
    expect(right.statusCode).toBe(401);
    expect(right.json().message).toBe('error.accountLocked');
  });
});

describe('the maximum', () => {
  it('is the current one of the manufacturer settings', async () => {
    await setManufacturer(ctx.db, { maxLoginAttempts: 1 });
    try {
      const user = await makeUser(ctx.db, { login: 'lock-d' });
      const res = await signIn('lock-d', WRONG);
      expect(res.json().message).toBe('error.authentication');
      expect((await userRow(ctx, user.id)).lockedAt).not.toBeNull();
    } finally {
      await setManufacturer(ctx.db, { maxLoginAttempts: 3 });
    }
  });
});
