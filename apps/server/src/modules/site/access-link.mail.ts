import type { WebsiteTextKey } from '@vellum/contract';
import type { MailContent } from '../../platform/mail.js';

/**
 * The mail with a visitor's single-use link to a unit's restricted documents, in the language
 * the visitor read the site in (website texts `access.mail.*`). Plain text only.
 */
export function accessLinkMail(t: (key: WebsiteTextKey) => string, unitName: string, link: string): MailContent {
  const text = `${t('access.mail.body').replace('{{unit}}', unitName)}\n\n${link}\n\n${t('access.mail.ignore')}\n`;
  return { template: 'restricted-document-link', subject: t('access.mail.subject'), text };
}
