import type { Publication, PublicationCounts } from '@vellum/contract';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../platform/audit.js';
import { compileContent } from './compile-content.js';
import { compileSite } from './compile-site.js';
import * as repo from './publications.repo.js';
import type { PublishedSite } from './published-site.js';

/** What a publish tells the new publication about itself (the stamping already happened in `tx`). */
export interface NewPublication {
  businessUnitId: number;
  actor: Actor;
  includeFuture: boolean;
  customDate: Date | null;
  /** Dates the publish wrote in this transaction. */
  stamped: { products: number; files: number; broughtForward: number };
}

/** A publication row as the contract shows it; `liveNumber` is the unit's highest number. */
export function toPublication(row: repo.PublicationRow, restoredFromNumber: number | null, liveNumber: number | null): Publication {
  return {
    id: row.id,
    businessUnitId: row.businessUnitId,
    number: row.number,
    kind: row.kind as Publication['kind'],
    restoredFromId: row.restoredFromId,
    restoredFromNumber,
    createdDate: row.createdDate.toISOString(),
    createdBy: row.createdBy,
    includeFuture: row.includeFuture,
    customDate: row.customDate ? row.customDate.toISOString() : null,
    counts: row.counts as PublicationCounts,
    live: row.number === liveNumber,
  };
}

/** The stored objects a site document names: logo, public resources, product type images. */
export function siteObjectKeys(site: PublishedSite): string[] {
  const keys = [site.layout.logoKey, ...site.layout.publicResources.map((r) => r.storageKey)];
  for (const t of site.productTypes) keys.push(t.imageKey, t.heroImageHcpKey, t.heroImagePatientKey);
  return keys.filter((k): k is string => typeof k === 'string' && k !== '');
}

/**
 * Compiles the unit's draft (as `tx` sees it, after the stamping) into a new numbered publication
 * of kind PUBLISH: the site document (compile-site.ts), the publication row (number: the unit's
 * highest + 1; its own content) and its pub_* rows (compile-content.ts, INSERT … SELECT). The
 * caller holds the publish lease and owns the transaction and the audit row.
 */
export async function createPublication(tx: Tx, input: NewPublication): Promise<Publication> {
  const site = await compileSite(tx, input.businessUnitId);
  const id = await repo.newPublicationId(tx);
  const number = await repo.nextNumber(tx, input.businessUnitId);
  const empty: PublicationCounts = { products: 0, documents: 0, files: 0, fileVersions: 0, stamped: input.stamped };
  await repo.insertPublication(tx, {
    id,
    businessUnitId: input.businessUnitId,
    number,
    kind: 'PUBLISH',
    contentId: id,
    restoredFromId: null,
    createdByUserId: input.actor.userId,
    createdBy: input.actor.login,
    includeFuture: input.includeFuture,
    customDate: input.customDate,
    counts: empty,
    site,
  });
  const content = await compileContent(tx, input.businessUnitId, id);
  const counts: PublicationCounts = {
    products: content.products,
    documents: content.documents,
    files: content.files,
    fileVersions: content.fileVersions,
    stamped: input.stamped,
  };
  const row = await repo.setCounts(tx, id, counts);
  // what it shows stays in storage for good, whatever the admin replaces later
  await repo.recordPublishedObjects(tx, id, siteObjectKeys(site));
  return toPublication({ ...row, number }, null, number);
}
