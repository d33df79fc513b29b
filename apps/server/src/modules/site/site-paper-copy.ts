import { type PaperCopySiteForm, paperCopySiteForm } from '@vellum/contract';
import {
  type DownloadContext,
  type PaperCopyDocumentView,
  type PaperCopyFormView,
  PaperCopyPage,
  PaperCopyRefusedPage,
  PaperCopySentPage,
  renderHtml,
  siteUrls,
} from '@vellum/site-views';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { AppError } from '../../platform/errors.js';
import { requestPaperCopy } from '../paper-copy-requests/index.js';
import { type DownloadableFile, fileForDownload, type LivePublication, productDocuments } from '../public-read/index.js';
import { choiceOf, textsOf, unitView } from './site-context.js';
import { checkFormToken, formToken } from './site-form-token.js';
import { id, seeOther, sendPage, text } from './site-http.js';
import { type SiteLimit, siteLimit } from './site-limits.js';
import { type SiteMode, siteAnswers } from './site-mode.js';
import { fileSummaryOf, productSegment, sendNotFound } from './site-pages.js';

/**
 * A free paper copy of a file's instructions for use (EU 2021/2226; issue 12, decisions 0041 and
 * 0044): the form under the file's download URL, in the product context of the product page,
 * sent with a plain POST (no JavaScript), and its confirmation. A request is refused without a
 * trace when it did not come from this site (Origin/Referer), comes too often from one address or
 * for one e-mail address, fills the trap field or is sent sooner than a person could fill it. A
 * preview shows the same form but records nothing and mails nothing.
 */

const html = { config: { access: 'public' as const }, schema: { hide: true } };

/** Sendings of the form per client address per hour, and stored requests per e-mail address per day. */
export const PAPER_COPY_PER_ADDRESS_PER_HOUR = 10;
export const PAPER_COPY_PER_EMAIL_PER_DAY = 5;
const HOUR_MS = 60 * 60 * 1000;
/** The largest form body read: the fields' limits are far below. */
const FORM_BODY_LIMIT = 16 * 1024;
/** The longest value read from a field before validation (longer ones are refused as too long). */
const FIELD_READ_MAX = 2_000;

type Params = Record<string, string>;
type Query = Record<string, unknown>;
type Fields = PaperCopyFormView['fields'];
type FieldName = keyof Fields;
const FIELD_NAMES: FieldName[] = ['name', 'street', 'postcode', 'city', 'country', 'email', 'language'];

/** A form value as sent: one string, at most FIELD_READ_MAX characters. */
function formValue(body: Record<string, unknown>, name: string): string {
  const v = body[name];
  const one = Array.isArray(v) ? v[0] : v;
  return typeof one === 'string' ? one.slice(0, FIELD_READ_MAX) : '';
}

const displayName = (type: 'region' | 'language', language: string, code: string) => {
  try {
    return new Intl.DisplayNames([language], { type, fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
};

export function paperCopyPages(app: FastifyInstance, mode: SiteMode) {
  const { db, mailer, config } = app.deps;
  const at = mode.prefix;
  const { liveOrAnswer } = siteAnswers(mode);
  // the visitors' limits (a preview is a signed-in user's and records nothing)
  const perAddress =
    mode.prefix === '/site' ? siteLimit(app, 'paper-copy:address', PAPER_COPY_PER_ADDRESS_PER_HOUR, { windowMs: HOUR_MS }) : null;
  const emailOf = new WeakMap<FastifyRequest, string>();
  const perEmail =
    mode.prefix === '/site'
      ? siteLimit(app, 'paper-copy:email', PAPER_COPY_PER_EMAIL_PER_DAY, {
          windowMs: 24 * HOUR_MS,
          keyOf: (req) => `email:${emailOf.get(req) ?? ''}`,
        })
      : null;

  /** The file of the URL for the product context of its query, as the product page listed it; null → 404 sent. */
  async function target(req: FastifyRequest, reply: FastifyReply, now: Date) {
    const p = req.params as Params;
    const q = req.query as Query;
    const s = await liveOrAnswer(req, reply, p.bu, now, text(q.language));
    if (!s) return null;
    const notFound = async () => {
      await sendNotFound(req, reply, s, now, text(q.language));
      return null;
    };
    const fileId = id(p.fileId);
    const productId = id(q.product);
    const v = choiceOf(s.live.site, text(q.country), text(q.language), text(q.audience));
    if (!fileId || !productId || !v) return notFound();
    const lot = text(q.lot) || undefined;
    const visitor = { audience: v.audience, country: v.choice.country, language: v.choice.language, lot, productId };
    const file = await fileForDownload(db, s.live, { fileId }, visitor, now);
    if (!file || file.file.fileId !== fileId) return notFound();
    const docs = await productDocuments(db, s.live, productId, visitor, now);
    const languages = docs?.flatMap((x) => x.files).find((f) => f.fileId === fileId)?.languages ?? [];
    const ctx: DownloadContext = { ...v.choice, productId, lot };
    const type = s.live.site.productTypes.find((t) => t.id === file.productTypeId);
    const view: PaperCopyDocumentView = {
      ...fileSummaryOf(file),
      backUrl: type
        ? siteUrls.product(s.root, v.choice, type.slug, productSegment({ keyCode: file.keyCode, productId }), lot)
        : siteUrls.types(s.root, v.choice),
    };
    return { s, v, file, fileId, ctx, languages, view };
  }
  type Target = NonNullable<Awaited<ReturnType<typeof target>>>;

  const scopeOf = (t: Target) => `${t.s.live.site.unit.slug}/${t.fileId}`;

  /** The languages a copy may be asked in: the file's, then the visitor's (named in the visitor's language). */
  const copyLanguages = (t: Target) =>
    [...new Set([...t.languages.map((l) => l.toLowerCase()), t.v.choice.language])].map((code) => ({
      isoCode: code,
      name: displayName('language', t.v.choice.language, code),
    }));
  const countries = (t: Target) =>
    t.s.live.site.regions
      .flatMap((r) => r.countries)
      .map((c) => ({ isoCode: c.isoCode, name: displayName('region', t.v.choice.language, c.isoCode) }))
      .sort((a, b) => a.name.localeCompare(b.name, t.v.choice.language));

  function frame(t: Target) {
    return {
      unit: unitView(t.s, t.v.choice.language),
      language: t.v.language,
      t: t.v.t,
      choice: t.v.choice,
      audienceName: t.v.audienceName,
    };
  }

  /** The form (200 when shown, 400 when refused), with a fresh token; never cached (the token has a time). */
  function sendForm(
    req: FastifyRequest,
    reply: FastifyReply,
    t: Target,
    now: Date,
    status: number,
    fields: Fields,
    problem: string | null,
    shownAt: Date = now,
  ) {
    const languages = copyLanguages(t);
    const form: PaperCopyFormView = {
      action: siteUrls.paperCopy(t.s.root, t.fileId, t.ctx),
      token: formToken(config.tokenSecret, scopeOf(t), shownAt),
      fields,
      countries: countries(t),
      languages,
      problem,
    };
    const page = createElement(PaperCopyPage, { ...frame(t), document: t.view, form });
    reply.header('x-robots-tag', 'noindex');
    return sendPage(req, reply, status, renderHtml(page), { kind: 'none' }, now);
  }

  function sendRefused(req: FastifyRequest, reply: FastifyReply, t: Target, now: Date, reason: 'tooMany' | 'refused') {
    const page = createElement(PaperCopyRefusedPage, { ...frame(t), reason, backUrl: t.view.backUrl });
    return sendPage(req, reply, reason === 'tooMany' ? 429 : 403, renderHtml(page), { kind: 'none' }, now);
  }

  // the form, prefilled with the visitor's country and language
  app.get(`${at}/:bu/files/:fileId/paper-copy`, html, async (req, reply) => {
    const now = new Date();
    const t = await target(req, reply, now);
    if (!t) return;
    const languages = copyLanguages(t).map((l) => l.isoCode);
    const fields: Fields = {
      name: { value: '' },
      street: { value: '' },
      postcode: { value: '' },
      city: { value: '' },
      country: { value: t.v.choice.country.toUpperCase() },
      email: { value: '' },
      language: { value: languages.includes(t.v.choice.language) ? t.v.choice.language : languages[0] },
    };
    return sendForm(req, reply, t, now, 200, fields, null);
  });

  // the form sent: checked, stored and confirmed by e-mail, then the confirmation page (303)
  app.register(async (forms) => {
    // plain HTML forms send application/x-www-form-urlencoded; only these routes read it
    forms.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    forms.post(`${at}/:bu/files/:fileId/paper-copy`, html, async (req, reply) => {
      const now = new Date();
      const t = await target(req, reply, now);
      if (!t) return;
      if (!sameOrigin(req)) return sendRefused(req, reply, t, now, 'refused');
      if (perAddress && !(await allowed(perAddress, req, reply))) return sendRefused(req, reply, t, now, 'tooMany');
      const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
      const sent = Object.fromEntries(FIELD_NAMES.map((n) => [n, { value: formValue(body, n) }])) as Fields;
      const tr = t.v.t;

      // the trap field: the form again, as if something had gone wrong
      if (formValue(body, 'homepage') !== '') return sendForm(req, reply, t, now, 400, sent, tr('paperCopy.error.retry'));
      // a genuine token keeps the moment its form was first shown when the form comes back
      const token = checkFormToken(config.tokenSecret, scopeOf(t), formValue(body, 'token'), now);

      const parsed = paperCopySiteForm.safeParse(Object.fromEntries(FIELD_NAMES.map((n) => [n, sent[n].value])));
      const errors = new Map<FieldName, string>();
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = issue.path[0] as FieldName;
          if (errors.has(field)) continue;
          const empty = sent[field]?.value.trim() === '';
          errors.set(
            field,
            empty || issue.message === 'NotBlank'
              ? tr('paperCopy.error.required')
              : issue.message === 'Size'
                ? tr('paperCopy.error.tooLong')
                : field === 'email'
                  ? tr('paperCopy.error.email')
                  : tr('paperCopy.error.invalid'),
          );
        }
      }
      // only what the form offered: a country of the site, a language of the file or the visitor's
      const country = sent.country.value.trim().toUpperCase();
      if (!errors.has('country') && !countries(t).some((c) => c.isoCode === country)) errors.set('country', tr('paperCopy.error.invalid'));
      if (!errors.has('language') && !copyLanguages(t).some((l) => l.isoCode === sent.language.value)) {
        errors.set('language', tr('paperCopy.error.invalid'));
      }
      if (!parsed.success || errors.size > 0) {
        for (const [field, message] of errors) sent[field] = { ...sent[field], error: message };
        return sendForm(req, reply, t, now, 400, sent, tr('paperCopy.error.summary'), token.shownAt);
      }
      // sent sooner than a person could fill it, forged, of another form or too old: a person sends it again
      if (token.check !== 'ok') return sendForm(req, reply, t, now, 400, sent, tr('paperCopy.error.retry'), token.shownAt);
      const form = parsed.data;

      const sentUrl = (mailed: boolean) => siteUrls.paperCopySent(t.s.root, t.fileId, t.ctx, mailed);
      // a preview shows the way through, and records nothing
      if (t.s.preview) return seeOther(reply, sentUrl(true), { kind: 'none' });

      emailOf.set(req, form.email);
      if (perEmail && !(await allowed(perEmail, req, reply))) return sendRefused(req, reply, t, now, 'tooMany');

      try {
        const receipt = await requestPaperCopy(
          { db, mailer },
          {
            ...documentOf(t.s.live, t.file),
            name: form.name,
            postalAddress: postalAddress(form),
            email: form.email,
            language: form.language,
          },
          now,
          textsOf(t.s.live.site, t.v.choice.language),
        );
        return seeOther(reply, sentUrl(receipt.mailed), { kind: 'none' });
      } catch (err) {
        // what the service refuses beyond the form's own rules (nothing was written)
        if (err instanceof AppError && err.status === 400) return sendForm(req, reply, t, now, 400, sent, tr('paperCopy.error.retry'));
        throw err;
      }
    });
  });

  // the confirmation: free, posted within 7 days, e-mail sent (or not); a preview says nothing was recorded
  app.get(`${at}/:bu/files/:fileId/paper-copy/sent`, html, async (req, reply) => {
    const now = new Date();
    const t = await target(req, reply, now);
    if (!t) return;
    const mailed = text((req.query as Query).mailed) !== '0';
    const page = createElement(PaperCopySentPage, { ...frame(t), document: t.view, mailed, preview: t.s.preview !== null });
    reply.header('x-robots-tag', 'noindex');
    return sendPage(req, reply, 200, renderHtml(page), { kind: 'none' }, now);
  });
}

/** The request's document as the live publication names it (never what the visitor sent). */
function documentOf(live: LivePublication, file: DownloadableFile) {
  return {
    businessUnitId: live.businessUnitId,
    publicationNumber: live.number,
    productTypeId: file.productTypeId,
    productTypeName: file.productTypeName,
    keyCode: file.keyCode,
    documentId: file.document.documentId,
    documentNumber: file.document.storedNumber,
    documentName: file.document.name,
    fileId: file.file.fileId,
    fileName: file.file.name,
    versionLabel: file.version.label,
  };
}

/** The address as the team will write it on the envelope: street, postcode and city, country (in English). */
function postalAddress(form: PaperCopySiteForm): string {
  return [form.street, `${form.postcode} ${form.city}`, displayName('region', 'en', form.country)].join('\n');
}

/**
 * Whether a POST came from a page of this site: an Origin (or, without one, a Referer) must name
 * this server's own origin. Neither header (an old client, a privacy tool): allowed, the form
 * token still has to be genuine.
 */
function sameOrigin(req: FastifyRequest): boolean {
  const origin = req.headers.origin;
  const referer = req.headers.referer;
  const claimed = typeof origin === 'string' ? origin : typeof referer === 'string' ? referer : undefined;
  if (claimed === undefined) return true;
  try {
    return new URL(claimed).origin === new URL(`${req.protocol}://${req.host}`).origin;
  } catch {
    return false;
  }
}

/** Counts the request against a limit; false (with Retry-After set) once it is exceeded. */
async function allowed(limit: SiteLimit, req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const r = await limit(req);
  if (r.allowed) return true;
  reply.header('retry-after', String(r.retryAfter));
  return false;
}
