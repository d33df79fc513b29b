import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { PG_SESSION_OPTIONS } from '../apps/server/src/db/client.js';
import { DEMO_USERS } from '../apps/server/src/seed/demo.js';
import { BENCH_SECONDS, type LoadResult, resultOf } from './lib/load.js';
import { writeSection } from './lib/results.js';
import { signInHeaders, startBenchServer } from './lib/server.js';
import { loadCalls } from './lib/sql-load.js';
import { seedProductSearch } from './product-search.bench.js';

const AUDIT_ROWS = 200_000;
const SECONDS = Math.min(6, BENCH_SECONDS);

interface Statement {
  text: string;
  values: unknown[];
}

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

/** The bench server's captured statements of one warm request (pg-boss's own polling left out). */
function statementsSince(file: string, offset: number): Statement[] {
  return readFileSync(file, 'utf8')
    .slice(offset)
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Statement)
    .filter((s) => !/pgboss|^\s*(LISTEN|UNLISTEN|NOTIFY)\b/i.test(s.text));
}

/** The request under load (loopback only), the same warm-up, connections and duration as `load()`. */
async function loadRequest(name: string, url: string, s: Scenario, headers: Record<string, string>): Promise<LoadResult> {
  const request = {
    url,
    method: s.method,
    headers: { ...headers, ...(s.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: s.body === undefined ? undefined : JSON.stringify(s.body),
  };
  await autocannon({ ...request, connections: 10, duration: 2 });
  return resultOf(name, await autocannon({ ...request, connections: 20, duration: SECONDS }));
}

/**
 * The admin's lists on the catalogue an import creates, each request beside its own SQL: the
 * product search bench's 100,000 products (6 values each, 100 groups) and 200,000 audit entries of
 * the unit. The server runs in its own process with every statement it sends captured
 * (lib/capture-sql.ts); after a warm call, the statements of one more call are sent again, in order
 * on one connection of a pool of the server's size, under the same load: the API's cost beside
 * exactly the database work it asked for. PostgreSQL only.
 */
export async function adminListsBench(): Promise<void> {
  if (!(process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL)) {
    console.log('bench: admin-lists skipped (needs PostgreSQL: set BENCH_DATABASE_URL or DATABASE_URL)');
    return;
  }
  let typeId = 0;
  let modelId = 0;
  let unitId = 0;
  const captureFile = join(process.env.TMPDIR ?? '/tmp', `vellum-bench-sql-${Date.now()}.jsonl`);
  writeFileSync(captureFile, '');
  const server = await startBenchServer(
    async (databaseUrl, dataDir) => {
      const seeded = await seedProductSearch(databaseUrl as string, dataDir);
      typeId = seeded.typeId;
      modelId = seeded.definitions.model;
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      unitId = (await c.query('SELECT business_unit_id FROM product_type WHERE id = $1', [typeId])).rows[0].business_unit_id;
      await c.query(
        `INSERT INTO audit_log (at, user_id, login, business_unit_id, entity_name, entity_id, entity_label, action, category, changes)
         SELECT now() - make_interval(secs => i * 7), 1, 'user-' || (i % 50), $1,
                (ARRAY['product','document','file','product_group'])[i % 4 + 1], (i % 100000)::text, 'KC-' || i,
                (ARRAY['CREATE','UPDATE','DELETE'])[i % 3 + 1], 'general', jsonb_build_object('name', jsonb_build_object('from', 'a', 'to', 'b'))
         FROM generate_series(1, ${AUDIT_ROWS}) AS i`,
        [unitId],
      );
      await c.query('VACUUM ANALYZE audit_log');
      await c.end();
    },
    { captureSqlTo: captureFile },
  );
  const pool = new pg.Pool({ connectionString: server.databaseUrl, options: PG_SESSION_OPTIONS, max: 10 });
  try {
    const headers = await signInHeaders(server.url, DEMO_USERS.admin);
    const products = `/api/products/search?product-type=${typeId}&page=0&size=20`;
    const scenarios: Scenario[] = [
      { name: 'products: last modified first', method: 'POST', path: `${products}&sort=lastModifiedDate,desc`, body: {} },
      { name: 'products: by the model attribute', method: 'POST', path: `${products}&sort=attribute.${modelId},asc`, body: {} },
      { name: 'products: orphans (in no group)', method: 'POST', path: products, body: { orphans: true } },
      { name: 'products: unpublished', method: 'POST', path: products, body: { publishState: 'UNPUBLISHED' } },
      { name: 'products: text "mdl-004"', method: 'POST', path: products, body: { text: 'mdl-004' } },
      {
        name: 'product groups of the type, most products first',
        method: 'GET',
        path: `/api/product-groups?product-type=${typeId}&size=20&sort=productCount,desc`,
      },
      {
        name: 'product groups without products',
        method: 'GET',
        path: `/api/product-groups?product-type=${typeId}&orphans-only=true&size=20`,
      },
      { name: 'audit log of the unit, newest first', method: 'GET', path: `/api/audit-logs?business-unit=${unitId}&page=0&size=20` },
      {
        name: 'audit log of the unit, search "kc-4242"',
        method: 'GET',
        path: `/api/audit-logs?business-unit=${unitId}&page=0&size=20&search=kc-4242`,
      },
    ];
    const rows: string[] = [
      '| list | statements | API req/s | API p50 ms | API p99 ms | SQL req/s | SQL p50 ms | SQL p99 ms | p99 API/SQL | errors |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ];
    for (const s of scenarios) {
      const url = `${server.url}${s.path}`;
      const call = () =>
        fetch(url, {
          method: s.method,
          headers: { ...headers, ...(s.body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: s.body === undefined ? undefined : JSON.stringify(s.body),
        });
      const warm = await call();
      if (!warm.ok) throw new Error(`${s.name}: ${warm.status} ${await warm.text()}`);
      await warm.arrayBuffer();
      const offset = readFileSync(captureFile, 'utf8').length;
      await (await call()).arrayBuffer();
      const statements = statementsSince(captureFile, offset);
      if (statements.length === 0) throw new Error(`${s.name}: no statement captured`);
      const api = await loadRequest(`API ${s.name}`, url, s, headers);
      const sql = await loadCalls(
        `SQL ${s.name}`,
        async () => {
          const c = await pool.connect();
          try {
            for (const st of statements) await c.query(st.text, st.values);
          } finally {
            c.release();
          }
        },
        { seconds: SECONDS },
      );
      const ratio = sql.p99 > 0 ? (api.p99 / sql.p99).toFixed(1) : 'n/a';
      rows.push(
        `| ${s.name} | ${statements.length} | ${api.requestsPerSecond} | ${api.p50} | ${api.p99} | ${sql.requestsPerSecond} | ${sql.p50} | ${sql.p99} | ${ratio}× | ${api.non2xx + api.errors + sql.errors} |`,
      );
      console.log(
        `bench: ${s.name}: API p50 ${api.p50} p99 ${api.p99} ms, SQL p50 ${sql.p50} p99 ${sql.p99} ms (${statements.length} statements)`,
      );
    }
    const body = [
      `Database: PostgreSQL; the product search bench's 100,000 products of one type (6 STRING values each, 90% in one of 100 groups,`,
      `a tenth without a publish date, no publication: every product unpublished) and ${AUDIT_ROWS.toLocaleString('en')} audit entries of the unit.`,
      'Each list: the request through the server in its own process (autocannon), then the statements that server sent for one warm',
      '(captured by `bench/lib/capture-sql.ts` in the server process) sent again in order on one connection of a pg pool of the server’s',
      `size (10) from the bench process. 20 concurrent callers each, ${SECONDS} s after a 2 s warm-up.`,
      '',
      rows.join('\n'),
    ].join('\n');
    writeSection('admin-lists-postgres', 'Admin lists at import scale (PostgreSQL)', body);
    console.log(body);
  } finally {
    await pool.end();
    await server.stop();
  }
}
