import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';
import type { LivePublication } from './public-read.types.js';

/**
 * When what a publication shows changes by itself (decision 0038: scheduled products and file
 * versions appear on their publish date; files and lot ranges vanish on their archive date).
 * `since`: the last such instant at or before the moment asked about (null: none); `until`: the
 * first after it (null: none). Within [since, until) every page of the publication reads the same,
 * so the site's ETags and cache lifetimes follow these instants instead of a fixed period.
 */
export interface ChangeWindow {
  since: Date | null;
  until: Date | null;
}

/** Windows by content publication: content never changes, so a window holds until `at` leaves it. */
const windows = new Map<number, ChangeWindow>();
const WINDOWS_SIZE = 64;

/** Forgets every held window (a test file's fresh database reuses the publication ids of the one before). */
export function clearChangeWindows(): void {
  windows.clear();
}

const contains = (w: ChangeWindow, at: Date) => (w.since === null || w.since <= at) && (w.until === null || at < w.until);

export async function changeWindow(db: DbOrTx, live: Pick<LivePublication, 'contentId'>, at: Date): Promise<ChangeWindow> {
  const held = windows.get(live.contentId);
  if (held && contains(held, at)) return held;
  const c = live.contentId;
  const t = at.toISOString();
  const [row] = await rowsOf<{ since: string | null; until: string | null }>(
    db,
    sql`WITH instants AS (
        SELECT publish_date AS d FROM pub_product WHERE publication_id = ${c}
        UNION ALL SELECT publish_date FROM pub_file_version WHERE publication_id = ${c}
        UNION ALL SELECT archive_date FROM pub_file_version WHERE publication_id = ${c} AND archive_date IS NOT NULL
        UNION ALL SELECT archive_date FROM pub_lot_range WHERE publication_id = ${c} AND archive_date IS NOT NULL)
      SELECT to_json(max(d) FILTER (WHERE d <= ${t}::timestamptz)) #>> '{}' AS since,
             to_json(min(d) FILTER (WHERE d > ${t}::timestamptz)) #>> '{}' AS until
      FROM instants`,
  );
  const w: ChangeWindow = {
    since: row?.since ? new Date(row.since) : null,
    until: row?.until ? new Date(row.until) : null,
  };
  windows.delete(c);
  windows.set(c, w);
  while (windows.size > WINDOWS_SIZE) windows.delete(windows.keys().next().value as number);
  return w;
}
