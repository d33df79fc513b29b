import type { Publication } from '@vellum/contract';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { publication } from '../../db/schema/index.js';
import type { Actor } from '../../platform/audit.js';

/** What a publish tells the new publication about itself (the stamping already happened in `tx`). */
export interface NewPublication {
  businessUnitId: number;
  actor: Actor;
  includeFuture: boolean;
  customDate: Date | null;
  /** Dates the publish wrote in this transaction. */
  stamped: { products: number; files: number; broughtForward: number };
}

/**
 * Compiles the unit's draft (as `tx` sees it, after the stamping) into a new numbered publication
 * of kind PUBLISH: the site document (compile-site.ts), the publication row (number: the unit's
 * highest + 1) and its pub_* rows (compile-content.ts, INSERT … SELECT). The caller holds the
 * publish lease and owns the transaction and the audit row.
 * STUB until the compile lands: throws.
 */
export async function createPublication(tx: Tx, input: NewPublication): Promise<Publication> {
  // minimal: replaced by the compile part at merge
  const counts = { products: 0, documents: 0, files: 0, fileVersions: 0, stamped: input.stamped };
  const [row] = await tx
    .insert(publication)
    .values({
      businessUnitId: input.businessUnitId,
      number: sql`(SELECT coalesce(max(p.number), 0) + 1 FROM publication p WHERE p.business_unit_id = ${input.businessUnitId})`,
      kind: 'PUBLISH',
      contentId: 0,
      createdByUserId: input.actor.userId,
      createdBy: input.actor.login,
      includeFuture: input.includeFuture,
      customDate: input.customDate,
      counts,
      site: {},
    })
    .returning();
  await tx.update(publication).set({ contentId: row.id }).where(eq(publication.id, row.id));
  return {
    id: row.id,
    businessUnitId: row.businessUnitId,
    number: row.number,
    kind: 'PUBLISH',
    restoredFromId: null,
    restoredFromNumber: null,
    createdDate: row.createdDate.toISOString(),
    createdBy: row.createdBy,
    includeFuture: row.includeFuture,
    customDate: row.customDate ? row.customDate.toISOString() : null,
    counts,
    live: true,
  };
}
