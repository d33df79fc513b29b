import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsFolder } from '../db/migrate.js';
import type { Manifest } from './manifest.js';
import { NAMED_KEYS_SQL, type NamedObject, namedObjectsOf } from './storage-keys.js';

/** A plain statement runner: node-postgres' Client and PGlite both have this `query`. */
export interface Queryable {
  query<T>(sql: string): Promise<{ rows: T[] }>;
}

/** What a backup reads from the database's snapshot besides the dump. */
export interface SnapshotState {
  objects: NamedObject[];
  migrations: Manifest['migrations'];
  auditChain: Manifest['auditChain'];
}

/** The shipped migrations' journal: tag by creation time. */
export function journalEntries(): { when: number; tag: string }[] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  return journal.entries;
}

/** Read inside the transaction whose snapshot the dump uses, so keys, level and head are the dump's. */
export async function readSnapshotState(q: Queryable): Promise<SnapshotState> {
  const keys = await q.query<{ key: string; columns: string[] | string; optional: boolean }>(NAMED_KEYS_SQL);
  const applied = await q.query<{ created_at: string | number }>('select created_at from drizzle.__drizzle_migrations order by created_at');
  const head = await q.query<{ seq: string | number; hash: string }>('select seq, hash from audit_chain where manufacturer_id = 1');
  const last = applied.rows.at(-1);
  const lastCreatedAt = last ? Number(last.created_at) : null;
  return {
    objects: namedObjectsOf(keys.rows),
    migrations: {
      applied: applied.rows.length,
      lastCreatedAt,
      lastTag: journalEntries().find((e) => e.when === lastCreatedAt)?.tag ?? null,
    },
    auditChain: head.rows[0] ? { seq: Number(head.rows[0].seq), hash: head.rows[0].hash } : null,
  };
}
