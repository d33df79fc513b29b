import { WEBSITE_TEXTS, type WebsiteTextKey } from '@vellum/contract';
import type { Deps } from '../../platform/deps.js';
import type { MailContent } from '../../platform/mail.js';
import type { PaperCopyRequestRow } from './paper-copy-requests.repo.js';

/** A text of the confirmation in the visitor's language (the site's translator), English by default. */
export type MailTexts = (key: WebsiteTextKey) => string;
export const englishMailTexts: MailTexts = (key) => WEBSITE_TEXTS[key].en;

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
/** The date the copy is due, as a day (UTC), the form the regulation counts in. */
const day = (d: Date) => d.toISOString().slice(0, 10);
/** A translated text with its {{placeholders}} filled; a translation without one simply leaves it out. */
const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

/**
 * The confirmation to the requester: what will be sent, where and by when. Plain text only, so
 * nothing the visitor typed can become markup. Its texts are website texts (`paperCopy.mail.*`),
 * in the language the visitor read the site in (decision 0044); English without a translator.
 */
export async function sendPaperCopyConfirmation(
  deps: Pick<Deps, 'mailer'>,
  row: PaperCopyRequestRow,
  unitName: string,
  t: MailTexts = englishMailTexts,
): Promise<void> {
  await deps.mailer.send({ to: row.email, ...paperCopyConfirmationMail(row, unitName, t) });
}

/** What a request's confirmation says (subject and plain text), from the facts the mail names. */
export type PaperCopyMailFacts = Pick<
  PaperCopyRequestRow,
  | 'id'
  | 'fileName'
  | 'versionLabel'
  | 'keyCode'
  | 'productTypeName'
  | 'documentNumber'
  | 'documentName'
  | 'language'
  | 'requesterName'
  | 'dueDate'
  | 'postalAddress'
>;

export function paperCopyConfirmationMail(row: PaperCopyMailFacts, unitName: string, t: MailTexts = englishMailTexts): MailContent {
  const file = row.fileName ? oneLine(row.fileName) : undefined;
  const version = row.versionLabel ? oneLine(row.versionLabel) : undefined;
  const product = row.keyCode ? `${oneLine(row.keyCode)}${row.productTypeName ? ` (${oneLine(row.productTypeName)})` : ''}` : undefined;
  const documentLine = [row.documentNumber, row.documentName]
    .map(oneLine)
    .filter((s) => s !== '')
    .join(' – ');
  const what = [
    `  ${documentLine}`,
    file ? `  ${version ? fill(t('paperCopy.mail.fileVersion'), { file, version }) : fill(t('paperCopy.mail.file'), { file })}` : undefined,
    product ? `  ${fill(t('paperCopy.mail.product'), { product })}` : undefined,
    `  ${fill(t('paperCopy.mail.language'), { language: row.language.toUpperCase() })}`,
  ].filter((line) => line !== undefined);
  const text = [
    fill(t('paperCopy.mail.greeting'), { name: oneLine(row.requesterName) }),
    '',
    fill(t('paperCopy.mail.received'), { unit: oneLine(unitName) }),
    '',
    ...what,
    '',
    fill(t('paperCopy.mail.due'), { date: day(row.dueDate) }),
    '',
    ...row.postalAddress.split('\n').map((line) => `  ${line}`),
    '',
    fill(t('paperCopy.mail.number'), { number: row.id }),
    '',
    t('paperCopy.mail.ignore'),
    '',
  ].join('\n');
  const subject = oneLine(fill(t('paperCopy.mail.subject'), { document: row.documentNumber || row.documentName }));
  return { template: 'paper-copy-confirmation', subject, text };
}
