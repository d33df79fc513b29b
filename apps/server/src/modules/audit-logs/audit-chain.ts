import { createHash } from 'node:crypto';
import type { DbOrTx } from '../../db/client.js';
import { type ChainRow, chainHead, chainRowsAfter } from './audit-chain.repo.js';

/** The previous hash of the chain's first row. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * Why a row does not match: its hash, its place (a row missing before it), the head (rows missing
 * after the last), or the latest anchor kept outside the database (decision 0083: the chain was
 * rewritten up to the anchored row at least).
 */
export type ChainBreakReason = 'hash' | 'sequence' | 'head' | 'anchor';

export interface ChainVerification {
  valid: boolean;
  /** Rows whose hash was recomputed. */
  checked: number;
  firstInvalid?: { id: number | null; seq: number; reason: ChainBreakReason };
}

const BATCH = 5000;

/**
 * The canonical content of a row: the text PostgreSQL's `json_build_array(…)::text` gives in
 * migration 0032's `audit_log_canonical`, rebuilt here from the row's values (elements separated by
 * ", ", strings escaped as JSON, `changes` as the stored JSON's text, itself a string).
 */
export function canonical(r: ChainRow): string {
  const values = [
    r.chainSeq,
    r.id,
    r.at,
    r.userId,
    r.login,
    r.businessUnitId,
    r.entityName,
    r.entityId,
    r.entityLabel,
    r.action,
    r.category,
    r.changes,
  ];
  return `[${values.map((v) => JSON.stringify(v ?? null)).join(', ')}]`;
}

export const chainHash = (previous: string, row: ChainRow): string =>
  createHash('sha256')
    .update(previous + canonical(row), 'utf8')
    .digest('hex');

/**
 * Recomputes the whole chain in order and names the first row that does not match: a changed row
 * (its hash differs), a removed row (the next one is out of sequence) or removed last rows (the
 * head names a later row than the last one found).
 */
export async function verifyAuditChain(db: DbOrTx): Promise<ChainVerification> {
  // the head first: every row up to it was committed with it, later rows are not checked yet
  const head = (await chainHead(db)) ?? { seq: 0, hash: GENESIS_HASH };
  let previous = GENESIS_HASH;
  let seq = 0;
  let checked = 0;
  while (seq < head.seq) {
    const rows = await chainRowsAfter(db, seq, head.seq, BATCH);
    for (const row of rows) {
      if (row.chainSeq !== seq + 1) return { valid: false, checked, firstInvalid: { id: row.id, seq: seq + 1, reason: 'sequence' } };
      checked++;
      if (chainHash(previous, row) !== row.hash)
        return { valid: false, checked, firstInvalid: { id: row.id, seq: row.chainSeq, reason: 'hash' } };
      previous = row.hash;
      seq = row.chainSeq;
    }
    if (rows.length < BATCH) break;
  }
  if (seq !== head.seq || previous !== head.hash)
    return { valid: false, checked, firstInvalid: { id: null, seq: seq + 1, reason: 'head' } };
  return { valid: true, checked };
}
