import type { AuditChainAnchor, AuditChainVerification } from '@vellum/contract';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import type { FileStore } from '../../platform/file-store.js';
import { type ChainVerification, verifyAuditChain } from './audit-chain.js';
import { chainHeadsWithRow, chainRowAt } from './audit-chain.repo.js';

/**
 * The audit chain's head anchored outside the database (decision 0083): the last row's place, id
 * and hash, written to storage under its own prefix (a history object per anchor and `latest.json`)
 * and to the JSON log. Whoever can rewrite the database — the chain from a row on, head included,
 * which recomputation alone cannot tell — cannot rewrite what storage and the log already hold, so
 * the verification compares the chain with the latest anchor too.
 */

/** The key prefix of the anchors in storage: never a binary of the product, never in a backup's manifest. */
const ANCHOR_PREFIX = 'audit-anchors';

const anchorSchema = z.object({
  manufacturerId: z.number().int(),
  seq: z.number().int().nonnegative(),
  id: z.number().int().nullable(),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  anchoredAt: z.string(),
});

const latestKey = (manufacturerId: number) => `${ANCHOR_PREFIX}/${manufacturerId}/latest.json`;
const historyKey = (manufacturerId: number, at: Date) =>
  `${ANCHOR_PREFIX}/${manufacturerId}/${at.toISOString().replace(/[:.]/g, '-')}.json`;

/** The manufacturer whose chain the verification checks (one per installation, decision 0065). */
const MANUFACTURER_ID = 1;

/** Writes the head of every manufacturer's chain to storage (history, then latest) and answers what it wrote. */
export async function writeAuditAnchors(deps: { db: DbOrTx; files: FileStore }, now = new Date()): Promise<AuditChainAnchor[]> {
  const anchors: AuditChainAnchor[] = [];
  for (const head of await chainHeadsWithRow(deps.db)) {
    const anchor: AuditChainAnchor = {
      manufacturerId: head.manufacturerId,
      seq: head.seq,
      id: head.id,
      hash: head.hash,
      anchoredAt: now.toISOString(),
    };
    const data = Buffer.from(`${JSON.stringify(anchor)}\n`, 'utf8');
    await deps.files.putAt(historyKey(head.manufacturerId, now), data);
    await deps.files.putAt(latestKey(head.manufacturerId), data);
    anchors.push(anchor);
  }
  return anchors;
}

/** One JSON line per anchor on standard output, in the server log's shape (a second copy outside the database). */
export function logAuditAnchors(anchors: readonly AuditChainAnchor[]): void {
  for (const anchor of anchors)
    process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), msg: 'audit chain anchored', anchor })}\n`);
}

/** The latest anchor of the manufacturer; undefined when none was written; 'unreadable' when the object is not one. */
export async function latestAuditAnchor(
  files: FileStore,
  manufacturerId = MANUFACTURER_ID,
): Promise<AuditChainAnchor | 'unreadable' | undefined> {
  const data = await files.get(latestKey(manufacturerId));
  if (!data) return undefined;
  try {
    const parsed = anchorSchema.safeParse(JSON.parse(data.toString('utf8')));
    return parsed.success && parsed.data.manufacturerId === manufacturerId ? parsed.data : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

/**
 * Recomputes the chain (decision 0065) and compares it with the latest anchor: the row the anchor
 * names must still be there with the same id and hash. When it is not, the chain was rewritten up to
 * there at least (`anchor`), whatever the recomputation says; the earlier of the two breaks is named.
 */
export async function verifyAuditChainAnchored(deps: { db: DbOrTx; files: FileStore }): Promise<AuditChainVerification> {
  const [chain, anchor] = await Promise.all([verifyAuditChain(deps.db), latestAuditAnchor(deps.files)]);
  if (anchor === undefined) return chain;
  if (anchor === 'unreadable')
    return { valid: false, checked: chain.checked, firstInvalid: { id: null, seq: 0, reason: 'anchor' }, anchor: null };
  const row = anchor.seq === 0 ? { id: null, hash: '0'.repeat(64) } : await chainRowAt(deps.db, anchor.seq);
  const matches = row !== undefined && row.id === anchor.id && row.hash === anchor.hash;
  if (matches) return { ...chain, anchor };
  const broken: ChainVerification['firstInvalid'] = { id: row?.id ?? null, seq: anchor.seq, reason: 'anchor' };
  const first = chain.firstInvalid && chain.firstInvalid.seq < anchor.seq ? chain.firstInvalid : broken;
  return { valid: false, checked: chain.checked, firstInvalid: first, anchor };
}
