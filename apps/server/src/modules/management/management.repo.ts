import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';

/** Resolves when the database answers a trivial statement. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** When each applied migration was created (drizzle's own table; the `when` of its journal entry), oldest first. */
export async function appliedMigrationTimes(db: Db): Promise<number[]> {
  const rows = await rowsOf<{ created_at: string | number }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at`,
  ).catch((err: { code?: string; cause?: { code?: string } }) => {
    // a database no migration has touched yet has no such table
    if ((err.code ?? err.cause?.code) === '42P01') return [];
    throw err;
  });
  return rows.map((r) => Number(r.created_at));
}

/** Publications that went live (previews left out), per kind: every unit's, for the metrics. */
export async function publicationCountsByKind(db: Db): Promise<{ kind: string; count: number }[]> {
  const rows = await rowsOf<{ kind: string; count: string | number }>(
    db,
    sql`select kind, count(*) as count from publication where number is not null group by kind`,
  );
  return rows.map((r) => ({ kind: r.kind, count: Number(r.count) }));
}
