import { createHash, randomBytes } from 'node:crypto';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessUnit, siteEmailLink } from '../../db/schema/index.js';
import { createTestContext, mailText, type TestContext } from '../../test/harness.js';
import { publishAsIs } from '../publishing/publish.fixtures.js';
import { makeRestrictedSite } from './site-restricted.test-support.js';

/**
 * Restricted documents on the public website (decision 0045): hidden from everyone, a one-time
 * link by e-mail only to an address of an enabled group, the same answer for everybody, the link
 * used once and before it expires, then the document and its file visible and downloadable for
 * that browser only; never by guessing a URL; rate limits.
 */
let ctx: TestContext;
const s = {} as { slug: string; unitId: number; typeSlug: string; productId: number; secretFileId: number; bytes: Buffer };
const MEMBER = 'member@example.com';
const OFF_MEMBER = 'off-member@example.com';
const OTHER_MEMBER = 'other-member@example.com';

const publish = (businessUnitId: number) => publishAsIs(ctx.db, businessUnitId);
let client = 0;
/** Each test its own client address, so the per-address limit of one test does not reach another. */
const nextClient = () => `10.0.0.${++client}`;
const get = (url: string, cookie?: string, remoteAddress = '10.9.9.9') =>
  ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {}, remoteAddress });
const postForm = (url: string, form: Record<string, string>, remoteAddress = nextClient(), cookie?: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    remoteAddress,
  });
const productUrl = () => `/site/${s.slug}/be/fr/hcp/${s.typeSlug}/KC-R-1`;
const secretFileUrl = () => `/site/${s.slug}/files/${s.secretFileId}?product=${s.productId}&country=be&language=fr&audience=hcp`;

/** The mail to an address, waited for: links are written and mailed after the answer has gone. */
async function mailTo(address: string, before: number): Promise<string | undefined> {
  for (let i = 0; i < 100; i++) {
    const found = ctx
      .mails()
      .slice(before)
      .find((m) => m.includes(`To: ${address}`));
    if (found) return mailText(found);
    await new Promise((r) => setTimeout(r, 20));
  }
  return undefined;
}
const tokenIn = (mail: string) => /\/_access\/([A-Za-z0-9_-]{43})/.exec(mail)?.[1];

/** Asks for a link for the address and returns the token mailed. */
async function linkFor(address: string, back = productUrl()) {
  const before = ctx.mails().length;
  const res = await postForm(`/site/${s.slug}/_access`, { email: address, back, language: 'fr' });
  expect(res.statusCode).toBe(200);
  const mail = await mailTo(address, before);
  return { mail, token: mail ? tokenIn(mail) : undefined };
}

/** Uses a link: the cookie it sets and where it sends the visitor. */
async function use(token: string) {
  const res = await postForm(`/site/${s.slug}/_access/${token}?language=fr`, {});
  const cookie = String(res.headers['set-cookie'] ?? '').split(';')[0];
  return { res, cookie };
}

beforeAll(async () => {
  ctx = await createTestContext();
  const site = await makeRestrictedSite(ctx, {
    keyCode: 'KC-R-1',
    documents: [
      { number: 'OPEN-1', name: 'Open leaflet', fileName: 'open.pdf', restricted: false },
      { number: 'SECRET-1', name: 'Service manual', fileName: 'secret.pdf', restricted: true },
    ],
    groups: [
      { name: 'Surgeons', enabled: true, emails: [MEMBER, OTHER_MEMBER] },
      { name: 'Former', enabled: false, emails: [OFF_MEMBER] },
    ],
  });
  Object.assign(s, { ...site, secretFileId: site.fileIds['SECRET-1'] });
});
afterAll(() => ctx?.close());

describe('a restricted document', () => {
  it('is hidden from a visitor, who sees only the form, and its file URL is the 404 of a file that does not exist', async () => {
    const page = await get(productUrl());
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('OPEN-1');
    expect(page.body).not.toContain('SECRET-1');
    expect(page.body).not.toContain('Service manual');
    expect(page.body).toContain(`action="/site/${s.slug}/_access"`);
    expect(page.headers['cache-control']).toBe('public, max-age=60');
    expect(page.headers.vary).toBeUndefined();
    const guessed = await get(secretFileUrl());
    const nothing = await get(`/site/${s.slug}/files/99999999?product=${s.productId}&country=be&language=fr&audience=hcp`);
    expect(guessed.statusCode).toBe(404);
    expect(guessed.body).toBe(nothing.body);
    const download = await get(`${secretFileUrl().replace('?', '/download?')}`);
    expect(download.statusCode).toBe(404);
  });

  it('answers the same page to a non-member, a disabled group’s member and a member; only the member gets a mail', async () => {
    const before = ctx.mails().length;
    const answers = [];
    for (const email of ['stranger@example.com', OFF_MEMBER, MEMBER]) {
      const res = await postForm(`/site/${s.slug}/_access`, { email, back: productUrl(), language: 'fr' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-robots-tag']).toContain('noindex');
      answers.push(res.body);
    }
    expect(new Set(answers).size).toBe(1);
    const mail = await mailTo(MEMBER, before);
    expect(mail).toBeDefined();
    expect(mail).toContain(`/site/${s.slug}/_access/`);
    expect(await mailTo('stranger@example.com', before)).toBeUndefined();
    expect(
      ctx
        .mails()
        .slice(before)
        .some((m) => m.includes(`To: ${OFF_MEMBER}`)),
    ).toBe(false);
    // the token is stored hashed only
    const token = tokenIn(mail ?? '') ?? '';
    const rows = await ctx.db.select().from(siteEmailLink).where(eq(siteEmailLink.businessUnitId, s.unitId));
    expect(rows.some((r) => r.tokenHash === createHash('sha256').update(token).digest('hex'))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('refuses an address that is not one with the form again (400), nothing sent', async () => {
    const before = ctx.mails().length;
    const res = await postForm(`/site/${s.slug}/_access`, { email: 'not-an-address', back: productUrl(), language: 'fr' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('aria-invalid="true"');
    await new Promise((r) => setTimeout(r, 100));
    expect(ctx.mails()).toHaveLength(before);
  });

  it('opens with a link used once: the document and its file are shown and downloadable, for that browser only', async () => {
    const { token } = await linkFor(MEMBER);
    expect(token).toBeDefined();
    // opening the link (as a mail scanner would) uses nothing: it asks to confirm
    const opened = await get(`/site/${s.slug}/_access/${token}?language=fr`);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['referrer-policy']).toBe('no-referrer');
    expect(opened.body).toContain(`action="/site/${s.slug}/_access/${token}?language=fr" method="post"`);
    const { res, cookie } = await use(token ?? '');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(new RegExp(`^${productUrl()}\\?_access=`));
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toContain(`Path=/site/${s.slug};`);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');

    const page = await get(productUrl(), cookie);
    expect(page.body).toContain('SECRET-1');
    expect(page.body).toContain(MEMBER);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers.vary).toContain('Cookie');
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.headers.etag).toBeUndefined();
    const confirm = await get(secretFileUrl(), cookie);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.headers['cache-control']).toBe('no-store');
    const download = await get(secretFileUrl().replace('?', '/download?'), cookie);
    expect(download.statusCode).toBe(200);
    expect(Buffer.from(download.rawPayload).equals(s.bytes)).toBe(true);
    // a second use is refused; the confirm page says so too
    const again = await use(token ?? '');
    expect(again.res.statusCode).toBe(410);
    expect(again.res.headers['set-cookie']).toBeUndefined();
    expect((await get(`/site/${s.slug}/_access/${token}`)).statusCode).toBe(410);
    // another browser, or a forged cookie, sees nothing more
    expect((await get(productUrl())).body).not.toContain('SECRET-1');
    expect((await get(productUrl(), `site_access=${cookie.split('=')[1]}x`)).body).not.toContain('SECRET-1');
    expect((await get(secretFileUrl(), 'site_access=eyJhbGciOiJub25lIn0.eyJlbWFpbCI6Im1lbWJlckBleGFtcGxlLmNvbSJ9.')).statusCode).toBe(404);
    // forgetting it hides the document again
    const forget = await postForm(`/site/${s.slug}/_access/_forget`, { back: productUrl() }, nextClient(), cookie);
    expect(forget.statusCode).toBe(303);
    expect(String(forget.headers['set-cookie'])).toContain('Max-Age=0');
  });

  it('refuses an expired link, an unknown one and one of another unit', async () => {
    const { token } = await linkFor(MEMBER);
    await ctx.db
      .update(siteEmailLink)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(isNull(siteEmailLink.usedAt));
    expect((await use(token ?? '')).res.statusCode).toBe(410);
    expect((await use('A'.repeat(43))).res.statusCode).toBe(410);
    expect((await use('short')).res.statusCode).toBe(410);
  });

  it('grants nothing through a disabled group, nor once the unit switches restricted groups off', async () => {
    // a valid cookie for the disabled group's address (made with a link written directly)
    const cookie = await cookieFor(OFF_MEMBER);
    expect((await get(productUrl(), cookie)).body).not.toContain('SECRET-1');
    expect((await get(secretFileUrl(), cookie)).statusCode).toBe(404);
  });

  it('limits link requests per address asked for and per client (a friendly 429 page)', async () => {
    const address = 'limited@example.com';
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await postForm(`/site/${s.slug}/_access`, { email: address, language: 'fr' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const one = nextClient();
    const fromOne = [];
    for (let i = 0; i < 11; i++) {
      const res = await postForm(`/site/${s.slug}/_access`, { email: `someone${i}@example.com`, language: 'fr' }, one);
      fromOne.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.headers['retry-after']).toBeDefined();
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.body).toContain('Too many requests');
      }
    }
    expect(fromOne.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(fromOne[10]).toBe(429);
  });

  it('comes back only to a page of this site', async () => {
    const { token } = await linkFor(OTHER_MEMBER, 'https://evil.example/phish');
    const { res } = await use(token ?? '');
    expect(res.headers.location).toMatch(new RegExp(`^/site/${s.slug}\\?_access=`));
  });

  it('normalises a back path before it is used: encoded dot segments cannot lead out of the site', async () => {
    for (const back of [
      `/site/${s.slug}/%2e%2e/other-unit`,
      `/site/${s.slug}/%2E%2E%2F%2E%2E%2Fapi/account`,
      `/site/${s.slug}/./../other-unit`,
      `/site/${s.slug}\\..\\..\\api`,
      '//evil.example/phish',
    ]) {
      const forget = await postForm(`/site/${s.slug}/_access/_forget`, { back });
      expect(forget.statusCode).toBe(303);
      expect(forget.headers.location).toMatch(new RegExp(`^/site/${s.slug}\\?_access=`));
      const form = await get(`/site/${s.slug}/_access?back=${encodeURIComponent(back)}`);
      expect(form.body).toContain(`name="back" value="/site/${s.slug}"`);
    }
    // a page of the site comes back as the browser would resolve it
    const inside = await postForm(`/site/${s.slug}/_access/_forget`, { back: `/site/${s.slug}/be/fr/../fr/hcp` });
    expect(inside.headers.location).toMatch(new RegExp(`^/site/${s.slug}/be/fr/hcp\\?_access=`));
  });
});

/** A verified cookie for an address, through a link row written here (whatever the address's groups). */
async function cookieFor(address: string) {
  const token = randomBytes(32).toString('base64url');
  await ctx.db.insert(siteEmailLink).values({
    businessUnitId: s.unitId,
    tokenHash: createHash('sha256').update(token).digest('hex'),
    email: address,
    returnTo: productUrl(),
    expiresAt: new Date(Date.now() + 60_000),
  });
  return (await use(token)).cookie;
}

describe('switching restricted groups off', () => {
  it('hides restricted documents from a verified address after the next publish', async () => {
    const cookie = await cookieFor(MEMBER);
    expect((await get(productUrl(), cookie)).body).toContain('SECRET-1');
    await ctx.db.update(businessUnit).set({ publicUserGroupActive: false }).where(eq(businessUnit.id, s.unitId));
    await publish(s.unitId);
    const page = await get(productUrl(), cookie);
    expect(page.body).not.toContain('SECRET-1');
    // and no form is offered any more
    expect((await get(productUrl())).body).not.toContain('/_access"');
  });
});
