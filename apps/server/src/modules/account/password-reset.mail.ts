import type { Deps } from '../../platform/deps.js';

/**
 * The mail with the link to choose a password: 'reset' after a request, 'welcome' for a new user
 * created without a password. The link opens the admin app's reset-finish page.
 */
export async function sendPasswordMail(deps: Pick<Deps, 'config' | 'mailer'>, to: string, key: string, kind: 'reset' | 'welcome') {
  const link = `${deps.config.publicUrl}/account/reset/finish?key=${encodeURIComponent(key)}`;
  const subject = kind === 'reset' ? 'Vellum password reset' : 'Your Vellum account';
  const intro =
    kind === 'reset'
      ? 'A password reset was requested for your Vellum account.'
      : 'An account was created for you in the Vellum back-office.';
  const text = `${intro}\n\nChoose a new password here (the link is valid for 24 hours and can be used once):\n${link}\n\nIf you did not expect this mail, you can ignore it.\n`;
  const html = `<p>${intro}</p><p><a href="${link}">Choose a new password</a> (the link is valid for 24 hours and can be used once).</p><p>If you did not expect this mail, you can ignore it.</p>`;
  await deps.mailer.send({ to, subject, text, html });
}
