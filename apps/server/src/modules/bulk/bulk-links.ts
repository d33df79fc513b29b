import { BulkErrorKeys } from '@vellum/contract';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import type { BulkJobRow } from './bulk.repo.js';

/** The purpose of an export's download token (TokenService.signFor): never a bearer token, nor any other. */
const PURPOSE = 'bulk-export-download';
/** How long an export's link is valid. */
export const EXPORT_LINK_DAYS = 7;

/**
 * The link of an export's e-mail: the admin's download page with a token signed for that export
 * and that user (not the session: the user may sign in again), valid 7 days. The page downloads
 * the zip through `api/bulk/exports/{id}/download`, signed in as the same user.
 */
export async function exportDownloadLink(deps: Deps, job: Pick<BulkJobRow, 'id' | 'userId'>): Promise<string> {
  const token = await exportDownloadToken(deps, job, new Date(Date.now() + EXPORT_LINK_DAYS * 24 * 60 * 60 * 1000));
  return `${deps.config.publicUrl}/bulk-exports/${job.id}?token=${encodeURIComponent(token)}`;
}

export function exportDownloadToken(deps: Deps, job: Pick<BulkJobRow, 'id' | 'userId'>, expiresAt: Date): Promise<string> {
  return deps.tokens.signFor(PURPOSE, { userId: job.userId ?? 0, sessionId: PURPOSE }, { job: job.id }, expiresAt);
}

/** Refuses (403) a token that is not this export's, not the signed-in user's, or expired. */
export async function checkExportDownloadToken(deps: Deps, token: string, jobId: number, userId: number): Promise<void> {
  const found = await deps.tokens.verifyFor(PURPOSE, token);
  if (!found || found.session.userId !== userId || found.claims.job !== jobId) throw new AppError(BulkErrorKeys.downloadLinkInvalid, 403);
}
