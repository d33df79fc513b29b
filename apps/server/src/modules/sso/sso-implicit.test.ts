import { and, desc, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { makeUser, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { CLIENT_ID, CLIENT_SECRET, signInAtProvider, startTestProvider, type TestProvider } from './sso.test-support.js';

let ctx: TestContext;
let op: TestProvider;
let manager: string;
let callback: string;
const EMAIL = 'implicit.user@example.com';
let userId: number;

const AUTH_URL = '/api/manufacturer/own/openid-auth-url';

async function lastFailure() {
  const [row] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'SSO_LOGIN_FAILED')).orderBy(desc(auditLog.id)).limit(1);
  return row;
}

async function setMechanisms(staff: string, admin: string) {
  const call = as(ctx.app, manager);
  const { softwareVersion: _, ...body } = (await call({ method: 'GET', url: '/api/manufacturer/own/settings' })).json();
  const res = await call({
    method: 'PUT',
    url: '/api/manufacturer/own/settings',
    payload: { ...body, authenticationMechanism: staff, authenticationMechanismAdmin: admin },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function start(admin = false) {
  const res = await ctx.app.inject({ method: 'GET', url: `${AUTH_URL}${admin ? '?admin=true' : ''}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { url: string; nonce: string };
}
const convert = (payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: '/api/convert-token', payload });

async function expectRefused(res: { statusCode: number; json(): { message: string } }, reason: string, more: Record<string, unknown> = {}) {
  expect(res.statusCode).toBe(401);
  expect(res.json().message).toBe('error.sso.loginFailed');
  expect((await lastFailure())?.changes).toMatchObject({ reason, ...more });
}

/** An id token as the provider would sign it (its key by default), with these claims changed. */
async function forge(change: Record<string, unknown>, key = op.providerKey) {
  const now = Math.floor(Date.now() / 1000);
  const claims = { iss: op.issuer, aud: CLIENT_ID, sub: EMAIL, email: EMAIL, email_verified: true, iat: now, exp: now + 300, ...change };
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: key.kid }).sign(key.privateKey);
}

beforeAll(async () => {
  ctx = await createTestContext();
  callback = `${ctx.config.publicUrl}/login/callback`;
  op = await startTestProvider(callback);
  manager = await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['MANUFACTURER_SSO_MANAGE', 'MANUFACTURER_MANAGE'], [0])).id);
  userId = (await makeUser(ctx.db, { login: 'implicit-user', email: EMAIL })).id;
});
afterAll(async () => {
  await op?.close();
  await ctx?.close();
});

describe('IMPLICIT_FLOW: GET api/manufacturer/own/openid-auth-url', () => {
  it('is refused while the mechanism is not IMPLICIT_FLOW, and for a bad admin flag', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: AUTH_URL });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.sso.notEnabled');
    expect((await ctx.app.inject({ method: 'GET', url: `${AUTH_URL}?admin=maybe` })).statusCode).toBe(400);
  });

  it('answers the provider URL for an id token in the fragment, state client or qarad, and the nonce', async () => {
    const saved = await as(
      ctx.app,
      manager,
    )({
      method: 'PUT',
      url: '/api/manufacturer/own/sso-configs',
      payload: [{ kind: 'ADMIN', domain: op.issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, enabled: true, version: 0 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await setMechanisms('IMPLICIT_FLOW', 'IMPLICIT_FLOW');
    const mechanism = await ctx.app.inject({ method: 'GET', url: '/api/manufacturer/own/authentication-mechanism?admin=true' });
    expect(mechanism.json()).toEqual({ authenticationMechanism: 'IMPLICIT_FLOW' });
    for (const [admin, state] of [
      [false, 'client'],
      [true, 'qarad'],
    ] as const) {
      const { url, nonce } = await start(admin);
      const u = new URL(url);
      expect(u.origin).toBe(op.issuer);
      expect(Object.fromEntries(u.searchParams)).toMatchObject({
        client_id: CLIENT_ID,
        response_type: 'id_token',
        redirect_uri: callback,
        state,
        nonce,
        scope: 'openid email profile',
      });
      expect(nonce.length).toBeGreaterThan(20);
    }
    // the code flow is not the chosen mechanism
    expect((await ctx.app.inject({ method: 'GET', url: '/api/authenticate/sso' })).json().message).toBe('error.sso.notEnabled');
  });
});

describe('IMPLICIT_FLOW: POST api/convert-token with the id token', () => {
  it('signs the matched user in through the real provider, as a password sign-in does', async () => {
    for (const admin of [false, true]) {
      const { url, nonce } = await start(admin);
      const q = await signInAtProvider(url, EMAIL, callback);
      expect(q.get('state')).toBe(admin ? 'qarad' : 'client');
      const res = await convert({ token: q.get('id_token'), state: q.get('state'), nonce, isAdmin: admin });
      expect(res.statusCode, res.body).toBe(200);
      const token = res.json().id_token;
      expect((await as(ctx.app, token)({ method: 'GET', url: '/api/account' })).json()).toMatchObject({ login: 'implicit-user' });
      const [login] = await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'LOGIN'), eq(auditLog.entityId, String(userId))))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(login?.changes).toMatchObject({ sso: 'IMPLICIT_FLOW', admin, email: EMAIL, issuer: op.issuer });
    }
  });

  it('refuses a wrong state, a nonce it did not issue, no nonce and the same answer twice', async () => {
    const { url, nonce } = await start();
    const q = await signInAtProvider(url, EMAIL, callback);
    const token = q.get('id_token');
    // an admin state for a staff sign-in, either way round
    await expectRefused(await convert({ token, state: 'qarad', nonce, isAdmin: false }), 'adminMismatch');
    await expectRefused(await convert({ token, state: 'qarad', nonce, isAdmin: true }), 'adminMismatch');
    await expectRefused(await convert({ token, state: 'client', isAdmin: false }), 'noNonce');
    await expectRefused(await convert({ token, state: 'client', nonce: 'a-nonce-never-issued', isAdmin: false }), 'unknownNonce');
    // the refusals above took the started sign-in: it cannot be used any more
    await expectRefused(await convert({ token, state: 'client', nonce, isAdmin: false }), 'unknownNonce');
    const again = await start();
    const ok = await convert({ token: await forge({ nonce: again.nonce }), state: 'client', nonce: again.nonce, isAdmin: false });
    expect(ok.statusCode, ok.body).toBe(200);
    await expectRefused(await convert({ token: await forge({ nonce: again.nonce }), state: 'client', nonce: again.nonce }), 'unknownNonce');
  });

  it('refuses an id token whose nonce is not the one this browser kept (a token started elsewhere)', async () => {
    const elsewhere = await start();
    const q = await signInAtProvider(elsewhere.url, EMAIL, callback);
    const mine = await start();
    await expectRefused(await convert({ token: q.get('id_token'), state: 'client', nonce: mine.nonce }), 'providerAnswerRefused', {
      claim: 'nonce',
    });
  });

  it('refuses an expired id token, one signed by another key, and one for another audience', async () => {
    const now = Math.floor(Date.now() / 1000);
    const otherKey = await op.newKey(op.providerKey.kid);
    const cases: [string, Record<string, unknown>, typeof otherKey | undefined, Record<string, unknown>][] = [
      ['expired', { iat: now - 7200, exp: now - 3600 }, undefined, { claim: 'exp' }],
      ['another audience', { aud: 'some-other-client' }, undefined, { claim: 'aud' }],
      ['another issuer', { iss: 'https://idp.example.com' }, undefined, { claim: 'iss' }],
      ['another key', {}, otherKey, { check: expect.stringMatching(/signature/i) }],
    ];
    for (const [name, change, key, check] of cases) {
      const { nonce } = await start();
      const res = await convert({ token: await forge({ ...change, nonce }, key), state: 'client', nonce });
      expect(res.statusCode, name).toBe(401);
      expect((await lastFailure())?.changes, name).toMatchObject({ reason: 'providerAnswerRefused', ...check });
    }
  });

  it('refuses an unverified e-mail and an unknown user', async () => {
    let started = await start();
    await expectRefused(
      await convert({ token: await forge({ nonce: started.nonce, email_verified: false }), state: 'client', nonce: started.nonce }),
      'emailNotVerified',
    );
    started = await start();
    await expectRefused(
      await convert({ token: await forge({ nonce: started.nonce, email: 'nobody@example.com' }), state: 'client', nonce: started.nonce }),
      'unknownUser',
    );
  });

  it('is refused once the mechanism is no longer IMPLICIT_FLOW', async () => {
    const { nonce } = await start();
    await setMechanisms('USERNAME_PASSWORD', 'USERNAME_PASSWORD');
    await expectRefused(await convert({ token: await forge({ nonce }), state: 'client', nonce }), 'notEnabled');
  });
});
