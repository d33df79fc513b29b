import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { NAMED_KEYS_SQL, namedObjectsOf } from '../../apps/server/src/backup/storage-keys.js';
import { createFileStore } from '../../apps/server/src/platform/storage.js';
import { SERVER_DIST } from './paths.js';

/** What the suite compares before and after a fault: row counts and the live publications (the audit chain is verified apart). */
export interface State {
  counts: Record<string, number>;
  /** Per business unit: the live (highest) publication's number and a digest of its content. */
  live: Record<string, { number: number; digest: string }>;
}

const COUNTED = ['file', 'file_version', 'document', 'product', 'publication', 'pub_file_version', 'pub_product', 'published_object'];

async function withClient<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function readState(databaseUrl: string): Promise<State> {
  return withClient(databaseUrl, async (c) => {
    const counts: Record<string, number> = {};
    for (const table of COUNTED) counts[table] = Number((await c.query(`select count(*) as n from ${table}`)).rows[0].n);
    // a publication's content: its site document and its published file versions' binaries
    const live = await c.query<{ business_unit_id: number; number: number; digest: string }>(`
      select p.business_unit_id, p.number,
             md5(coalesce((select string_agg(v.file_version_id || ':' || v.binary_key || ':' || coalesce(v.sha256, ''), ',' order by v.file_version_id)
                              from pub_file_version v where v.publication_id = p.content_id), '')) as digest
        from publication p
       where p.number = (select max(q.number) from publication q where q.business_unit_id = p.business_unit_id)`);
    return {
      counts,
      live: Object.fromEntries(live.rows.map((r) => [String(r.business_unit_id), { number: Number(r.number), digest: r.digest }])),
    };
  });
}

/**
 * Nothing half-written: every object the database names is in the store, every file version's
 * binary there has the SHA-256 and size the database recorded (an upload cut short is never
 * marked uploaded), and the audit chain verifies (`audit-verify.js` of the build).
 */
/** Polls (every 5 ms) until `query` answers a row: the moment a write under way becomes visible. */
export async function waitForRow(databaseUrl: string, query: string, timeoutMs = 30_000): Promise<void> {
  await withClient(databaseUrl, async (c) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if ((await c.query(query)).rows.length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`no row within ${timeoutMs} ms: ${query}`);
  });
}

export async function checkIntegrity(options: { databaseUrl: string; dataDir: string; storageUrl?: string }): Promise<string[]> {
  const problems: string[] = [];
  const store = createFileStore(options.storageUrl, options.dataDir);
  await withClient(options.databaseUrl, async (c) => {
    for (const object of namedObjectsOf((await c.query(NAMED_KEYS_SQL)).rows)) {
      if (!object.optional && !(await store.stat(object.key)))
        problems.push(`${object.columns.join(', ')} names ${object.key}: not stored`);
    }
    const versions = await c.query<{ id: number; binary_key: string; sha256: string; binary_size: string; uploaded: boolean }>(`
      select id, binary_key, sha256, binary_size, binary_uploaded_date is not null as uploaded from file_version where binary_key is not null
      union all
      select file_version_id, binary_key, sha256, binary_size, true from pub_file_version where binary_key is not null`);
    const hashed = new Map<string, string>();
    for (const v of versions.rows) {
      if (!v.uploaded) problems.push(`file version ${v.id} names a binary that is not marked uploaded`);
      let digest = hashed.get(v.binary_key);
      if (digest === undefined) {
        const stream = await store.open(v.binary_key);
        if (!stream) continue; // reported above
        const hash = createHash('sha256');
        for await (const chunk of stream) hash.update(chunk as Buffer);
        digest = hash.digest('hex');
        hashed.set(v.binary_key, digest);
      }
      if (v.sha256 && digest !== v.sha256) problems.push(`file version ${v.id}: stored bytes do not match its SHA-256`);
    }
  });
  try {
    execFileSync(process.execPath, [join(SERVER_DIST, 'audit-verify.js')], {
      env: { PATH: process.env.PATH, DATABASE_URL: options.databaseUrl, DATA_DIR: options.dataDir, NODE_ENV: 'test' },
      stdio: 'pipe',
    });
  } catch (err) {
    problems.push(`audit chain: ${String((err as { stderr?: Buffer }).stderr ?? err)}`);
  }
  return problems;
}
