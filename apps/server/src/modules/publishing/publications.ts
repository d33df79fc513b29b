import type { Publication } from '@vellum/contract';
import type { Tx } from '../../db/client.js';
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
export async function createPublication(_tx: Tx, _input: NewPublication): Promise<Publication> {
  throw new Error('createPublication: not built yet');
}
