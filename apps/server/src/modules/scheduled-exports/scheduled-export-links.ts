import { ScheduledExportErrorKeys } from '@vellum/contract';
import type { AuthContext } from '../../platform/access.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';

/** The purpose of a scheduled export's download token (TokenService.signFor): never a bearer token, nor any other. */
const PURPOSE = 'scheduled-export-download';
/** How long a scheduled export's link is valid (as a requested export's). */
export const SCHEDULED_LINK_DAYS = 7;

/**
 * The link of a scheduled export's e-mail to one recipient: the admin's download page with a token
 * signed for that export and that address, valid 7 days. It downloads only for a signed-in user
 * with that address and BULK_EXPORT in the export's unit, so a forwarded or leaked mail opens
 * nothing by itself.
 */
export async function scheduledDownloadLink(deps: Deps, jobId: number, recipient: string, now: Date): Promise<string> {
  const token = await deps.tokens.signFor(
    PURPOSE,
    { userId: 0, sessionId: PURPOSE },
    { job: jobId, to: recipient.toLowerCase() },
    new Date(now.getTime() + SCHEDULED_LINK_DAYS * 24 * 60 * 60 * 1000),
  );
  return `${deps.config.publicUrl}/scheduled-exports/downloads/${jobId}?token=${encodeURIComponent(token)}`;
}

/** Refuses (403) a token that is not this export's, not the signed-in user's address, or expired. */
export async function checkScheduledDownloadToken(deps: Deps, token: string, jobId: number, auth: AuthContext): Promise<void> {
  const found = await deps.tokens.verifyFor(PURPOSE, token);
  const to = found?.claims.to;
  if (!found || found.claims.job !== jobId || typeof to !== 'string' || to !== (auth.user.email ?? '').toLowerCase()) {
    throw new AppError(ScheduledExportErrorKeys.downloadLinkInvalid, 403);
  }
}
