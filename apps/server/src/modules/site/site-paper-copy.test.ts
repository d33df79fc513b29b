import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, fileCountry, fileLanguage, fileVersion, paperCopyRequest, websiteTranslation } from '../../db/schema/index.js';
import { makeProduct, makeProductType } from '../../factories/catalogue-factories.js';
import { makeDocument, makeDocumentFile, makeDocumentType } from '../../factories/document-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { createSession } from '../../platform/session.repo.js';
import { createTestContext, mailText, type TestContext } from '../../test/harness.js';
import { PREVIEW_SESSION } from '../publishing/preview.service.js';
import { makeInterfaceRegion, publishAsIs } from '../publishing/publish.fixtures.js';
import { FORM_MIN_FILL_MS, formToken } from './site-form-token.js';
import { SITE_CSP } from './site-http.js';
import { PAPER_COPY_PER_ADDRESS_PER_HOUR, PAPER_COPY_PER_EMAIL_PER_DAY } from './site-paper-copy.js';

/**
 * A free paper copy from the public website (decision 0044): the form on a file of the product
 * page, its refusals (field errors with the values kept, the trap field, a form sent too fast or
 * from elsewhere, rate limits as a page), the stored request due in 7 days with its e-mail in the
 * visitor's language, the preview that records nothing, and a file not public for the visitor.
 */
let ctx: TestContext;
const s = {} as {
  slug: string;
  unitId: number;
  productId: number;
  fileId: number;
  nlFileId: number;
  productUrl: string;
  publicationId: number;
};
const DAY = 24 * 60 * 60 * 1000;
const past = new Date(Date.now() - DAY);

const publish = (businessUnitId: number) => publishAsIs(ctx.db, businessUnitId);

const query = (over: Record<string, string | number> = {}) =>
  new URLSearchParams(
    Object.entries({ product: s.productId, country: 'be', language: 'fr', audience: 'hcp', ...over }).map(([k, v]) => [k, String(v)]),
  ).toString();
const formUrl = (fileId = s.fileId, over: Record<string, string | number> = {}, root = `/site/${s.slug}`) =>
  `${root}/files/${fileId}/paper-copy?${query(over)}`;
const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

let address = 0;
/** Each test sends from its own client address, so the per-address limit is only met where a test means it. */
const nextAddress = () => `10.0.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

/** A token as if the form had been shown `ageMs` ago. */
const tokenAged = (ageMs: number, fileId = s.fileId) =>
  formToken(ctx.config.tokenSecret, `${s.slug}/${fileId}`, new Date(Date.now() - ageMs));

const validForm = (over: Record<string, string> = {}) => ({
  token: tokenAged(FORM_MIN_FILL_MS + 2_000),
  homepage: '',
  name: 'Camille Dubois',
  street: 'Rue de la Loi 16',
  postcode: '1000',
  city: 'Bruxelles',
  country: 'BE',
  email: 'Camille.Dubois@Example.com',
  language: 'fr',
  ...over,
});

function post(form: Record<string, string>, opts: { url?: string; remoteAddress?: string; headers?: Record<string, string> } = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: opts.url ?? formUrl(),
    remoteAddress: opts.remoteAddress ?? nextAddress(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(opts.headers ?? {}) },
    payload: new URLSearchParams(form).toString(),
  });
}

const requests = () => ctx.db.select().from(paperCopyRequest).where(eq(paperCopyRequest.businessUnitId, s.unitId));

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  const unit = await makeBusinessUnit(db, {
    displayName: 'Acme Médical',
    documentLanguages: ['en', 'fr'],
    interfaceLanguages: ['en', 'fr'],
  });
  s.slug = unit.slug;
  s.unitId = unit.id;
  await makeInterfaceRegion(db, unit.id, ['BE', 'NL']);
  const type = await makeProductType(db, unit.id, { keyCodeSearchTypeHcp: 'SEARCHABLE_EXACT' });
  const product = await makeProduct(db, type, { keyCode: 'PC-1', publishDate: past });
  s.productId = product.id;
  const docType = await makeDocumentType(db, unit.id, { hcp: true });
  const doc = await makeDocument(db, unit.id, docType.id, { number: 'IFU-PC', name: 'Notice' }, { productIds: [product.id] });
  const key = await ctx.app.deps.files.put('files/paper', Buffer.from('%PDF-1.7 paper'), 'pdf');
  const file = await makeDocumentFile(db, doc, [{ label: '3.1', versionDate: '2026-01-01', publishDate: past, binaryKey: key }], {
    name: 'Notice FR',
    restOfTheWorld: false,
  });
  s.fileId = file.id;
  await db
    .update(fileVersion)
    .set({ binaryName: 'notice.pdf', binarySize: 14, mediaType: 'application/pdf' })
    .where(eq(fileVersion.fileId, file.id));
  await db.insert(fileCountry).values({ fileId: file.id, countryIsoCode: 'BE' });
  await db.insert(fileLanguage).values({ fileId: file.id, languageIsoCode: 'fr' });
  // a file for the Netherlands only: not public for a Belgian visitor
  const nl = await makeDocument(db, unit.id, docType.id, { number: 'IFU-NL', name: 'Handleiding' }, { productIds: [product.id] });
  const nlKey = await ctx.app.deps.files.put('files/paper', Buffer.from('%PDF-1.7 nl'), 'pdf');
  const nlFile = await makeDocumentFile(db, nl, [{ label: '1', versionDate: '2026-01-01', publishDate: past, binaryKey: nlKey }], {
    name: 'Handleiding NL',
    restOfTheWorld: false,
  });
  s.nlFileId = nlFile.id;
  await db.insert(fileCountry).values({ fileId: nlFile.id, countryIsoCode: 'NL' });
  await db.insert(fileLanguage).values({ fileId: nlFile.id, languageIsoCode: 'fr' });
  // the unit's French texts of the confirmation e-mail
  await db.insert(websiteTranslation).values(
    [
      ['paperCopy.mail.subject', 'Votre copie papier de {{document}}'],
      ['paperCopy.mail.greeting', 'Bonjour {{name}},'],
      ['paperCopy.mail.due', 'Elle vous sera envoyée gratuitement au plus tard le {{date}}, à cette adresse :'],
      ['paperCopy.sent.title', 'Votre demande a bien été reçue'],
    ].map(([translationKey, translatedValue]) => ({
      businessUnitId: unit.id,
      translationKey,
      interfaceLanguageIso: 'fr',
      translatedValue,
    })),
  );
  s.publicationId = (await publish(unit.id)).id;
  const types = await get(`/site/${s.slug}/be/fr/hcp`);
  const typeSlug = /href="\/site\/[^/]+\/be\/fr\/hcp\/([^"/?]+)"/.exec(types.body)?.[1] ?? '';
  s.productUrl = `/site/${s.slug}/be/fr/hcp/${typeSlug}/PC-1`;
});
afterAll(() => ctx?.close());

describe('the form', () => {
  it('is linked from each file of the product page', async () => {
    const res = await get(s.productUrl);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      `href="/site/${s.slug}/files/${s.fileId}/paper-copy?product=${s.productId}&amp;country=be&amp;language=fr&amp;audience=hcp"`,
    );
    expect(res.body).toContain('Request a free paper copy');
  });

  it('names the document and prefills the visitor’s country and language, without script or inline style, never cached', async () => {
    const res = await get(formUrl());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe(SITE_CSP);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('IFU-PC');
    expect(res.body).toContain('Notice FR');
    expect(res.body).toContain('3.1');
    const form = /<form [^>]*>/.exec(res.body)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain(
      `action="/site/${s.slug}/files/${s.fileId}/paper-copy?product=${s.productId}&amp;country=be&amp;language=fr&amp;audience=hcp"`,
    );
    expect(res.body).toMatch(/<option value="BE" selected="">Belgique<\/option>/);
    expect(res.body).toMatch(/<option value="fr" selected="">français<\/option>/);
    expect(res.body).toMatch(/name="token" value="[0-9a-z]+\.[A-Za-z0-9_-]{43}"/);
    expect(res.body).toContain('class="paper-copy__trap"');
    expect(res.body).not.toMatch(/<script|style="/);
  });

  it('answers 404 for a file not public for the visitor’s country, an unknown file or a bad context', async () => {
    for (const url of [
      formUrl(s.nlFileId),
      formUrl(999_999),
      formUrl(s.fileId, { country: 'fr' }),
      formUrl(s.fileId, { product: 'abc' }),
      `/site/${s.slug}/files/${s.fileId}/paper-copy`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
    }
    const before = (await requests()).length;
    const res = await post(validForm({ token: tokenAged(FORM_MIN_FILL_MS + 1000, s.nlFileId) }), { url: formUrl(s.nlFileId) });
    expect(res.statusCode).toBe(404);
    expect((await requests()).length).toBe(before);
  });
});

describe('sending it', () => {
  it('refuses bad input with a message beside each field and the values kept (400, nothing written)', async () => {
    const before = (await requests()).length;
    const mails = ctx.mails().length;
    const res = await post(
      validForm({ name: '', email: 'not-an-address', postcode: 'x'.repeat(21), street: 'Rue <b>1</b>', language: 'de' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('Please correct the fields marked below.');
    expect(res.body).toMatch(/<span class="field-error" id="name-error">Please fill in this field\.<\/span>/);
    expect(res.body).toMatch(/id="email-error">Please enter a valid e-mail address\./);
    expect(res.body).toMatch(/id="postcode-error">This is too long\./);
    expect(res.body).toMatch(/id="language-error">This value is not valid\./);
    expect(res.body).toMatch(/id="name"[^>]*aria-invalid="true"[^>]*aria-describedby="name-error"/);
    // the values as sent, escaped
    expect(res.body).toContain('value="not-an-address"');
    expect(res.body).toContain('value="Rue &lt;b&gt;1&lt;/b&gt;"');
    expect(res.body).toContain('value="Bruxelles"');
    expect(res.body).not.toContain('id="city-error"');
    expect((await requests()).length).toBe(before);
    expect(ctx.mails().length).toBe(mails);
  });

  it('refuses the filled trap field, a form sent too fast, a forged or expired token: nothing written', async () => {
    const before = (await requests()).length;
    for (const form of [
      validForm({ homepage: 'http://spam.example' }),
      validForm({ token: tokenAged(500) }),
      validForm({ token: tokenAged(3 * 60 * 60 * 1000) }),
      validForm({ token: `${tokenAged(10_000).split('.')[0]}.${'A'.repeat(43)}` }),
      validForm({ token: tokenAged(10_000, s.nlFileId) }),
      validForm({ token: '' }),
    ]) {
      const res = await post(form);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('Your request could not be sent. Please check the form and send it again.');
      // filled in again with a fresh token, the values kept
      expect(res.body).toContain('value="Camille Dubois"');
    }
    expect((await requests()).length).toBe(before);
  });

  it('gives a form refused as too fast back with the moment it was first shown, so a person can send it again', async () => {
    const first = await post(validForm({ token: tokenAged(FORM_MIN_FILL_MS - 1_000), email: 'hasty@example.com' }));
    expect(first.statusCode).toBe(400);
    const token = /name="token" value="([^"]+)"/.exec(first.body)?.[1] ?? '';
    await new Promise((r) => setTimeout(r, 1_100));
    const again = await post(validForm({ token, email: 'hasty@example.com' }));
    expect(again.statusCode).toBe(303);
  });

  it('shows field errors before judging the token, and keeps the token’s moment', async () => {
    const res = await post(validForm({ token: tokenAged(1_000), city: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/id="city-error">Please fill in this field\./);
    const token = /name="token" value="([^"]+)"/.exec(res.body)?.[1] ?? '';
    expect(Date.now() - Number.parseInt(token.split('.')[0], 36)).toBeGreaterThanOrEqual(1_000);
  });

  it('refuses a sending from another origin (403), and allows its own', async () => {
    const before = (await requests()).length;
    for (const headers of [{ origin: 'https://evil.example' }, { origin: 'null' }, { referer: 'https://evil.example/form' }] as Record<
      string,
      string
    >[]) {
      const res = await post(validForm(), { headers });
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('This request did not come from this website.');
    }
    expect((await requests()).length).toBe(before);
    const own = await post(validForm({ email: 'own-origin@example.com' }), { headers: { origin: 'http://localhost', host: 'localhost' } });
    expect(own.statusCode).toBe(303);
  });

  it('stores the request due in 7 days, answers 303 to the confirmation and mails it in the visitor’s language', async () => {
    const mails = ctx.mails().length;
    const started = Date.now();
    const res = await post(validForm());
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/site/${s.slug}/files/${s.fileId}/paper-copy/sent?${query()}`);
    const [row] = (await requests()).filter((r) => r.email === 'camille.dubois@example.com');
    expect(row).toMatchObject({
      documentNumber: 'IFU-PC',
      documentName: 'Notice',
      fileId: s.fileId,
      fileName: 'Notice FR',
      versionLabel: '3.1',
      keyCode: 'PC-1',
      requesterName: 'Camille Dubois',
      postalAddress: 'Rue de la Loi 16\n1000 Bruxelles\nBelgium',
      language: 'fr',
      sentDate: null,
    });
    expect(row.dueDate.getTime() - row.createdDate.getTime()).toBe(7 * DAY);
    expect(row.createdDate.getTime()).toBeGreaterThanOrEqual(started - 1000);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(row.id)));
    expect(audit.action).toBe('CREATE');
    expect(JSON.stringify(audit)).not.toContain('Camille');

    // the e-mail: in French where the unit translated it, English elsewhere
    expect(ctx.mails().length).toBe(mails + 1);
    const mail = mailText(ctx.mails().at(-1) as string);
    expect(mail).toContain('To: camille.dubois@example.com');
    expect(mail).toMatch(/Subject: (Votre copie papier de IFU-PC|=\?UTF-8\?)/);
    expect(mail).toContain('Bonjour Camille Dubois,');
    expect(mail).toContain(`gratuitement au plus tard le ${row.dueDate.toISOString().slice(0, 10)}`);
    expect(mail).toContain('Acme M');
    expect(mail).toContain('1000 Bruxelles');

    const confirmation = await get(res.headers.location as string);
    expect(confirmation.statusCode).toBe(200);
    expect(confirmation.body).toContain('Votre demande a bien été reçue');
    expect(confirmation.body).toContain('within 7 days');
    expect(confirmation.body).toContain('We have sent a confirmation to your e-mail address.');
    expect(confirmation.body).toContain('IFU-PC');
  });

  it('answers a page, not JSON, with 429 and Retry-After past the per-address limit', async () => {
    const from = nextAddress();
    const before = (await requests()).length;
    for (let i = 0; i < PAPER_COPY_PER_ADDRESS_PER_HOUR; i++) {
      const res = await post(validForm({ name: '' }), { remoteAddress: from });
      expect(res.statusCode).toBe(400);
    }
    const res = await post(validForm({ email: 'limited@example.com' }), { remoteAddress: from });
    expect(res.statusCode).toBe(429);
    expect(res.headers['content-type']).toContain('text/html');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body).toContain('Too many requests');
    expect((await requests()).length).toBe(before);
  });

  it('answers 429 past the per-e-mail limit, whatever the address', async () => {
    for (let i = 0; i < PAPER_COPY_PER_EMAIL_PER_DAY; i++) {
      expect((await post(validForm({ email: 'often@example.com' }))).statusCode).toBe(303);
    }
    const before = (await requests()).length;
    const res = await post(validForm({ email: 'Often@Example.com' }));
    expect(res.statusCode).toBe(429);
    expect(res.body).toContain('Please wait a while before you ask for another paper copy.');
    expect((await requests()).length).toBe(before);
  });

  it('never answers 500 to hostile bodies', async () => {
    for (const payload of ['name=%00&token=%ZZ', 'a'.repeat(20_000), 'name[]=1&name[]=2', '%']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: formUrl(),
        remoteAddress: nextAddress(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
      expect(res.statusCode, payload.slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, payload.slice(0, 20)).toBeLessThan(500);
    }
    const json = await ctx.app.inject({ method: 'POST', url: formUrl(), remoteAddress: nextAddress(), payload: { name: 1 } });
    expect(json.statusCode).toBe(400);
  });
});

describe('in a preview', () => {
  it('shows the form and the confirmation, but records and mails nothing', async () => {
    // the preview's cookie as its one-time address would set it (decision 0042), for the live publication
    const user = await makeUserWithRights(ctx.db, ['PUBLISH'], [s.unitId]);
    const sessionId = randomUUID();
    const expiresAt = new Date(Date.now() + 60 * 60 * 1000);
    await createSession(ctx.db, { id: sessionId, userId: user.id, expiresAt, rememberMe: false });
    const preview = await ctx.app.deps.tokens.signFor(
      PREVIEW_SESSION,
      { userId: user.id, sessionId },
      { unit: s.unitId, publication: s.publicationId },
      expiresAt,
    );
    const cookie = `site_preview=${encodeURIComponent(preview)}`;
    const root = `/site/_preview/${s.slug}`;
    const form = await get(formUrl(s.fileId, {}, root), { cookie });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain(`action="${root}/files/${s.fileId}/paper-copy?`);

    const before = (await requests()).length;
    const mails = ctx.mails().length;
    const res = await post(validForm({ email: 'preview@example.com' }), { url: formUrl(s.fileId, {}, root), headers: { cookie } });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${root}/files/${s.fileId}/paper-copy/sent?${query()}`);
    expect((await requests()).length).toBe(before);
    expect(ctx.mails().length).toBe(mails);
    const sent = await get(res.headers.location as string, { cookie });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('This is a preview: nothing was recorded and no e-mail was sent.');
    expect(sent.headers['x-robots-tag']).toContain('noindex');
  });
});
