import type { Deps } from '../../platform/deps.js';

import type { MailMessage } from '../../platform/mail.js';

/** A mail's words, without its addressee. */
export type MailContent = Pick<MailMessage, 'subject' | 'text' | 'html'>;

const resetLink = (publicUrl: string, key: string) => `${publicUrl}/account/reset/finish?key=${encodeURIComponent(key)}`;

/**
 * The mail with the link to choose a password: 'reset' after a request, 'welcome' for a new user
 * created without a password. The link opens the admin app's reset-finish page.
 */
export function passwordMail(publicUrl: string, key: string, kind: 'reset' | 'welcome'): MailContent {
  const link = resetLink(publicUrl, key);
  const subject = kind === 'reset' ? 'Vellum password reset' : 'Your Vellum account';
  const intro =
    kind === 'reset'
      ? 'A password reset was requested for your Vellum account.'
      : 'An account was created for you in the Vellum back-office.';
  const text = `${intro}\n\nChoose a new password here (the link is valid for 24 hours and can be used once):\n${link}\n\nIf you did not expect this mail, you can ignore it.\n`;
  const html = `<p>${intro}</p><p><a href="${link}">Choose a new password</a> (the link is valid for 24 hours and can be used once).</p><p>If you did not expect this mail, you can ignore it.</p>`;
  return { subject, text, html };
}

export async function sendPasswordMail(deps: Pick<Deps, 'config' | 'mailer'>, to: string, key: string, kind: 'reset' | 'welcome') {
  await deps.mailer.send({ to, ...passwordMail(deps.config.publicUrl, key, kind) });
}

/**
 * The one mail to the owner of an account that has just locked: how it happened, where the
 * attempts came from, and the way out the specification names: a reset link (`key`), or for a
 * technical account (which has no reset by mail) a word to ask an administrator.
 */
export function lockedMail(publicUrl: string, lock: { key?: string; failedAttempts: number; address: string }): MailContent {
  const what = `Your Vellum account was locked after ${lock.failedAttempts} failed sign-in attempts; the last one came from the address ${lock.address}.`;
  const warning = 'If these attempts were not yours, someone tried to guess your password: tell your administrator.';
  const subject = 'Your Vellum account is locked';
  if (!lock.key) {
    const text = `${what}\n\nAn administrator can unlock it from the user list.\n\n${warning}\n`;
    return { subject, text };
  }
  const link = resetLink(publicUrl, lock.key);
  const text = `${what}\n\nChoose a new password here to unlock it (the link is valid for 24 hours and can be used once):\n${link}\n\n${warning}\n`;
  const html = `<p>${escapeHtml(what)}</p><p><a href="${link}">Choose a new password</a> to unlock it (the link is valid for 24 hours and can be used once).</p><p>${warning}</p>`;
  return { subject, text, html };
}

export async function sendLockedMail(
  deps: Pick<Deps, 'config' | 'mailer'>,
  to: string,
  lock: { key?: string; failedAttempts: number; address: string },
) {
  await deps.mailer.send({ to, ...lockedMail(deps.config.publicUrl, lock) });
}

/** The address is text from the request; nothing of it may become markup. */
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
