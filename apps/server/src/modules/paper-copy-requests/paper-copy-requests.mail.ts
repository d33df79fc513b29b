import type { Deps } from '../../platform/deps.js';
import type { PaperCopyRequestRow } from './paper-copy-requests.repo.js';

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
/** The date the copy is due, as a day (UTC), the form the regulation counts in. */
const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The confirmation to the requester: what will be sent, where and by when. Plain text only, so
 * nothing the visitor typed can become markup. English for now (decision 0041).
 */
export async function sendPaperCopyConfirmation(deps: Pick<Deps, 'mailer'>, row: PaperCopyRequestRow, unitName: string): Promise<void> {
  const what = [
    `  ${oneLine(row.documentNumber)} – ${oneLine(row.documentName)}`,
    row.fileName ? `  File: ${oneLine(row.fileName)}${row.versionLabel ? `, version ${oneLine(row.versionLabel)}` : ''}` : undefined,
    row.keyCode ? `  Product: ${oneLine(row.keyCode)}${row.productTypeName ? ` (${oneLine(row.productTypeName)})` : ''}` : undefined,
    `  Language: ${row.language}`,
  ].filter((line) => line !== undefined);
  const text = [
    `Dear ${oneLine(row.requesterName)},`,
    '',
    `${oneLine(unitName)} received your request for a free paper copy of these instructions for use:`,
    '',
    ...what,
    '',
    `It will be sent to you free of charge by ${day(row.dueDate)} at the latest (within 7 days of your request), to this address:`,
    '',
    ...row.postalAddress.split('\n').map((line) => `  ${line}`),
    '',
    `Your request number is ${row.id}.`,
    '',
    'If you did not make this request, you can ignore this mail.',
    '',
  ].join('\n');
  await deps.mailer.send({ to: row.email, subject: oneLine(`Your paper copy of ${row.documentNumber}`), text });
}
