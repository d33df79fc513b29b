import type { Deps } from '../../platform/deps.js';
import type { MailContent } from '../../platform/mail.js';
import { mailTexts } from '../../platform/mail-texts.js';

const resetLink = (publicUrl: string, key: string) => `${publicUrl}/account/reset/finish?key=${encodeURIComponent(key)}`;

/**
 * The mail with the link to choose a password: 'reset' after a request, 'welcome' for a new user
 * created without a password, in the recipient's language. The link opens the admin app's reset-finish page.
 */
export function passwordMail(publicUrl: string, key: string, kind: 'reset' | 'welcome', language = 'en'): MailContent {
  const t = mailTexts(language);
  const link = resetLink(publicUrl, key);
  const subject = t(kind === 'reset' ? 'reset.subject' : 'welcome.subject');
  const intro = t(kind === 'reset' ? 'reset.intro' : 'welcome.intro');
  const text = `${intro}\n\n${t('password.choose')}\n${link}\n\n${t('password.ignore')}\n`;
  const html = `<p>${escapeHtml(intro)}</p><p><a href="${link}">${escapeHtml(t('password.link'))}</a> ${escapeHtml(t('password.validity'))}</p><p>${escapeHtml(t('password.ignore'))}</p>`;
  return { template: kind === 'reset' ? 'password-reset' : 'welcome', subject, text, html };
}

export async function sendPasswordMail(
  deps: Pick<Deps, 'config' | 'mailer'>,
  to: { email: string; langKey: string },
  key: string,
  kind: 'reset' | 'welcome',
) {
  await deps.mailer.send({ to: to.email, ...passwordMail(deps.config.publicUrl, key, kind, to.langKey) });
}

/**
 * The one mail to the owner of an account that has just locked, in their language: how it happened,
 * where the attempts came from, and the way out the specification names: a reset link (`key`), or for
 * a technical account (which has no reset by mail) a word to ask an administrator.
 */
export function lockedMail(
  publicUrl: string,
  lock: { key?: string; failedAttempts: number; address: string },
  language = 'en',
): MailContent {
  const t = mailTexts(language);
  const what = t('locked.what', { attempts: lock.failedAttempts, address: lock.address });
  const warning = t('locked.warning');
  const subject = t('locked.subject');
  if (!lock.key) {
    const text = `${what}\n\n${t('locked.admin')}\n\n${warning}\n`;
    return { template: 'account-locked', subject, text };
  }
  const link = resetLink(publicUrl, lock.key);
  const text = `${what}\n\n${t('locked.choose')}\n${link}\n\n${warning}\n`;
  const html = `<p>${escapeHtml(what)}</p><p><a href="${link}">${escapeHtml(t('password.link'))}</a> ${escapeHtml(t('locked.validity'))}</p><p>${escapeHtml(warning)}</p>`;
  return { template: 'account-locked', subject, text, html };
}

export async function sendLockedMail(
  deps: Pick<Deps, 'config' | 'mailer'>,
  to: { email: string; langKey: string },
  lock: { key?: string; failedAttempts: number; address: string },
) {
  await deps.mailer.send({ to: to.email, ...lockedMail(deps.config.publicUrl, lock, to.langKey) });
}

/** The address is text from the request; nothing of it may become markup. */
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
