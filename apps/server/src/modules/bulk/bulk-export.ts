import { Readable } from 'node:stream';
import type { BulkFileFormat } from '@vellum/contract';
import type { Deps } from '../../platform/deps.js';
import { type BulkJobRow, emailOf, findJob, updateJob } from './bulk.repo.js';
import { documentExport } from './bulk-document-export.js';
import { productExport } from './bulk-export-products.js';
import { exportDownloadLink } from './bulk-links.js';
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
  /** What was exported, in the mail: "the products of Catheters", "the documents of unit-a". */
  subject: string;
  /** What the rows count: "products", "documents". */
  noun: string;
  entries(format: BulkFileFormat): AsyncIterable<ZipEntry> | Iterable<ZipEntry>;
  /** How many were written, once the entries are consumed. */
  count(): number;
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
      log: `${rows} ${source.noun} exported as ${format} (${stored.size} bytes zipped).`,
    });
  } catch (err) {
    const message = messageOf(err);
    await updateJob(deps.db, job.id, { status: 'FAILED', processedDate: new Date(), log: `The export failed: ${message}` });
    await mailUser(deps, job.userId, {
      subject: 'Your export could not be made',
      text: `The export you requested could not be made: ${message}\n`,
    });
    return;
  }
  // a mail that cannot be sent fails the attempt (logged by the queue); the export stays SUCCESS
  const link = await exportDownloadLink(deps, job);
  await mailUser(deps, job.userId, exportReadyMail({ subject: source.subject, count: source.count(), noun: source.noun, format, link }));
}

/** The mail to the user who asked for an export: what it holds and the link to download it. */
export function exportReadyMail(e: { subject: string; count: number; noun: string; format: string; link: string }) {
  return {
    subject: `Your export of ${e.subject} is ready`,
    text:
      `The export of ${e.subject} (${e.count} ${e.noun}, ${e.format}) that you requested is ready.\n\n` +
      `Download it, signed in as yourself, within 7 days:\n${e.link}\n`,
  };
}

async function mailUser(deps: Deps, userId: number | null, mail: { subject: string; text: string }): Promise<void> {
  if (userId === null) return;
  const email = await emailOf(deps.db, userId);
  if (email) await deps.mailer.send({ to: email, ...mail });
}

/** What a failure says: a query's error is in its cause, the failed statement's text is not for the user. */
function messageOf(err: unknown): string {
  const cause = (err as { cause?: unknown })?.cause;
  if (cause instanceof Error) return cause.message;
  return err instanceof Error ? err.message : String(err);
}
