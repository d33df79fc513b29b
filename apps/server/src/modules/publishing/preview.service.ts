import type { PreviewBody, PreviewLink, PublicationCounts } from '@vellum/contract';
import type { AuthContext } from '../../platform/access.js';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { compileContent } from './compile-content.js';
import { compileSite } from './compile-site.js';
import * as repo from './publications.repo.js';

/**
 * A signed-in user's preview of the public website (decision 0042). The unit's unpublished state
 * is compiled into a publication of kind PREVIEW, which has no number and so is never live, and
 * which later previews delete once it has ended. The answer is a one-time address: a token for
 * a minute that the site's preview turns into an hour's cookie for this browser.
 */

/** How long the address may be opened. */
export const PREVIEW_GRANT_SECONDS = 60;
/** How long a preview lasts once opened (never beyond the user's session). */
export const PREVIEW_SECONDS = 3600;
/** The purposes of the preview's tokens (TokenService.signFor). */
export const PREVIEW_GRANT = 'site-preview-grant';
export const PREVIEW_SESSION = 'site-preview';
/** The rights that open a preview in the unit (issue 11). */
export const PREVIEW_RIGHTS = ['PUBLISH', 'DOCUMENT_READ'] as const;

const ENTITY = 'publication';

/** Compiles the unit's draft as a publish now would (writing no date) into a new preview; its id. */
async function compilePreview(deps: Pick<Deps, 'db'>, auth: AuthContext, businessUnitId: number, now: Date): Promise<number> {
  return deps.db.transaction(async (tx) => {
    await repo.deleteEndedPreviews(tx, businessUnitId, now);
    const site = await compileSite(tx, businessUnitId);
    const id = await repo.newPublicationId(tx);
    const none = { products: 0, files: 0, broughtForward: 0 };
    await repo.insertPublication(tx, {
      id,
      businessUnitId,
      number: null,
      kind: 'PREVIEW',
      contentId: id,
      restoredFromId: null,
      createdByUserId: auth.userId,
      createdBy: auth.login,
      includeFuture: false,
      customDate: null,
      counts: { products: 0, documents: 0, files: 0, fileVersions: 0, stamped: none },
      site,
      // the preview outlives its cookie by a minute, so a page opened at its end still finds it
      expiresAt: new Date(now.getTime() + (PREVIEW_GRANT_SECONDS + PREVIEW_SECONDS + 60) * 1000),
    });
    const content = await compileContent(tx, businessUnitId, id, { preview: true });
    const counts: PublicationCounts = { ...content, stamped: none };
    await repo.setCounts(tx, id, {
      products: counts.products,
      documents: counts.documents,
      files: counts.files,
      fileVersions: counts.fileVersions,
      stamped: none,
    });
    return id;
  });
}

export async function openPreview(deps: Pick<Deps, 'db' | 'tokens'>, auth: AuthContext, body: PreviewBody): Promise<PreviewLink> {
  const now = new Date();
  let publicationId: number;
  let publicationNumber: number | null = null;
  if (body.publicationId != null) {
    const row = await repo.findPublication(deps.db, body.publicationId);
    // another unit's publication is not there for this unit's right
    if (!row || row.businessUnitId !== body.businessUnitId) throw notFound(ENTITY);
    publicationId = row.id;
    publicationNumber = row.number;
  } else {
    publicationId = await compilePreview(deps, auth, body.businessUnitId, now);
  }
  const expires = new Date(now.getTime() + PREVIEW_GRANT_SECONDS * 1000);
  const grant = await deps.tokens.signFor(
    PREVIEW_GRANT,
    { userId: auth.userId, sessionId: auth.sessionId },
    { unit: body.businessUnitId, publication: publicationId },
    expires,
  );
  return {
    url: `/site/_preview/_enter?grant=${encodeURIComponent(grant)}`,
    publicationId,
    publicationNumber,
    expiresDate: expires.toISOString(),
  };
}
