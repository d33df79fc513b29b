import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { makeInterfaceRegion, publishAsIs } from '../publishing/publish.fixtures.js';
import { CLIENT_ID, CLIENT_SECRET, signInAtProvider, startTestProvider, type TestProvider } from '../sso/sso.test-support.js';
import { makeRestrictedSite } from './site-restricted.test-support.js';

/**
 * Restricted documents through the manufacturer's identity provider (decision 0075): a plain link
 * beside the e-mail form while the PUBLIC configuration is enabled, the authorization code flow
 * with PKCE against a real OpenID provider, and a verified e-mail remembered as a used e-mail link
 * remembers it. Unverified e-mails, a wrong state, a missing or foreign flow cookie and a replayed
 * answer are refused with the same page, which says nothing of why.
 */
let ctx: TestContext;
let op: TestProvider;
let manager: string;
const s = {} as { slug: string; typeSlug: string };
const MEMBER = 'member@example.com';
let client = 0;
const nextClient = () => `10.1.0.${++client}`;

const get = (url: string, cookie?: string, remoteAddress = '10.9.9.9') =>
  ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {}, remoteAddress });
const productUrl = () => `/site/${s.slug}/be/fr/hcp/${s.typeSlug}/KC-S-1`;
const cookieOf = (res: { headers: Record<string, unknown> }, name: string) =>
  [res.headers['set-cookie']]
    .flat()
    .map(String)
    .find((c) => c.startsWith(`${name}=`));
const pair = (c: string | undefined) => c?.split(';')[0] ?? '';
const unescapeHtml = (href: string) => href.replace(/&amp;/g, '&');

async function savePublicConfig(over: Record<string, unknown> = {}) {
  const call = as(ctx.app, manager);
  const configs = (await call({ method: 'GET', url: '/api/manufacturer/own/sso-configs' })).json() as { kind: string; version: number }[];
  const version = configs.find((c) => c.kind === 'PUBLIC')?.version ?? 0;
  const res = await call({
    method: 'PUT',
    url: '/api/manufacturer/own/sso-configs',
    payload: [{ kind: 'PUBLIC', domain: op.issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, enabled: true, version, ...over }],
  });
  expect(res.statusCode).toBe(200);
}

/** Follows the site's "Sign in with …" link: the provider's URL and the flow's cookie. */
async function start(remoteAddress = nextClient()) {
  const page = await get(productUrl());
  const href = /<a href="([^"]*\/_access\/_sso[^"]*)" rel="nofollow">/.exec(page.body)?.[1];
  expect(href).toBeDefined();
  const res = await get(unescapeHtml(href ?? ''), undefined, remoteAddress);
  expect(res.statusCode).toBe(303);
  return { location: String(res.headers.location), flow: pair(cookieOf(res, 'site_sso')) };
}

const callbackUrl = (params: URLSearchParams) => `/site/${s.slug}/_access/_sso/callback?${params.toString()}`;

/** Signs in at the provider as `login`: the query the provider sends the browser back with. */
const atProvider = (location: string, login: string) =>
  signInAtProvider(location, login, `${ctx.config.publicUrl}/site/${s.slug}/_access/_sso/callback`);

beforeAll(async () => {
  ctx = await createTestContext();
  const site = await makeRestrictedSite(ctx, {
    keyCode: 'KC-S-1',
    documents: [{ number: 'SECRET-S', name: 'Service manual', fileName: 'secret.pdf', restricted: true }],
    groups: [{ name: 'Surgeons', enabled: true, emails: [MEMBER] }],
  });
  Object.assign(s, site);
  op = await startTestProvider(`${ctx.config.publicUrl}/site/${s.slug}/_access/_sso/callback`);
  manager = await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['MANUFACTURER_SSO_MANAGE'], [0])).id);
});
afterAll(async () => {
  await op?.close();
  await ctx?.close();
});

describe('signing in through the identity provider on the public website', () => {
  it('offers no link while the PUBLIC configuration is not enabled, and its URL answers 404', async () => {
    const page = await get(productUrl());
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`action="/site/${s.slug}/_access"`);
    expect(page.body).not.toContain('/_access/_sso');
    const res = await get(`/site/${s.slug}/_access/_sso?back=${encodeURIComponent(productUrl())}`);
    expect(res.statusCode).toBe(404);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it("changes the page's ETag when the link comes or goes, so that no cache keeps the page it had before", async () => {
    const held = (etag: string) =>
      ctx.app.inject({ method: 'GET', url: productUrl(), headers: { 'if-none-match': etag }, remoteAddress: '10.9.9.9' });
    const before = String((await get(productUrl())).headers.etag);
    await savePublicConfig();
    const withLink = await held(before);
    expect(withLink.statusCode).toBe(200);
    expect(withLink.body).toContain('/_access/_sso');
    const linked = String(withLink.headers.etag);
    expect(linked).not.toBe(before);
    expect((await held(linked)).statusCode).toBe(304);

    await savePublicConfig({ enabled: false });
    const without = await held(linked);
    expect(without.statusCode).toBe(200);
    expect(without.body).not.toContain('/_access/_sso');
    // the page without the link is the page it was before
    expect(without.headers.etag).toBe(before);
  });

  it('shows the verified member the restricted document after a code flow with PKCE, as an e-mail link would', async () => {
    await savePublicConfig();
    const page = await get(productUrl());
    expect(page.body).toContain('Sign in with 127.0.0.1:');
    // a plain link in the server-rendered page: no script is needed to follow it
    expect(page.body).toMatch(/<a href="\/site\/[^"]+\/_access\/_sso\?back=[^"]+" rel="nofollow">/);
    expect(page.body).not.toContain('SECRET-S');

    const { location, flow } = await start();
    const url = new URL(location);
    expect(url.origin).toBe(op.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(`${ctx.config.publicUrl}/site/${s.slug}/_access/_sso/callback`);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(flow).toMatch(/^site_sso=/);

    const answer = await atProvider(location, MEMBER);
    const res = await get(callbackUrl(answer), flow);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(new RegExp(`^${productUrl()}\\?_access=`));
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const access = cookieOf(res, 'site_access');
    expect(access).toContain(`Path=/site/${s.slug};`);
    expect(access).toContain('Max-Age=43200');
    expect(access).toContain('HttpOnly');
    expect(cookieOf(res, 'site_sso')).toContain('Max-Age=0');

    const after = await get(productUrl(), pair(access));
    expect(after.body).toContain('SECRET-S');
    expect(after.body).toContain(MEMBER);
  });

  it('refuses an e-mail the provider has not verified, with a page that says nothing of why', async () => {
    const { location, flow } = await start();
    const answer = await atProvider(location, `unverified:${MEMBER}`);
    const res = await get(callbackUrl(answer), flow);
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('Sign-in failed');
    expect(res.body).not.toContain(MEMBER);
    expect(cookieOf(res, 'site_access')).toBeUndefined();
    // the e-mail form and the link are there to try again
    expect(res.body).toContain(`action="/site/${s.slug}/_access"`);
    expect(res.body).toContain('/_access/_sso?');
  });

  it('refuses a wrong state, an answer without its flow cookie, and a replayed answer', async () => {
    const { location, flow } = await start();
    const answer = await atProvider(location, MEMBER);
    const wrong = new URLSearchParams(answer);
    wrong.set('state', 'another-state-of-another-sign-in');
    const wrongState = await get(callbackUrl(wrong), flow);
    expect(wrongState.statusCode).toBe(400);
    expect(cookieOf(wrongState, 'site_access')).toBeUndefined();
    // another browser: the answer without the cookie of the browser that started the sign-in
    const noCookie = await get(callbackUrl(answer));
    expect(noCookie.statusCode).toBe(400);
    expect(cookieOf(noCookie, 'site_access')).toBeUndefined();
    const forged = await get(callbackUrl(answer), 'site_sso=eyJhbGciOiJIUzI1NiJ9.e30.AAAA');
    expect(forged.statusCode).toBe(400);

    const used = await get(callbackUrl(answer), flow);
    expect(used.statusCode).toBe(303);
    const replayed = await get(callbackUrl(answer), flow);
    expect(replayed.statusCode).toBe(401);
    expect(cookieOf(replayed, 'site_access')).toBeUndefined();
  });

  it('refuses an answer after the configuration changed, and a provider error', async () => {
    const { location, flow } = await start();
    const answer = await atProvider(location, MEMBER);
    await savePublicConfig();
    const changed = await get(callbackUrl(answer), flow);
    expect(changed.statusCode).toBe(401);
    const second = await start();
    const denied = await get(
      callbackUrl(new URLSearchParams({ error: 'access_denied', state: new URL(second.location).searchParams.get('state') ?? '' })),
      second.flow,
    );
    expect(denied.statusCode).toBe(401);
    expect(cookieOf(denied, 'site_access')).toBeUndefined();
  });

  it('answers 503 with the same page while the provider does not answer, and no link once disabled', async () => {
    await savePublicConfig({ domain: 'http://127.0.0.1:9' });
    const res = await get(`/site/${s.slug}/_access/_sso`, undefined, nextClient());
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('Sign-in failed');
    await savePublicConfig({ enabled: false });
    const page = await get(productUrl());
    expect(page.body).not.toContain('/_access/_sso');
  });
});

describe('the flow cookie', () => {
  it('is bound to its unit', async () => {
    await savePublicConfig();
    const other = await makeBusinessUnit(ctx.db, { publicUserGroupActive: true });
    await makeInterfaceRegion(ctx.db, other.id, ['BE']);
    await publishAsIs(ctx.db, other.id);
    const { location, flow } = await start();
    const answer = await atProvider(location, MEMBER);
    const res = await get(`/site/${other.slug}/_access/_sso/callback?${answer.toString()}`, flow);
    // the cookie's path is the first unit's: another unit's callback neither gets nor accepts it
    expect(res.statusCode).toBe(400);
    expect(cookieOf(res, 'site_access')).toBeUndefined();
  });
});
