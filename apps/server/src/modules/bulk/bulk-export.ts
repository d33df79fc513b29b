import { Readable } from 'node:stream';
import type { BulkFileFormat } from '@vellum/contract';
import type { Deps } from '../../platform/deps.js';
import type { MailContent } from '../../platform/mail.js';
import { type MailT, mailTexts } from '../../platform/mail-texts.js';
import { type BulkJobRow, findJob, recipientOf, updateJob } from './bulk.repo.js';
import { documentExport } from './bulk-document-export.js';
import { productExport } from './bulk-export-products.js';
import { EXPORT_LINK_DAYS, exportDownloadLink } from './bulk-links.js';
import { type ZipEntry, zipEntries } from './bulk-sheet.js';

/** The queue of exports and what its jobs carry. */
export const EXPORT_QUEUE = 'bulk-export';
export interface ExportJobData {
  jobId: number;
}

/**
 * What an export of one entity writes (decision 0058): the entries of its zip (the sheet first,
 * then for documents the binaries), pulled one chunk at a time, and the words of its mail.
 */
export interface ExportSource {
  /** What was exported, in the mail: "the products of Catheters", "the documents of unit-a" in the reader's language. */
  what: ExportWhat;
  entries(format: BulkFileFormat): AsyncIterable<ZipEntry> | Iterable<ZipEntry>;
  /** How many were written, once the entries are consumed. */
  count(): number;
}

/** What an export holds: the products of a product type or the documents of a unit, by name. */
export interface ExportWhat {
  entity: 'products' | 'documents';
  name: string;
}

/** The source of a job's export, or an error whose message says why there is none. */
function sourceOf(deps: Deps, job: BulkJobRow): Promise<ExportSource> {
  return job.entity === 'DOCUMENT' ? documentExport(deps, job) : productExport(deps, job);
}

/**
 * Runs an export job: its entity's sheet (and binaries) zipped and stored as they are written,
 * then the user is mailed the download link. A failure is written to the job's log (FAILED) and
 * the user told; the job is not retried for it.
 */
export async function runExport(deps: Deps, data: ExportJobData): Promise<void> {
  const job = await findJob(deps.db, data.jobId);
  if (job?.kind !== 'EXPORT' || job.status !== 'PROCESSING') return;
  const format = job.fileFormat as BulkFileFormat;
  let source: ExportSource;
  try {
    source = await sourceOf(deps, job);
    const stored = await deps.files.putStream('bulk-exports', Readable.from(zipEntries(source.entries(format))), 'zip', {
      contentType: 'application/zip',
    });
    const rows = source.count();
    await updateJob(deps.db, job.id, {
      status: 'SUCCESS',
      storageKey: stored.key,
      rowsTotal: rows,
      rowsDone: rows,
      processedDate: new Date(),
      log: `${rows} ${source.what.entity} exported as ${format} (${stored.size} bytes zipped).`,
    });
  } catch (err) {
    const message = messageOf(err);
    await updateJob(deps.db, job.id, { status: 'FAILED', processedDate: new Date(), log: `The export failed: ${message}` });
    await mailUser(deps, job.userId, (language) => exportFailedMail(message, language));
    return;
  }
  // a mail that cannot be sent fails the attempt (logged by the queue); the export stays SUCCESS
  const link = await exportDownloadLink(deps, job);
  const count = source.count();
  await mailUser(deps, job.userId, (language) => exportReadyMail({ what: source.what, count, format, link }, language));
}

/** The words of what an export holds, in a language: "the products of Catheters" and "products". */
export function exportWords(what: ExportWhat, t: MailT): { what: string; noun: string } {
  return { what: t(`export.${what.entity}`, { name: what.name }), noun: t(`export.${what.entity}.noun`) };
}

/** The mail to the user who asked for an export, in their language: what it holds and the link to download it. */
export function exportReadyMail(e: { what: ExportWhat; count: number; format: string; link: string }, language = 'en'): MailContent {
  const t = mailTexts(language);
  const { what, noun } = exportWords(e.what, t);
  return {
    template: 'export-ready',
    subject: t('exportReady.subject', { what }),
    text:
      `${t('exportReady.body', { what, count: e.count, noun, format: e.format })}\n\n` +
      `${t('exportReady.download', { days: EXPORT_LINK_DAYS })}\n${e.link}\n`,
  };
}

/** The mail to the user who asked for an export that could not be made, in their language: the reason. */
export function exportFailedMail(reason: string, language = 'en'): MailContent {
  const t = mailTexts(language);
  return { template: 'export-failed', subject: t('exportFailed.subject'), text: `${t('exportFailed.body', { reason })}\n` };
}

/** Mails the user who asked, in their language setting. */
async function mailUser(deps: Deps, userId: number | null, mail: (language: string) => MailContent): Promise<void> {
  if (userId === null) return;
  const user = await recipientOf(deps.db, userId);
  if (user) await deps.mailer.send({ to: user.email, ...mail(user.langKey) });
}

/** What a failure says: a query's error is in its cause, the failed statement's text is not for the user. */
function messageOf(err: unknown): string {
  const cause = (err as { cause?: unknown })?.cause;
  if (cause instanceof Error) return cause.message;
  return err instanceof Error ? err.message : String(err);
}
