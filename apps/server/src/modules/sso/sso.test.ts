import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, ssoConfig } from '../../db/schema/index.js';
import { DEFAULT_PASSWORD, makeUser, makeUserWithRights } from '../../factories/organisation-factories.js';
import { SecretBox } from '../../platform/secret-box.js';
import { as, createTestContext, signIn, type TestContext, tokenFor } from '../../test/harness.js';
import { CLIENT_ID, CLIENT_SECRET, signInAtProvider, startTestProvider, type TestProvider } from './sso.test-support.js';

let ctx: TestContext;
let op: TestProvider;
let manager: string;
let nobody: string;
let callback: string;
const EMAIL = 'sso.user@example.com';
let ssoUserId: number;

const CONFIGS = '/api/manufacturer/own/sso-configs';
const call = (token: string | undefined) => as(ctx.app, token);

async function configs() {
  const res = await call(manager)({ method: 'GET', url: CONFIGS });
  expect(res.statusCode).toBe(200);
  return res.json() as { kind: string; version: number; clientSecretSet: boolean; enabled: boolean; domain: string; clientId: string }[];
}
const versionOf = async (kind: string) => (await configs()).find((c) => c.kind === kind)?.version ?? 0;

async function saveAdminConfig(over: Record<string, unknown> = {}) {
  return call(manager)({
    method: 'PUT',
    url: CONFIGS,
    payload: [{ kind: 'ADMIN', domain: op.issuer, clientId: CLIENT_ID, enabled: true, version: await versionOf('ADMIN'), ...over }],
  });
}

async function lastAudit(entityName: string) {
  const [row] = await ctx.db.select().from(auditLog).where(eq(auditLog.entityName, entityName)).orderBy(desc(auditLog.id)).limit(1);
  return row;
}

beforeAll(async () => {
  ctx = await createTestContext();
  callback = `${ctx.config.publicUrl}/login/callback`;
  op = await startTestProvider(callback);
  manager = await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['MANUFACTURER_SSO_MANAGE', 'MANUFACTURER_MANAGE'], [0])).id);
  nobody = await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['MANUFACTURER_MANAGE'], [0])).id);
  ssoUserId = (await makeUser(ctx.db, { login: 'sso-user', email: EMAIL })).id;
});
afterAll(async () => {
  await op?.close();
  await ctx?.close();
});

describe('SSO configurations', () => {
  it('answers 401 without a token, 403 without MANUFACTURER_SSO_MANAGE, and the three kinds unsaved', async () => {
    expect((await call(undefined)({ method: 'GET', url: CONFIGS })).statusCode).toBe(401);
    expect((await call(nobody)({ method: 'GET', url: CONFIGS })).statusCode).toBe(403);
    expect((await call(nobody)({ method: 'PUT', url: CONFIGS, payload: [] })).statusCode).toBe(403);
    expect(await configs()).toEqual(
      ['ADMIN', 'PUBLIC', 'CUSTOMER_API'].map((kind) => ({
        kind,
        domain: '',
        clientId: '',
        clientSecretSet: false,
        enabled: false,
        version: 0,
      })),
    );
  });

  it('refuses an SSO mechanism in the settings while no configuration is enabled', async () => {
    const settings = (await call(manager)({ method: 'GET', url: '/api/manufacturer/own/settings' })).json();
    const { softwareVersion: _, ...body } = settings;
    const res = await call(manager)({
      method: 'PUT',
      url: '/api/manufacturer/own/settings',
      payload: { ...body, authenticationMechanism: 'AUTHORIZATION_CODE_FLOW' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.manufacturer.ssoNotConfigured');
  });

  it('refuses a domain that does not start with https:// and an enabled configuration without a client id, storing nothing', async () => {
    for (const domain of ['http://idp.example.com', 'ftp://idp.example.com', 'idp.example.com', 'https://user:pw@idp.example.com']) {
      const res = await saveAdminConfig({ domain });
      expect(res.statusCode, domain).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'error.sso.domainScheme',
        params: { host: 'https://' },
        fieldErrors: [{ field: '[0].domain' }],
      });
    }
    const noClient = await saveAdminConfig({ clientId: '' });
    expect(noClient.statusCode).toBe(400);
    expect(noClient.json().fieldErrors).toEqual([expect.objectContaining({ field: '[0].clientId', message: 'NotBlank' })]);
    const twice = await call(manager)({
      method: 'PUT',
      url: CONFIGS,
      payload: [
        { kind: 'PUBLIC', domain: '', clientId: '', enabled: false, version: 0 },
        { kind: 'PUBLIC', domain: '', clientId: '', enabled: false, version: 0 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(await ctx.db.select().from(ssoConfig)).toEqual([]);
  });

  it('stores the client secret encrypted, never answers it, and audits without it', async () => {
    const res = await saveAdminConfig({ clientSecret: CLIENT_SECRET });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(CLIENT_SECRET);
    expect(res.json()[0]).toEqual({
      kind: 'ADMIN',
      domain: op.issuer,
      clientId: CLIENT_ID,
      clientSecretSet: true,
      enabled: true,
      version: 1,
    });
    const [row] = await ctx.db.select().from(ssoConfig).where(eq(ssoConfig.kind, 'ADMIN'));
    expect(row?.clientSecretEncrypted).toMatch(/^v1\./);
    expect(row?.clientSecretEncrypted).not.toContain(CLIENT_SECRET);
    expect(new SecretBox(ctx.config.ssoSecretKey).open(row?.clientSecretEncrypted ?? '', 'sso_config:ADMIN')).toBe(CLIENT_SECRET);
    // bound to its row: the same value does not open as another configuration's
    expect(() => new SecretBox(ctx.config.ssoSecretKey).open(row?.clientSecretEncrypted ?? '', 'sso_config:PUBLIC')).toThrow();
    const audited = await lastAudit('ssoConfig');
    expect(audited?.action).toBe('SSO_CONFIG');
    expect(JSON.stringify(audited)).not.toContain(CLIENT_SECRET);
    expect(audited?.changes).toMatchObject({ clientSecret: { from: null, to: 'set' }, enabled: { from: false, to: true } });
    // left out: kept
    const kept = await saveAdminConfig();
    expect(kept.json()[0]).toMatchObject({ clientSecretSet: true, version: 2 });
    // a stale version: 409
    const stale = await call(manager)({
      method: 'PUT',
      url: CONFIGS,
      payload: [{ kind: 'ADMIN', domain: op.issuer, clientId: CLIENT_ID, enabled: true, version: 1 }],
    });
    expect(stale.statusCode).toBe(409);
  });

  it('then allows AUTHORIZATION_CODE_FLOW and IMPLICIT_FLOW, and refuses disabling the configuration in use', async () => {
    const { softwareVersion: _, ...body } = (await call(manager)({ method: 'GET', url: '/api/manufacturer/own/settings' })).json();
    const implicit = await call(manager)({
      method: 'PUT',
      url: '/api/manufacturer/own/settings',
      payload: { ...body, authenticationMechanism: 'IMPLICIT_FLOW' },
    });
    expect(implicit.statusCode).toBe(200);
    const res = await call(manager)({
      method: 'PUT',
      url: '/api/manufacturer/own/settings',
      payload: { ...body, authenticationMechanism: 'AUTHORIZATION_CODE_FLOW', version: implicit.json().version },
    });
    expect(res.statusCode).toBe(200);
    const mechanism = await ctx.app.inject({ method: 'GET', url: '/api/manufacturer/own/authentication-mechanism' });
    expect(mechanism.json()).toEqual({ authenticationMechanism: 'AUTHORIZATION_CODE_FLOW' });
    const disable = await saveAdminConfig({ enabled: false });
    expect(disable.statusCode).toBe(400);
    expect(disable.json().message).toBe('error.sso.configInUse');
    expect((await configs())[0]?.enabled).toBe(true);
  });
});

async function start(admin = false) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/authenticate/sso?originalURL=${encodeURIComponent(ctx.config.publicUrl)}${admin ? '&admin=true' : ''}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().url as string;
}
const convert = (payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: '/api/convert-token', payload });
const convertQuery = (q: URLSearchParams, over: Record<string, unknown> = {}) =>
  convert({ token: q.get('code'), state: q.get('state'), iss: q.get('iss') ?? undefined, isAdmin: false, ...over });

async function lastFailure() {
  const [row] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'SSO_LOGIN_FAILED')).orderBy(desc(auditLog.id)).limit(1);
  return row;
}

async function expectRefused(res: { statusCode: number; json(): { message: string } }, reason: string | RegExp) {
  expect(res.statusCode).toBe(401);
  expect(res.json().message).toBe('error.sso.loginFailed');
  expect((await lastFailure())?.changes).toMatchObject({ reason });
}

describe('authorization code flow with PKCE against a real provider', () => {
  it('sends the browser to the provider with state, nonce and an S256 code challenge', async () => {
    const url = new URL(await start());
    expect(url.origin).toBe(op.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      response_type: 'code',
      redirect_uri: callback,
      code_challenge_method: 'S256',
      scope: 'openid email profile',
    });
    for (const p of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(p)?.length).toBeGreaterThan(20);
  });

  it('signs the matched user in with a Vellum session, as a password sign-in does', async () => {
    const q = await signInAtProvider(await start(), EMAIL, callback);
    const res = await convertQuery(q);
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().id_token;
    const account = await call(token)({ method: 'GET', url: '/api/account' });
    expect(account.json()).toMatchObject({ login: 'sso-user', email: EMAIL });
    const [login] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'LOGIN'), eq(auditLog.entityId, String(ssoUserId))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(login?.changes).toMatchObject({ sso: 'AUTHORIZATION_CODE_FLOW', email: EMAIL, issuer: op.issuer });
    // the same revocation: logout ends it
    expect((await call(token)({ method: 'POST', url: '/api/logout' })).statusCode).toBe(204);
    expect((await call(token)({ method: 'GET', url: '/api/account' })).statusCode).toBe(401);
  });

  it('refuses a state it did not issue, and the same answer twice', async () => {
    const q = await signInAtProvider(await start(), EMAIL, callback);
    await expectRefused(await convertQuery(q, { state: 'not-the-state-we-issued' }), 'unknownState');
    // that failure did not use the real state: the first use works, the replay does not
    expect((await convertQuery(q)).statusCode).toBe(200);
    await expectRefused(await convertQuery(q), 'unknownState');
  });

  it('refuses a code replayed with another started sign-in (the provider refuses it)', async () => {
    const first = await signInAtProvider(await start(), EMAIL, callback);
    expect((await convertQuery(first)).statusCode).toBe(200);
    const second = new URL(await start());
    await expectRefused(await convertQuery(first, { state: second.searchParams.get('state') }), 'providerAnswerRefused');
  });

  it('refuses an answer for the admin sign-in posted as a staff sign-in', async () => {
    const q = await signInAtProvider(await start(), EMAIL, callback);
    await expectRefused(await convertQuery(q, { isAdmin: true }), 'adminMismatch');
  });

  it('refuses an id token whose nonce is not the one issued', async () => {
    const url = new URL(await start());
    url.searchParams.set('nonce', 'a-nonce-the-server-did-not-issue');
    await expectRefused(await convertQuery(await signInAtProvider(url.toString(), EMAIL, callback)), 'providerAnswerRefused');
    expect((await lastFailure())?.changes).toMatchObject({ claim: 'nonce' });
  });

  it('refuses an expired id token, one signed by another key, and one for another audience', async () => {
    const now = Math.floor(Date.now() / 1000);
    const cases: [string, (c: Record<string, unknown>) => Record<string, unknown>, boolean, Record<string, unknown>][] = [
      ['expired', (c) => ({ ...c, iat: now - 7200, exp: now - 3600 }), false, { claim: 'exp' }],
      ['another audience', (c) => ({ ...c, aud: 'some-other-client' }), false, { claim: 'aud' }],
      ['another key', (c) => c, true, { check: expect.stringMatching(/signature/i) }],
    ];
    try {
      for (const [name, change, otherKey, check] of cases) {
        // another key under the provider's key id: only the signature tells
        op.rewriteIdToken(change, otherKey ? await op.newKey(op.providerKey.kid) : undefined);
        const res = await convertQuery(await signInAtProvider(await start(), EMAIL, callback));
        expect(res.statusCode, name).toBe(401);
        expect((await lastFailure())?.changes, name).toMatchObject({ reason: 'providerAnswerRefused', ...check });
      }
    } finally {
      op.rewriteIdToken(null);
    }
  });

  it('refuses an unverified e-mail, an unknown user and a deactivated user, each audited', async () => {
    await expectRefused(await convertQuery(await signInAtProvider(await start(), `unverified:${EMAIL}`, callback)), 'emailNotVerified');
    await expectRefused(await convertQuery(await signInAtProvider(await start(), 'nobody@example.com', callback)), 'unknownUser');
    const off = await makeUser(ctx.db, { login: 'sso-off', email: 'off@example.com', activated: false });
    await expectRefused(await convertQuery(await signInAtProvider(await start(), 'off@example.com', callback)), 'deactivated');
    expect((await lastFailure())?.entityId).toBe(String(off.id));
  });

  it('signs an SSO-only user in through the provider, whose password sign-in is refused', async () => {
    await makeUser(ctx.db, { login: 'sso-only', email: 'sso-only@example.com', ssoOnly: true });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: 'sso-only', password: DEFAULT_PASSWORD },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('error.ssoOnly');
    const res = await convertQuery(await signInAtProvider(await start(), 'sso-only@example.com', callback));
    expect(res.statusCode, res.body).toBe(200);
    const account = await call(res.json().id_token)({ method: 'GET', url: '/api/account' });
    expect(account.json()).toMatchObject({ login: 'sso-only' });
  });

  it('follows a key rotation: a token signed with a new key is checked against the key set read again', async () => {
    const rotated = await op.newKey('provider-key-2');
    op.publishKeys([op.providerKey.publicJwk, rotated.publicJwk]);
    op.rewriteIdToken((c) => c, rotated);
    const q = await signInAtProvider(await start(), EMAIL, callback);
    // a key set is read again for an unknown key id once the cached one is a minute old
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    try {
      const res = await convertQuery(q);
      expect(res.statusCode, JSON.stringify((await lastFailure())?.changes)).toBe(200);
    } finally {
      vi.useRealTimers();
      op.rewriteIdToken(null);
    }
  });

  it('answers a clear 503 when the provider is unreachable, and password sign-in still works', async () => {
    await saveAdminConfig({ domain: 'http://127.0.0.1:9' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/authenticate/sso' });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('error.sso.providerUnreachable');
    expect(await signIn(ctx.app, 'sso-user')).toBeTruthy();
  });
});
