import { GLOBAL_BUSINESS_UNIT_ID, type NotificationPreview, type NotificationPreviewList, WEBSITE_TEXTS } from '@vellum/contract';
import type { AuthContext } from '../../platform/access.js';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import type { MailContent } from '../../platform/mail.js';
import { manufacturerLanguages, websiteTexts } from '../internationalizations/website-translations.service.js';
import { NOTIFICATION_KINDS, notificationKind } from './notification-kinds.js';

/** Every kind of e-mail, and the interface languages (any unit's) to preview them in. */
export async function listNotificationKinds(deps: Pick<Deps, 'db'>): Promise<NotificationPreviewList> {
  return {
    kinds: NOTIFICATION_KINDS.map(({ key, name, description, translated }) => ({ key, name, description, translated })),
    languages: await manufacturerLanguages(deps),
  };
}

/**
 * One kind rendered with its sample data in the language, by the template the product sends it with:
 * the website texts as set manufacturer-wide (a language no unit shows answers 400). Unknown kind → 404.
 */
async function renderSample(deps: Pick<Deps, 'db' | 'config'>, key: string, language: string): Promise<MailContent> {
  const kind = notificationKind(key);
  if (!kind) throw notFound('notificationKind');
  const texts = await websiteTexts(deps, { 'business-unit': GLOBAL_BUSINESS_UNIT_ID, interfaceLanguageISO: language });
  return kind.render({ publicUrl: deps.config.publicUrl, language, t: (k) => texts[k] ?? WEBSITE_TEXTS[k].en });
}

/** The sample as the screen shows it: subject, HTML, text, and the files it carries named (not their bytes). */
export async function renderNotification(deps: Pick<Deps, 'db' | 'config'>, key: string, language: string): Promise<NotificationPreview> {
  const mail = await renderSample(deps, key, language);
  return {
    kind: mail.template,
    language,
    subject: mail.subject,
    html: mail.html ?? null,
    text: mail.text,
    attachments: (mail.attachments ?? []).map((a) => ({ fileName: a.filename, contentType: a.contentType, size: a.content.length })),
  };
}

/** Sends the rendered sample, with its sample files, to the caller's own address through the product's mailer (SMTP or the outbox). */
export async function sendNotificationSample(deps: Deps, auth: AuthContext, key: string, language: string): Promise<{ to: string }> {
  const mail = await renderSample(deps, key, language);
  const to = auth.user.email;
  await deps.mailer.send({ to, ...mail });
  return { to };
}
