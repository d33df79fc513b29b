import type { BulkJob, BulkRowError } from '@vellum/contract';
import type { TFunction } from 'i18next';
import { translateKey } from '../../api/errors';
import { formatNumber } from '../../i18n/format';

/** Bytes as people read them, up to GB (a bulk zip is at most 2 GB). */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 ** 2) return `${(n / 1024).toFixed(1)} kB`;
  if (n < 1024 ** 3) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(2)} GB`;
}

/**
 * A job's counts as one line: a check says what would happen ("98,412 rows: 97,980 would be
 * created, 420 updated, 12 rejected"), an import what did; nothing before the sheet was read.
 */
export function countsLine(job: BulkJob, t: TFunction): string | null {
  const n = {
    created: formatNumber(job.rowsCreated),
    updated: formatNumber(job.rowsUpdated),
    removed: formatNumber(job.rowsRemoved),
    rejected: formatNumber(job.rowsRejected),
  };
  if (job.rowsTotal === null) return null;
  const total = formatNumber(job.rowsTotal);
  const removed = job.rowsRemoved > 0 ? 'WithRemoved' : '';
  return t(job.mode === 'CHECK' ? `bulk.jobs.checkSummary${removed}` : `bulk.jobs.importSummary${removed}`, { ...n, total }) as string;
}

/** A row error's message in words: a field code ('NotBlank') as the forms say it, a message key with its parameters. */
export function rowErrorMessage(error: BulkRowError, t: TFunction): string {
  if (/^[A-Za-z]+$/.test(error.message)) return t(`error.field.${error.message}`, { defaultValue: error.message }) as string;
  return translateKey(t, error.message, error.params);
}
