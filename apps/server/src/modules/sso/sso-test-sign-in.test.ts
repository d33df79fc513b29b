import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, userSession } from '../../db/schema/index.js';
import { makeUser, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { CLIENT_ID, CLIENT_SECRET, signInAtProvider, startTestProvider, type TestProvider } from './sso.test-support.js';

/** "Test sign-in" on the SSO settings screen: the saved ADMIN configuration's flow, reported and never a session. */

let ctx: TestContext;
let op: TestProvider;
let manager: string;
let otherManager: string;
let nobody: string;
let callback: string;
const EMAIL = 'tested.user@example.com';

const CONFIGS = '/api/manufacturer/own/sso-configs';
const START = `${CONFIGS}/test-sign-in`;
const RESULT = `${CONFIGS}/test-result`;
const call = (token: string | undefined) => as(ctx.app, token);

async function saveAdminConfig(over: Record<string, unknown> = {}) {
  const current = (await call(manager)({ method: 'GET', url: CONFIGS })).json() as { kind: string; version: number }[];
  const version = current.find((c) => c.kind === 'ADMIN')?.version ?? 0;
  const res = await call(manager)({
    method: 'PUT',
    url: CONFIGS,
    payload: [{ kind: 'ADMIN', domain: op.issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, enabled: false, version, ...over }],
  });
  expect(res.statusCode).toBe(200);
}

/** Starts a test as `token`, signs in at the provider as `login`, and answers what came back to the callback. */
async function testAt(token: string, login: string) {
  const start = await call(token)({ method: 'GET', url: START });
  expect(start.statusCode).toBe(200);
  const back = await signInAtProvider(start.json().url, login, callback);
  return { token: back.get('code') ?? '', state: back.get('state') ?? '', iss: back.get('iss') ?? undefined };
}

const report = (token: string | undefined, payload: object) => call(token)({ method: 'POST', url: RESULT, payload });
const sessions = async () => (await ctx.db.select().from(userSession)).length;

beforeAll(async () => {
  ctx = await createTestContext();
  callback = `${ctx.config.publicUrl}/login/callback`;
  op = await startTestProvider(callback);
  manager = await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['MANUFACTURER_SSO_MANAGE'], [0])).id);
  otherManager = await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['MANUFACTURER_SSO_MANAGE'], [0])).id);
  nobody = await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['MANUFACTURER_MANAGE'], [0])).id);
  await makeUser(ctx.db, { login: 'tested-user', email: EMAIL });
  await makeUser(ctx.db, { login: 'gone-user', email: 'gone.user@example.com', activated: false });
});
afterAll(async () => {
  await op?.close();
  await ctx?.close();
});

describe('test sign-in', () => {
  it('answers 401 without a token, 403 without MANUFACTURER_SSO_MANAGE, 400 for a bad body', async () => {
    expect((await call(undefined)({ method: 'GET', url: START })).statusCode).toBe(401);
    expect((await call(nobody)({ method: 'GET', url: START })).statusCode).toBe(403);
    expect((await report(undefined, { token: 'x', state: 'y' })).statusCode).toBe(401);
    expect((await report(nobody, { token: 'x', state: 'y' })).statusCode).toBe(403);
    const bad = await report(manager, { token: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual([expect.objectContaining({ field: 'state' })]);
  });

  it('needs a saved issuer and client id first', async () => {
    const res = await call(manager)({ method: 'GET', url: START });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.sso.testIncomplete');
  });

  it('runs the flow of a disabled configuration and reports the user it would sign in, without a session or a sign-in row', async () => {
    await saveAdminConfig();
    const before = await sessions();
    const answer = await testAt(manager, EMAIL);
    const res = await report(manager, answer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      outcome: 'signIn',
      issuer: op.issuer,
      subject: EMAIL,
      email: EMAIL,
      emailVerified: true,
      user: { login: 'tested-user', activated: true, ssoOnly: false },
      check: null,
    });
    expect(res.json().claims).toEqual(expect.arrayContaining(['aud', 'email', 'iss', 'nonce', 'sub']));
    expect(await sessions()).toBe(before);
    const rows = await ctx.db.select().from(auditLog).where(eq(auditLog.entityName, 'user'));
    expect(rows.filter((r) => r.action === 'LOGIN')).toEqual([]);

    // the answer is taken once
    expect((await report(manager, answer)).json()).toMatchObject({ outcome: 'unknownState', user: null, claims: [] });
  });

  it('reports each reason a sign-in would be refused', async () => {
    expect((await report(manager, await testAt(manager, 'nobody.known@example.com'))).json()).toMatchObject({
      outcome: 'unknownUser',
      email: 'nobody.known@example.com',
      user: null,
    });
    expect((await report(manager, await testAt(manager, `unverified:${EMAIL}`))).json()).toMatchObject({
      outcome: 'emailNotVerified',
      emailVerified: false,
    });
    expect((await report(manager, await testAt(manager, 'gone.user@example.com'))).json()).toMatchObject({
      outcome: 'deactivated',
      user: { login: 'gone-user', activated: false },
    });
    op.rewriteIdToken((claims) => ({ ...claims, aud: 'another-client' }));
    try {
      const refused = (await report(manager, await testAt(manager, EMAIL))).json();
      expect(refused).toMatchObject({ outcome: 'providerAnswerRefused', email: null, user: null });
      expect(refused.check).toMatch(/aud/);
    } finally {
      op.rewriteIdToken(null);
    }
  });

  it('is reported only to the user who started it, and a changed configuration voids it', async () => {
    const answer = await testAt(manager, EMAIL);
    expect((await report(otherManager, answer)).json().outcome).toBe('unknownState');
    const changed = await testAt(manager, EMAIL);
    await saveAdminConfig({ enabled: true });
    expect((await report(manager, changed)).json().outcome).toBe('configChanged');
  });

  it('never signs anyone in through api/convert-token', async () => {
    const answer = await testAt(manager, EMAIL);
    const res = await call(undefined)({ method: 'POST', url: '/api/convert-token', payload: { ...answer, isAdmin: true } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('error.sso.loginFailed');
  });

  it('answers 503 when the provider does not answer', async () => {
    await op.stop();
    const res = await call(manager)({ method: 'GET', url: START });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('error.sso.providerUnreachable');
  });
});
