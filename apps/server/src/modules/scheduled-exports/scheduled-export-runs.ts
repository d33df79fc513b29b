import type { DbOrTx } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { requireRight } from '../../platform/access.js';
import { type Actor, audit } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import type { MailContent } from '../../platform/mail.js';
import { mailTexts } from '../../platform/mail-texts.js';
import { exportWords, runExport } from '../bulk/bulk-export.js';
import { EXPORT_LINK_DAYS } from '../bulk/bulk-links.js';
import { nextRunAfter } from './next-run.js';
import { checkScheduledDownloadToken, scheduledDownloadLink } from './scheduled-export-links.js';
import * as repo from './scheduled-exports.repo.js';
import { scheduledExportNotFound } from './scheduled-exports.service.js';

/** The queue the cron sends every 15 minutes: it takes the due schedules. */
export const SCHEDULED_TICK_QUEUE = 'scheduled-export-tick';
export const SCHEDULED_TICK_CRON = '*/15 * * * *';
/** The queue of one scheduled export: the products' or documents' export, then the recipients' mails. */
export const SCHEDULED_RUN_QUEUE = 'scheduled-export-run';
export interface ScheduledRunData {
  jobId: number;
  scheduledExportId: number;
  /** The addresses as they were when the run was queued. */
  recipients: string[];
}
/** Schedules taken by one transaction of a tick; a tick takes batches until none is due. */
const TICK_BATCH = 50;

/**
 * The tick (decision 0059): takes the active schedules whose `next_run_at` has come, locked with
 * FOR UPDATE SKIP LOCKED so that the ticks of several workers never take one twice, writes an
 * export job row for each (as a requested export's, without a user: the recipients get the mail),
 * advances `next_run_at` past `now` (missed runs are not made up) and, once committed, queues the
 * runs. `now` is injected by the tests. Answers the export jobs queued.
 */
export async function tick(deps: Deps, now = new Date()): Promise<number[]> {
  const queued: number[] = [];
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const due = await repo.lockDueSchedules(tx, now, TICK_BATCH);
      const runs: ScheduledRunData[] = [];
      for (const s of due) runs.push(await writeRun(tx, null, s, now, nextRunAfter(s, now)));
      return runs;
    });
    queued.push(...(await queueRuns(deps, batch, now)));
    if (batch.length < TICK_BATCH) return queued;
  }
}

/**
 * A run of a schedule, in the caller's transaction: the export job row (as a requested export's,
 * without a user: the recipients get the mail), the schedule's last run, and the audit row.
 */
async function writeRun(
  tx: DbOrTx,
  actor: Actor | null,
  s: repo.ScheduledExportRow,
  now: Date,
  nextRunAt: Date | null,
): Promise<ScheduledRunData> {
  const job = await repo.insertExportJob(tx, {
    businessUnitId: s.businessUnitId,
    entity: s.entity,
    productTypeId: s.productTypeId,
    userId: null,
    userLogin: s.createdByLogin,
    kind: 'EXPORT',
    status: 'PROCESSING',
    fileFormat: s.fileFormat,
    log: `Scheduled export ${s.id}${actor ? `, run now by ${actor.login ?? actor.userId}` : ''}.`,
  });
  await repo.markRun(tx, s.id, { lastRunAt: now, nextRunAt, lastJobId: job.id });
  await audit(tx, actor, {
    businessUnitId: s.businessUnitId,
    entityName: 'bulk_job',
    entityId: job.id,
    action: 'EXPORT_SCHEDULED',
    changes: {
      scheduledExport: { from: null, to: s.id },
      entity: { from: null, to: s.entity },
      productType: { from: null, to: s.productTypeId },
      fileFormat: { from: null, to: s.fileFormat },
      recipients: { from: null, to: s.recipients },
    },
  });
  return { jobId: job.id, scheduledExportId: s.id, recipients: s.recipients };
}

/** After the commit: on PGlite a pg-boss statement cannot run inside a Drizzle transaction. */
async function queueRuns(deps: Deps, runs: ScheduledRunData[], now: Date): Promise<number[]> {
  const queued: number[] = [];
  for (const run of runs) {
    try {
      await deps.jobs.send<ScheduledRunData>(SCHEDULED_RUN_QUEUE, run);
      queued.push(run.jobId);
    } catch {
      await repo.failExportJob(deps.db, run.jobId, 'The scheduled export could not be queued.', now);
    }
  }
  return queued;
}

/**
 * POST api/scheduled-exports/{id}/run: the schedule's export now, as a run on the schedule (its
 * recipients mailed), audited with the user who asked; the next run stays where it was.
 */
export async function runScheduledExportNow(deps: Deps, actor: Actor, id: number, now = new Date()): Promise<{ id: number }> {
  const run = await deps.db.transaction(async (tx) => {
    const s = await repo.findScheduledExportForUpdate(tx, id);
    if (!s) throw scheduledExportNotFound();
    return writeRun(tx, actor, s, now, s.nextRunAt);
  });
  const [queued] = await queueRuns(deps, [run], now);
  if (queued === undefined) throw new Error('The scheduled export could not be queued.');
  return { id: queued };
}

/**
 * One scheduled export: the products' export job (zipped, stored), then each recipient is mailed
 * a link of their own, or the reason it failed. A mail that cannot be sent fails the attempt
 * (retried by the queue; the export is not made again).
 */
export async function runScheduledExport(deps: Deps, data: ScheduledRunData, now = () => new Date()): Promise<void> {
  await runExport(deps, { jobId: data.jobId });
  const job = await repo.findExportJob(deps.db, data.jobId);
  if (!job) return;
  const entity = job.entity === 'DOCUMENT' ? 'documents' : 'products';
  for (const to of data.recipients) {
    if (job.status !== 'SUCCESS' && job.status !== 'FAILED') continue;
    // the recipient's language setting when the address is a user's, otherwise the unit's first language
    const language = (await repo.languageOfAddress(deps.db, to)) ?? job.unitLanguages?.[0] ?? 'en';
    const t = mailTexts(language);
    const name = (entity === 'documents' ? job.unitName : job.productTypeName) ?? null;
    const words = name
      ? exportWords({ entity, name }, t)
      : {
          what: t(entity === 'documents' ? 'export.unknownUnitDocuments' : 'export.deletedProductTypeProducts'),
          noun: t(`export.${entity}.noun`),
        };
    if (job.status === 'SUCCESS') {
      const link = await scheduledDownloadLink(deps, job.id, to, now());
      const mail = scheduledExportReadyMail({ ...words, rows: job.rowsTotal ?? 0, format: job.fileFormat, to, link }, language);
      await deps.mailer.send({ to, ...mail });
    } else {
      await deps.mailer.send({ to, ...scheduledExportFailedMail({ what: words.what, log: job.log ?? '' }, language) });
    }
  }
}

/** The mail to each recipient of a scheduled export that was made, in their language: what it holds and their own link. */
export function scheduledExportReadyMail(
  e: { what: string; rows: number; noun: string; format: string | null; to: string; link: string },
  language = 'en',
): MailContent {
  const t = mailTexts(language);
  return {
    template: 'scheduled-export-ready',
    subject: t('scheduledReady.subject', { what: e.what }),
    text:
      `${t('scheduledReady.body', { what: e.what, count: e.rows, noun: e.noun, format: String(e.format) })}\n\n` +
      `${t('scheduledReady.download', { days: EXPORT_LINK_DAYS, to: e.to })}\n${e.link}\n`,
  };
}

/** The mail to each recipient of a scheduled export that could not be made, in their language: what and why (the job's log). */
export function scheduledExportFailedMail(e: { what: string; log: string }, language = 'en'): MailContent {
  const t = mailTexts(language);
  return {
    template: 'scheduled-export-failed',
    subject: t('scheduledFailed.subject', { what: e.what }),
    text: `${t('scheduledFailed.body', { what: e.what })}\n\n${e.log}\n`,
  };
}

/** The zip of a scheduled export, for a recipient signed in with the link of their e-mail and BULK_EXPORT in the unit. */
export async function openScheduledExport(deps: Deps, auth: AuthContext, id: number, token: string) {
  await checkScheduledDownloadToken(deps, token, id, auth);
  const job = await repo.findExportJob(deps.db, id);
  if (!job) throw notFound('bulkExport');
  requireRight(auth, 'BULK_EXPORT', job.businessUnitId);
  if (job.kind !== 'EXPORT' || job.status !== 'SUCCESS' || !job.storageKey) throw notFound('bulkExport');
  const stream = await deps.files.open(job.storageKey);
  if (!stream) throw notFound('bulkExport');
  const name = job.entity === 'DOCUMENT' ? `documents-${job.unitSlug ?? 'export'}` : `products-${job.productTypeSlug ?? 'export'}`;
  return { stream, fileName: `${name}-${job.id}.zip` };
}
