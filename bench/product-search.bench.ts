import pg from 'pg';
import { openDatabase, PG_SESSION_OPTIONS } from '../apps/server/src/db/client.js';
import { escapeLike } from '../apps/server/src/db/sql.js';
import { makeProductType } from '../apps/server/src/factories/catalogue-factories.js';
import { makeBusinessUnit } from '../apps/server/src/factories/organisation-factories.js';
import { DEMO_USERS, seedDemoIfEmpty } from '../apps/server/src/seed/demo.js';
import { BENCH_SECONDS, type LoadResult, load } from './lib/load.js';
import { writeSection } from './lib/results.js';
import { signInHeaders, startBenchServer } from './lib/server.js';
import { loadPost, loadSql } from './lib/sql-load.js';

const PRODUCTS = 100_000;
const PAGE_SIZE = 20;
const SECONDS = Math.min(8, BENCH_SECONDS);

/** The six STRING attributes of the bench product type and how each product's value is made from its id. */
const ATTRIBUTES = [
  { slug: 'brand', value: `(ARRAY['Acme','Globex','Initech','Umbrella','Stark'])[p.id % 5 + 1]` },
  { slug: 'model', value: `'MDL-' || lpad((p.id % 2000)::text, 4, '0')` },
  { slug: 'family', value: `'Family ' || (p.id % 97)` },
  { slug: 'description', value: `'Sterile catheter ' || substr(md5('d' || p.id), 1, 12)` },
  { slug: 'gtin', value: `lpad((4000000000000 + p.id * 7)::text, 14, '0')` },
  { slug: 'size', value: `((p.id % 40) + 1) || ' Fr'` },
];

interface Seeded {
  typeId: number;
  definitions: Record<string, number>;
}

/** 100,000 products of one type with 6 values each, 90% of them in one of 100 product groups; generated in SQL. */
export async function seedProductSearch(databaseUrl: string, dataDir: string): Promise<Seeded> {
  const database = await openDatabase({ databaseUrl, dataDir });
  await seedDemoIfEmpty(database.db);
  const unit = await makeBusinessUnit(database.db, { slug: 'bench-products', displayName: 'Bench products' });
  const type = await makeProductType(
    database.db,
    unit.id,
    { name: 'Catheters', slug: 'catheters' },
    ATTRIBUTES.map((a) => ({ name: a.slug[0].toUpperCase() + a.slug.slice(1), slug: a.slug, searchTypeHcp: 'SEARCHABLE_PARTIAL' })),
  );
  await database.close();
  const definitions = Object.fromEntries(type.definitions.map((d) => [d.slug, d.id]));

  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const started = Date.now();
  await c.query(
    `INSERT INTO product (business_unit_id, product_type_id, key_code, publish_date, created_date, last_modified_date)
     SELECT $1, $2, upper(substr(md5('k' || i), 1, 8)) || '-' || i,
            CASE WHEN i % 10 = 0 THEN NULL ELSE now() - make_interval(mins => i) END,
            now() - make_interval(mins => i), now() - make_interval(mins => i)
     FROM generate_series(1, ${PRODUCTS}) AS i`,
    [unit.id, type.id],
  );
  for (const a of ATTRIBUTES) {
    await c.query(
      `INSERT INTO product_type_attribute_value (product_id, attribute_definition_id, value)
       SELECT p.id, $1, ${a.value} FROM product p WHERE p.product_type_id = $2`,
      [definitions[a.slug], type.id],
    );
  }
  await c.query(
    `INSERT INTO product_group (business_unit_id, product_type_id, name) SELECT $1, $2, 'Group ' || g FROM generate_series(1, 100) AS g`,
    [unit.id, type.id],
  );
  await c.query(
    `INSERT INTO product_group_product (product_group_id, product_id)
     SELECT g.id, p.id FROM product p JOIN product_group g ON g.product_type_id = p.product_type_id AND g.name = 'Group ' || (p.id % 100 + 1)
     WHERE p.product_type_id = $1 AND p.id % 10 <> 0`,
    [type.id],
  );
  // the steady state autovacuum keeps: statistics, the visibility map, and the GIN pending lists of the trigram
  // indexes merged (a bulk insert leaves up to 4 MB of unsorted entries that every partial search would scan)
  await c.query('VACUUM ANALYZE');
  await c.end();
  console.log(
    `bench: seeded ${PRODUCTS} products with ${ATTRIBUTES.length} values each in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return { typeId: type.id, definitions };
}

/** The page of the API (key-code order, PAGE_SIZE rows) with its values, group counts and the total, as one hand-written statement. */
function directSql(filter: string, withTotal = true): string {
  return `WITH page AS (
      SELECT p.id, p.business_unit_id, p.product_type_id, p.key_code, p.publish_date, p.last_modified_date
      FROM product p WHERE p.product_type_id = $1 AND ${filter}
      ORDER BY lower(p.key_code), p.id LIMIT ${PAGE_SIZE})
    SELECT page.*,
      ${withTotal ? `(SELECT count(*) FROM product p WHERE p.product_type_id = $1 AND ${filter})` : 'NULL'} AS total,
      (SELECT json_agg(json_build_object('id', v.id, 'attributeDefinitionId', v.attribute_definition_id, 'value', v.value)
                       ORDER BY d.visualization_order, d.id)
         FROM product_type_attribute_value v JOIN product_type_attribute_definition d ON d.id = v.attribute_definition_id
         WHERE v.product_id = page.id AND d.is_active AND d.type = 'STRING') AS attribute_values,
      (SELECT count(*) FROM product_group_product g WHERE g.product_id = page.id) AS product_groups
    FROM page ORDER BY lower(page.key_code), page.id`;
}

interface Scenario {
  name: string;
  body: Record<string, unknown>;
  sql: string;
  values: unknown[];
}

function ratioTable(rows: { scenario: Scenario; total: number; api: LoadResult; sql: LoadResult }[]): string {
  const lines = [
    '| filter | matches | API req/s | API p50 ms | API p99 ms | SQL req/s | SQL p50 ms | SQL p99 ms | p50 API/SQL | throughput SQL/API | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const { scenario, total, api, sql } of rows) {
    const p50 = sql.p50 > 0 ? (api.p50 / sql.p50).toFixed(1) : 'n/a';
    const tput = api.requestsPerSecond > 0 ? (sql.requestsPerSecond / api.requestsPerSecond).toFixed(1) : 'n/a';
    const errors = api.non2xx + api.errors + sql.errors;
    lines.push(
      `| ${scenario.name} | ${total} | ${api.requestsPerSecond} | ${api.p50} | ${api.p99} | ${sql.requestsPerSecond} | ${sql.p50} | ${sql.p99} | ${p50}× | ${tput}× | ${errors} |`,
    );
  }
  return lines.join('\n');
}

/**
 * POST api/products/search over 100,000 products (6 attributes each): a partial key-code filter,
 * an exact attribute filter and a partial attribute filter, each beside the same page written
 * directly in SQL and run through a pg pool of the server's size with the same concurrency.
 * PostgreSQL only (the embedded database lives inside the server process).
 */
export async function productSearchBench(): Promise<void> {
  if (!(process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL)) {
    console.log('bench: product-search skipped (needs PostgreSQL: set BENCH_DATABASE_URL or DATABASE_URL)');
    return;
  }
  let seeded: Seeded | undefined;
  const server = await startBenchServer(async (databaseUrl, dataDir) => {
    seeded = await seedProductSearch(databaseUrl as string, dataDir);
  });
  const pool = new pg.Pool({ connectionString: server.databaseUrl, options: PG_SESSION_OPTIONS, max: 10 });
  try {
    const { typeId, definitions } = seeded as Seeded;
    // filter values taken from generated rows, as a user would type them (lower case, a few characters)
    const keyFragment = (await pool.query(`SELECT lower(substr(key_code, 3, 4)) AS f FROM product WHERE key_code LIKE '%-4242'`)).rows[0].f;
    const descFragment = (
      await pool.query(
        'SELECT substr(value, 20, 4) AS f FROM product_type_attribute_value WHERE attribute_definition_id = $1 AND product_id = 777',
        [definitions.description],
      )
    ).rows[0].f;
    const partialValue = `lower(v.value) LIKE '%' || lower($3) || '%'`;
    const scenarios: Scenario[] = [
      {
        // the list as it opens: the API answers the exact total too; the SQL is the page alone, without its total
        name: 'no filter, first page (SQL without the total)',
        body: {},
        sql: directSql('TRUE', false),
        values: [typeId],
      },
      {
        name: `key code contains '${keyFragment}'`,
        body: { keyCode: { value: keyFragment, match: 'PARTIAL' } },
        sql: directSql(`lower(p.key_code) LIKE '%' || lower($2) || '%'`),
        values: [typeId, escapeLike(keyFragment)],
      },
      {
        name: `model equals 'mdl-0042'`,
        body: { attributes: [{ attributeDefinitionId: definitions.model, value: 'mdl-0042', match: 'EXACT' }] },
        sql: directSql(
          'EXISTS (SELECT 1 FROM product_type_attribute_value v WHERE v.product_id = p.id AND v.attribute_definition_id = $2 AND lower(v.value) = lower($3))',
        ),
        values: [typeId, definitions.model, 'mdl-0042'],
      },
      {
        name: `description contains '${descFragment}'`,
        body: { attributes: [{ attributeDefinitionId: definitions.description, value: descFragment, match: 'PARTIAL' }] },
        sql: directSql(
          `EXISTS (SELECT 1 FROM product_type_attribute_value v WHERE v.product_id = p.id AND v.attribute_definition_id = $2 AND ${partialValue})`,
        ),
        values: [typeId, definitions.description, escapeLike(descFragment)],
      },
    ];

    const headers = await signInHeaders(server.url, DEMO_USERS.admin);
    const url = `${server.url}/api/products/search?product-type=${typeId}&page=0&size=${PAGE_SIZE}`;

    // the fixed cost of any authenticated call (session, grants, the user's account), for scale
    const account = await load('GET /api/account', `${server.url}/api/account`, { headers, seconds: SECONDS });
    const rows: { scenario: Scenario; total: number; api: LoadResult; sql: LoadResult }[] = [];
    // what counting 100,000 rows on every call costs: the same unfiltered page with its exact total, by hand
    const counted = await loadSql('SQL no filter with total', pool, directSql('TRUE'), [typeId], { seconds: SECONDS });
    for (const scenario of scenarios) {
      // both answer the same page and total before either is timed
      const res = await fetch(url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(scenario.body),
      });
      if (!res.ok) throw new Error(`search failed: ${res.status} ${await res.text()}`);
      const page = (await res.json()) as { items: { id: number }[]; pageable: { totalElements: number } };
      const direct = await pool.query(scenario.sql, scenario.values);
      const total = page.pageable.totalElements;
      const sameIds = JSON.stringify(page.items.map((i) => i.id)) === JSON.stringify(direct.rows.map((r) => r.id));
      const directTotal = direct.rows[0]?.total;
      if (!sameIds || (directTotal !== null && directTotal !== undefined && Number(directTotal) !== total)) {
        throw new Error(`the API and the direct SQL disagree for ${scenario.name}`);
      }
      const api = await loadPost(`API ${scenario.name}`, url, scenario.body, { headers, seconds: SECONDS });
      const sql = await loadSql(`SQL ${scenario.name}`, pool, scenario.sql, scenario.values, { seconds: SECONDS });
      rows.push({ scenario, total, api, sql });
      console.log(
        `bench: ${scenario.name}: ${total} matches, API ${api.requestsPerSecond} req/s p50 ${api.p50} ms, SQL ${sql.requestsPerSecond} req/s p50 ${sql.p50} ms`,
      );
    }
    const body = [
      `Database: PostgreSQL; ${PRODUCTS.toLocaleString('en')} products of one product type with 6 STRING values each (600,000 values), 90% in one of 100 product groups.`,
      `Each filter: \`POST /api/products/search?product-type=…&size=${PAGE_SIZE}\` (key-code order) through the server in its own process (autocannon),`,
      `then the same page, values, group counts and total as one hand-written statement through a pg pool of the server's size (10) from the bench process.`,
      `20 concurrent callers each, ${SECONDS} s after a 2 s warm-up. On top of its one search statement the API reads the product type whose unit`,
      'the right is checked in (one query; session and grants come from the access cache once warm), and validates and serialises with zod.',
      '',
      ratioTable(rows),
      '',
      `The unfiltered first page with its exact total counted in the same statement, by hand: ${counted.requestsPerSecond} req/s, p50 ${counted.p50} ms, p99 ${counted.p99} ms.`,
      '',
      `For scale, an authenticated call doing little else (\`GET /api/account\`, answered from the access cache once warm) answered ${account.requestsPerSecond} req/s, p50 ${account.p50} ms, p99 ${account.p99} ms under the same load.`,
    ].join('\n');
    writeSection('product-search-postgres', 'Product search (PostgreSQL)', body);
    console.log(body);
  } finally {
    await pool.end();
    await server.stop();
  }
}
