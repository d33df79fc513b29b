import pg from 'pg';
import { createPglite, openDatabase, PG_SESSION_OPTIONS } from '../apps/server/src/db/client.js';
import { hashPassword } from '../apps/server/src/platform/passwords.js';
import { DEMO_USERS, seedDemoIfEmpty } from '../apps/server/src/seed/demo.js';
import { BENCH_SECONDS, type LoadResult, load, table } from './lib/load.js';
import { writeSection } from './lib/results.js';
import { startBenchServer } from './lib/server.js';
import { loadSql } from './lib/sql-load.js';

const USERS = 10_000;

/**
 * The users page searched for 'bench-99' written by hand the plain way (the page and the total
 * over the three trigram-indexed conditions), to show what the database itself does with it.
 */
const USER_SEARCH_SQL = `SELECT u.*, (SELECT count(*) FROM app_user c WHERE c.login ILIKE $1 OR c.email ILIKE $1
      OR (coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')) ILIKE $1) AS total
  FROM app_user u WHERE u.login ILIKE $1 OR u.email ILIKE $1 OR (coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) ILIKE $1
  ORDER BY u.id LIMIT 20`;

/**
 * The statement the server runs for that page (users.repo.ts searchUsers: the matching ids through
 * the trigram indexes first, then the page's rows among them, the total and the groups), prepared as the
 * server prepares it: what the database alone costs the API call.
 */
const USER_SEARCH_API_SQL = `WITH matching_ids AS (SELECT ARRAY(SELECT c.id FROM app_user c WHERE c.login ILIKE $1 OR c.email ILIKE $1
      OR (coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')) ILIKE $1) AS ids)
  SELECT u.id, u.login, u.email, u.first_name, u.last_name, u.activated, u.technical_account, u.lang_key,
    u.failed_attempts, u.locked_at, u.password_changed_at, u.created_by, u.created_date, u.last_modified_by, u.last_modified_date,
    u.version, (SELECT cardinality(ids) FROM matching_ids) AS total,
    (SELECT coalesce(json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY g.name, g.id), '[]'::json)
      FROM user_group_member m JOIN user_group g ON g.id = m.user_group_id WHERE m.user_id = u.id) AS groups
  FROM app_user u
  WHERE u.id = ANY((SELECT ids FROM matching_ids)::int[])
  ORDER BY u.id LIMIT $2 OFFSET $3`;

/** GET api/account and GET api/users over 10,000 users, beside the bare health route of the same server. */
export async function accessBench(): Promise<void> {
  const server = await startBenchServer(async (databaseUrl, dataDir) => {
    const database = await openDatabase({ databaseUrl, dataDir });
    await seedDemoIfEmpty(database.db);
    await database.close();
    // then the state autovacuum keeps: statistics, and the trigram indexes' GIN pending lists merged (see product search)
    const hash = await hashPassword('Bench#2026');
    const sql = `INSERT INTO app_user (login, email, first_name, last_name, password_hash, created_by, last_modified_by)
      SELECT 'bench-' || i || '@example.com', 'bench-' || i || '@example.com', 'First' || i, 'Last' || i, $1, 'bench', 'bench'
      FROM generate_series(1, ${USERS}) AS i`;
    if (databaseUrl) {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      await c.query(sql, [hash]);
      await c.query('VACUUM ANALYZE');
      await c.end();
    } else {
      const db = createPglite(`${dataDir}/db`);
      await db.query(sql, [hash]);
      await db.query('VACUUM ANALYZE');
      await db.close();
    }
  });
  try {
    const res = await fetch(`${server.url}/api/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: DEMO_USERS.admin.login, password: DEMO_USERS.admin.password }),
    });
    if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    const { id_token } = (await res.json()) as { id_token: string };
    const headers = { authorization: `Bearer ${id_token}` };
    const bare = await load('GET /management/health (bare)', `${server.url}/management/health`);
    const rows: LoadResult[] = [
      bare,
      await load('GET /api/account', `${server.url}/api/account`, { headers }),
      await load(`GET /api/users?page=0&size=20 (${USERS} users)`, `${server.url}/api/users?page=0&size=20&sort=login,asc`, { headers }),
      await load(`GET /api/users search 'bench-99'`, `${server.url}/api/users?page=0&size=20&search=bench-99`, { headers }),
    ];
    if (server.databaseUrl) {
      // the same search by hand through a pg pool of the server's size (the embedded database lives inside the server)
      const pool = new pg.Pool({ connectionString: server.databaseUrl, options: PG_SESSION_OPTIONS, max: 10 });
      try {
        rows.push(await loadSql(`SQL: the 'bench-99' page and total, plain`, pool, USER_SEARCH_SQL, ['%bench-99%']));
        rows.push(
          await loadSql(`SQL: the server's 'bench-99' statement, prepared`, pool, USER_SEARCH_API_SQL, ['%bench-99%', 20, 0], {
            prepareAs: 'bench_user_search',
          }),
        );
      } finally {
        await pool.end();
      }
    }
    const body = `Database: ${server.databaseUrl ? 'PostgreSQL' : 'embedded (PGlite)'}; 20 connections, ${BENCH_SECONDS} s per route after a 2 s warm-up; server in its own process, load generator (autocannon) in another.\n\n${table(rows, bare)}`;
    writeSection(
      `access-${server.databaseUrl ? 'postgres' : 'pglite'}`,
      `Account and users (${server.databaseUrl ? 'PostgreSQL' : 'embedded database'})`,
      body,
    );
    console.log(body);
  } finally {
    await server.stop();
  }
}
