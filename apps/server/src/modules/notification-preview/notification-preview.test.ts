import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { websiteTranslation } from '../../db/schema/index.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { MAIL_TEMPLATES } from '../../platform/mail.js';
import { mailTexts } from '../../platform/mail-texts.js';
import { as, createTestContext, mailText, type TestContext, tokenFor } from '../../test/harness.js';
import { passwordMail } from '../account/password-reset.mail.js';
import { ticketAttachmentMail } from '../tickets/tickets.mail.js';
import { NOTIFICATION_KINDS, SAMPLE_ATTACHMENT } from './notification-kinds.js';

let ctx: TestContext;
let admin: ReturnType<typeof as>;
let adminEmail: string;
let reader: ReturnType<typeof as>;
const anonymous = () => as(ctx.app, undefined);
/** Every mail the product sends, in the preview's order. */
const KINDS = [...MAIL_TEMPLATES];

beforeAll(async () => {
  ctx = await createTestContext();
  // a unit that shows its website in French: French becomes a language of the preview
  await makeBusinessUnit(ctx.db, { interfaceLanguages: ['en', 'fr', 'es'] });
  await ctx.db.insert(websiteTranslation).values({
    businessUnitId: 0,
    translationKey: 'access.mail.subject',
    interfaceLanguageIso: 'fr',
    translatedValue: 'Votre lien vers les documents restreints',
  });
  const user = await makeUserWithRights(ctx.db, ['MANUFACTURER_MANAGE'], [0]);
  adminEmail = user.email;
  admin = as(ctx.app, await tokenFor(ctx, user.id));
  reader = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['MANUFACTURER_READ'], [0])).id));
});
afterAll(() => ctx?.close());

describe('GET api/notification-preview', () => {
  it('answers 401 without a token and 403 without MANUFACTURER_MANAGE', async () => {
    expect((await anonymous()({ method: 'GET', url: '/api/notification-preview' })).statusCode).toBe(401);
    expect((await reader({ method: 'GET', url: '/api/notification-preview' })).statusCode).toBe(403);
    expect((await reader({ method: 'GET', url: '/api/notification-preview/welcome' })).statusCode).toBe(403);
    expect((await reader({ method: 'POST', url: '/api/notification-preview/welcome/send' })).statusCode).toBe(403);
  });

  it('lists every e-mail the product sends and the interface languages of the units', async () => {
    const res = await admin({ method: 'GET', url: '/api/notification-preview' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.kinds.map((k: { key: string }) => k.key)).toEqual(KINDS);
    expect(body.languages).toEqual(expect.arrayContaining(['en', 'fr', 'es']));
    expect(body.kinds.every((k: { translated: boolean }) => k.translated)).toBe(true);
  });
});

describe('GET api/notification-preview/{kind}', () => {
  it('renders every kind in every language with sample data', async () => {
    const { languages } = (await admin({ method: 'GET', url: '/api/notification-preview' })).json();
    for (const kind of KINDS)
      for (const language of languages) {
        const res = await admin({ method: 'GET', url: `/api/notification-preview/${kind}?language=${language}` });
        expect(res.statusCode, `${kind} ${language}: ${res.body}`).toBe(200);
        const body = res.json();
        expect(body).toMatchObject({ kind, language });
        expect(body.subject.length).toBeGreaterThan(0);
        expect(body.text.length).toBeGreaterThan(0);
        expect(`${body.subject}${body.text}${body.html ?? ''}`).not.toMatch(/\{\{\w+\}\}/);
      }
  });

  it('renders with the same template the product sends', async () => {
    const res = await admin({ method: 'GET', url: '/api/notification-preview/password-reset' });
    const { template, ...expected } = passwordMail(ctx.config.publicUrl, 'SAMPLE-KEY-0123456789', 'reset');
    expect(template).toBe('password-reset');
    expect(res.json()).toEqual({ kind: 'password-reset', language: 'en', ...expected, attachments: [] });
    const text = (await admin({ method: 'GET', url: '/api/notification-preview/export-ready' })).json();
    expect(text.html).toBeNull();
  });

  it('renders the back-office mails in the language, and in English where Vellum has no texts of its own', async () => {
    const fr = (await admin({ method: 'GET', url: '/api/notification-preview/export-failed?language=fr' })).json();
    expect(fr.subject).toBe('Votre export n’a pas pu être réalisé');
    const welcome = (await admin({ method: 'GET', url: '/api/notification-preview/welcome?language=fr' })).json();
    expect(welcome.subject).toBe('Votre compte Vellum');
    expect(welcome.text).toContain('SAMPLE-KEY-0123456789');
    const es = (await admin({ method: 'GET', url: '/api/notification-preview/welcome?language=es' })).json();
    expect(es.subject).toBe('Your Vellum account');
  });

  it('renders a translated mail in the language, with the manufacturer-wide texts', async () => {
    const fr = (await admin({ method: 'GET', url: '/api/notification-preview/restricted-document-link?language=fr' })).json();
    expect(fr.subject).toBe('Votre lien vers les documents restreints');
    const en = (await admin({ method: 'GET', url: '/api/notification-preview/restricted-document-link?language=en' })).json();
    expect(en.subject).toBe('Your link to the restricted documents');
  });

  it("renders the ticket's attachment mail to support with its sample file named, in the language", async () => {
    const res = await admin({ method: 'GET', url: '/api/notification-preview/ticket-attachment?language=fr' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const real = ticketAttachmentMail(
      { id: 17, subject: 'The publish button stays grey', requesterLogin: 'jane.doe', requesterEmail: 'jane.doe@example.com' },
      SAMPLE_ATTACHMENT,
      'fr',
    );
    expect(body).toEqual({
      kind: 'ticket-attachment',
      language: 'fr',
      subject: real.subject,
      html: null,
      text: real.text,
      attachments: [{ fileName: 'publish-button.png', contentType: 'image/png', size: SAMPLE_ATTACHMENT.content.length }],
    });
    expect(body.subject).toBe('[Ticket Vellum n° 17] Pièce jointe : publish-button.png');
    expect(body.text).toContain('jane.doe <jane.doe@example.com>');
    // the sample is a real PNG, as small as a file gets
    expect(SAMPLE_ATTACHMENT.content.subarray(1, 4).toString()).toBe('PNG');
    expect(SAMPLE_ATTACHMENT.content.length).toBeLessThan(200);
    // the other mails carry no file
    const created = (await admin({ method: 'GET', url: '/api/notification-preview/ticket-created' })).json();
    expect(created.attachments).toEqual([]);
    expect(created.subject).toBe(mailTexts('en')('ticket.subject', { id: 17, subject: 'The publish button stays grey' }));
  });

  it('answers 404 for an unknown kind', async () => {
    const res = await admin({ method: 'GET', url: '/api/notification-preview/no-such-mail' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('answers 400 for a malformed language or one no unit shows', async () => {
    const bad = await admin({ method: 'GET', url: '/api/notification-preview/welcome?language=FR!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('error.validation');
    const absent = await admin({ method: 'GET', url: '/api/notification-preview/welcome?language=xx' });
    expect(absent.statusCode).toBe(400);
    expect(absent.json().message).toBe('error.internationalization.languageNotAvailable');
  });
});

describe('POST api/notification-preview/{kind}/send', () => {
  it("sends the sample to the caller's own address through the outbox", async () => {
    const before = ctx.mails().length;
    const res = await admin({ method: 'POST', url: '/api/notification-preview/account-locked/send?language=fr' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ to: adminEmail });
    const mails = ctx.mails();
    expect(mails.length).toBe(before + 1);
    // quoted-printable decoded byte by byte, then read as UTF-8
    const mail = Buffer.from(mailText(mails.at(-1) as string), 'latin1').toString('utf8');
    expect(mail).toContain(`To: ${adminEmail}`);
    // the French texts (the subject header is encoded, the body is not)
    expect(mail).toContain('Votre compte Vellum a été verrouillé après 5 tentatives');
    expect(mail).toContain('203.0.113.7');
  });

  it('sends the ticket attachment mail with its sample file attached', async () => {
    const before = ctx.mails().length;
    const res = await admin({ method: 'POST', url: '/api/notification-preview/ticket-attachment/send?language=en' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ to: adminEmail });
    const mails = ctx.mails();
    expect(mails.length).toBe(before + 1);
    const mail = mailText(mails.at(-1) as string);
    expect(mail).toContain(`To: ${adminEmail}`);
    expect(mail).toContain('Subject: [Vellum ticket #17] Attachment: publish-button.png');
    expect(mail).toMatch(/Content-Type: image\/png; name=publish-button\.png/);
    expect(mail).toMatch(/Content-Disposition: attachment; filename=publish-button\.png/);
    // the file's bytes in base64, read from the raw message (quoted-printable decoding would eat its padding)
    expect((mails.at(-1) as string).replace(/\s+/g, '')).toContain(SAMPLE_ATTACHMENT.content.toString('base64'));
  });

  it('sends nothing for an unknown kind or a bad language', async () => {
    const before = ctx.mails().length;
    expect((await admin({ method: 'POST', url: '/api/notification-preview/nope/send' })).statusCode).toBe(404);
    expect((await admin({ method: 'POST', url: '/api/notification-preview/welcome/send?language=xx' })).statusCode).toBe(400);
    expect(ctx.mails().length).toBe(before);
  });
});

describe('the registry', () => {
  it('names each kind once', () => {
    expect(new Set(NOTIFICATION_KINDS.map((k) => k.key)).size).toBe(NOTIFICATION_KINDS.length);
  });

  it('lists every mail template the product sends, and nothing else', () => {
    // a mail is sent only with a template of MAIL_TEMPLATES (the mailer's type asks for it): one missing here is a mail nobody can preview
    expect([...NOTIFICATION_KINDS.map((k) => k.key)].sort()).toEqual([...MAIL_TEMPLATES].sort());
    expect(NOTIFICATION_KINDS.map((k) => k.key)).toEqual(KINDS);
  });

  it('is the only way out: nothing but the mailer talks to nodemailer', () => {
    // a mail sent around the mailer would need no template key, and so no preview
    const src = join(import.meta.dirname, '../..');
    const sources = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const users = sources.filter((f) => /from 'nodemailer'|require\('nodemailer'\)/.test(readFileSync(join(src, f), 'utf8')));
    expect(users.map((f) => relative(src, join(src, f)))).toEqual(['platform/mail.ts']);
  });

  it('renders each kind with its own template', () => {
    const sample = { publicUrl: 'https://vellum.example', language: 'en', t: (k: string) => k };
    for (const kind of NOTIFICATION_KINDS) expect(kind.render(sample).template, kind.key).toBe(kind.key);
  });
});
