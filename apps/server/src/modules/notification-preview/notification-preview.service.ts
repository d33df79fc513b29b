import { GLOBAL_BUSINESS_UNIT_ID, type NotificationPreview, type NotificationPreviewList, WEBSITE_TEXTS } from '@vellum/contract';
import type { AuthContext } from '../../platform/access.js';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
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
 * One kind rendered with its sample data in the language: the website texts as set
 * manufacturer-wide (a language no unit shows answers 400). Unknown kind → 404.
 */
export async function renderNotification(deps: Pick<Deps, 'db' | 'config'>, key: string, language: string): Promise<NotificationPreview> {
  const kind = notificationKind(key);
  if (!kind) throw notFound('notificationKind');
  const texts = await websiteTexts(deps, { 'business-unit': GLOBAL_BUSINESS_UNIT_ID, interfaceLanguageISO: language });
  const mail = kind.render({ publicUrl: deps.config.publicUrl, language, t: (k) => texts[k] ?? WEBSITE_TEXTS[k].en });
  return { kind: kind.key, language, subject: mail.subject, html: mail.html ?? null, text: mail.text };
}

/** Sends the rendered sample to the caller's own address, through the product's mailer (SMTP or the outbox). */
export async function sendNotificationSample(deps: Deps, auth: AuthContext, key: string, language: string): Promise<{ to: string }> {
  const preview = await renderNotification(deps, key, language);
  const to = auth.user.email;
  await deps.mailer.send({ to, subject: preview.subject, text: preview.text, ...(preview.html ? { html: preview.html } : {}) });
  return { to };
}
