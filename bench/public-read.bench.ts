import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type Database, openDatabase, PG_SESSION_OPTIONS } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { makeBusinessUnit } from '../apps/server/src/factories/organisation-factories.js';
import { searchProducts } from '../apps/server/src/modules/public-read/catalogue.js';
import { searchProductsSql } from '../apps/server/src/modules/public-read/catalogue.repo.js';
import { documentsFilter, productDocuments } from '../apps/server/src/modules/public-read/documents.js';
import { documentFilesSql } from '../apps/server/src/modules/public-read/documents.repo.js';
import { liveSite } from '../apps/server/src/modules/public-read/live-site.js';
import { liveByUnitSql } from '../apps/server/src/modules/public-read/live-site.repo.js';
import { definition, insertPublication, productType, site } from '../apps/server/src/modules/public-read/public-read.test-support.js';
import type { LivePublication, Visitor } from '../apps/server/src/modules/public-read/public-read.types.js';
import { BENCH_SECONDS, type LoadResult } from './lib/load.js';
import { writeSection } from './lib/results.js';
import { loadCalls } from './lib/sql-load.js';

const PRODUCTS = 100_000;
const DOCUMENTS = 50_000;
/** Two files per document, two versions per file: 200,000 public versions. */
const FILES = 100_000;
const LOT_RANGES = 1_000;
/** The seeded publication's size (the site bench seeds the same shape, smaller for a smoke run). */
export interface PublicReadSize {
  products: number;
  documents: number;
  files: number;
  lotRanges: number;
}
export const FULL_SIZE: PublicReadSize = { products: PRODUCTS, documents: DOCUMENTS, files: FILES, lotRanges: LOT_RANGES };
const CALLERS = 20;
const POOL = 10;
const SECONDS = Math.min(8, BENCH_SECONDS);
const SAMPLES = 500;
const COUNTRIES = ['DE', 'AT', 'CH', 'FR', 'BE', 'NL', 'IT', 'ES', 'SE', 'DK', 'GB', 'US'];
const LANGUAGES = ['en', 'de', 'fr', 'it', 'es', 'nl', 'sv', 'da'];

/** A fresh PostgreSQL database, migrated; dropped by the returned function. */
async function freshDatabase(base: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `vellum_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'vellum-bench-'));
  const database = await openDatabase({ databaseUrl: u.toString(), dataDir });
  await migrate(database);
  await database.close();
  return {
    url: u.toString(),
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      const a = new pg.Client({ connectionString: base });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/**
 * One publication of one unit, written directly in SQL: 100,000 products (a tenth scheduled, a
 * fifth linked to one of 1,000 lot ranges, each in one of 100 groups) with 2 attribute values
 * each, 50,000 documents of 5 types each documenting 6 products, 100,000 files with 2 public
 * versions each (200,000: half the countries each, a tenth rest of the world, a tenth for one lot
 * range, one in 97 archived, a tenth of the second versions scheduled).
 */
export async function seedPublicRead(
  database: Database,
  url: string,
  size: PublicReadSize = FULL_SIZE,
): Promise<{ unitId: number; contentId: number }> {
  const { products: PRODUCTS, documents: DOCUMENTS, files: FILES, lotRanges: LOT_RANGES } = size;
  const unit = await makeBusinessUnit(database.db, { slug: 'bench-public', displayName: 'Bench public' });
  const s = site(
    unit.id,
    unit.slug,
    {
      regions: [{ id: 1, name: 'World', countries: COUNTRIES.map((isoCode) => ({ isoCode, name: isoCode })) }],
      documentLanguages: LANGUAGES,
      productTypes: [
        productType(1, {
          slug: 'implants',
          lotNumbers: true,
          attributeDefinitions: [
            definition(11, { name: 'Size', searchTypeHcp: 'SEARCHABLE_EXACT' }),
            definition(12, { name: 'Material', searchTypeHcp: 'SEARCHABLE_PARTIAL' }),
            definition(19, { name: 'Lot', type: 'MULTI_ARRAY', searchTypeHcp: 'SEARCHABLE_EXACT' }),
          ],
        }),
      ],
      documentTypes: [1, 2, 3, 4, 5].map((id) => ({ id, name: `Type ${id}`, hcp: true, patient: false, sortNumber: id })),
    },
    { latestVersionVisualisationOption: 'COUNTRY' },
  );
  const contentId = await insertPublication(database.db, {
    unitId: unit.id,
    number: 1,
    site: s,
    createdDate: new Date(Date.now() - 86_400_000),
  });
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  c.on('error', () => {});
  const started = Date.now();
  await c.query(
    `INSERT INTO pub_product (publication_id, product_id, product_type_id, key_code, publish_date, lot_range_ids, product_group_ids, hash)
     SELECT $1::int, i, 1, 'KC-' || lpad(i::text, 6, '0'),
            CASE WHEN i % 10 = 0 THEN now() + interval '30 days' ELSE now() - interval '1 day' END,
            CASE WHEN i % 5 = 0 THEN ARRAY[i % ${LOT_RANGES} + 1] ELSE '{}'::int[] END, ARRAY[i % 100 + 1], md5(i::text)
     FROM generate_series(1, ${PRODUCTS}) AS i`,
    [contentId],
  );
  await c.query(
    `INSERT INTO pub_attribute_value (publication_id, product_id, attribute_definition_id, value)
     SELECT $1::int, i, 11, (i % 40 + 1) || ' mm' FROM generate_series(1, ${PRODUCTS}) AS i
     UNION ALL
     SELECT $1::int, i, 12, (ARRAY['Titanium','Steel','PEEK','Cobalt chrome'])[i % 4 + 1] || ' ' || substr(md5('m' || i), 1, 6)
     FROM generate_series(1, ${PRODUCTS}) AS i`,
    [contentId],
  );
  await c.query(
    `INSERT INTO pub_lot_range (publication_id, lot_range_id, product_type_id, name, numbers, lot_keys, applies_to_all, archive_date)
     SELECT $1::int, r, 1, 'Range ' || r, n, (SELECT array_agg(lower(x)) FROM unnest(n) x), r = ${LOT_RANGES},
            CASE WHEN r % 50 = 0 THEN now() - interval '1 day' END
     FROM generate_series(1, ${LOT_RANGES}) AS r, LATERAL (SELECT array_agg('L' || r || '-' || k) AS n FROM generate_series(1, 5) AS k) l`,
    [contentId],
  );
  await c.query(
    `INSERT INTO pub_remark (publication_id, remark_id, name, hcp, patient, content, visualization_order)
     SELECT $1::int, r, 'Remark ' || r, true, r % 2 = 0, '<p>Remark ' || r || '</p>', r FROM generate_series(1, 20) AS r`,
    [contentId],
  );
  await c.query(
    `INSERT INTO pub_product_group (publication_id, product_group_id, product_type_id, name, remark_ids)
     SELECT $1::int, g, 1, 'Group ' || g, ARRAY[g % 20 + 1, (g + 7) % 20 + 1] FROM generate_series(1, 100) AS g`,
    [contentId],
  );
  await c.query(
    `INSERT INTO pub_document (publication_id, document_id, number, name, document_type_id, hash)
     SELECT $1::int, d, 'DOC-' || lpad(d::text, 6, '0'), 'Instructions ' || substr(md5('n' || d), 1, 10), d % 5 + 1, md5(d::text)
     FROM generate_series(1, ${DOCUMENTS}) AS d`,
    [contentId],
  );
  await c.query(
    `INSERT INTO pub_document_product (publication_id, product_id, document_id)
     SELECT DISTINCT $1::int, i, d FROM generate_series(1, ${PRODUCTS}) AS i,
       LATERAL (VALUES (i % ${DOCUMENTS} + 1), ((i * 7) % ${DOCUMENTS} + 1), ((i * 13 + 5) % ${DOCUMENTS} + 1)) AS l(d)`,
    [contentId],
  );
  await c.query(
    `INSERT INTO pub_file_version (publication_id, file_version_id, file_id, document_id, file_name, label, version_date, publish_date,
       archive_date, rest_of_the_world, all_lot_numbers, historical, countries, languages, lot_range_ids, binary_key, binary_name,
       binary_size, media_type, sha256, hash)
     SELECT $1::int, (f - 1) * 2 + v, f, (f - 1) % ${DOCUMENTS} + 1, 'File ' || f, v || '.0', current_date - 400 + v * 100 - f % 50,
            CASE WHEN v = 2 AND f % 10 = 7 THEN now() + interval '30 days' ELSE now() - interval '2 days' END,
            CASE WHEN f % 97 = 0 THEN now() - interval '1 day' END,
            f % 10 = 0, f % 10 <> 3, false,
            CASE WHEN f % 10 = 0 THEN '{}'::text[] ELSE (SELECT array_agg(c) FROM unnest($2::text[]) WITH ORDINALITY AS x(c, n) WHERE n % 2 = f % 2) END,
            ARRAY[($3::text[])[f % 8 + 1]],
            CASE WHEN f % 10 = 3 THEN ARRAY[f % ${LOT_RANGES} + 1] ELSE '{}'::int[] END,
            'documents/bench/' || f || '-' || v, 'ifu-' || f || '.pdf', 250000 + f % 1000, 'application/pdf', md5(f || '-' || v), md5(f || '/' || v)
     FROM generate_series(1, ${FILES}) AS f CROSS JOIN generate_series(1, 2) AS v`,
    [contentId, COUNTRIES, LANGUAGES],
  );
  await c.query('VACUUM ANALYZE');
  const n = (
    await c.query(
      `SELECT (SELECT count(*) FROM pub_product) AS products, (SELECT count(*) FROM pub_file_version) AS versions,
              (SELECT count(*) FROM pub_document_product) AS links`,
    )
  ).rows[0];
  await c.end();
  console.log(
    `bench: seeded ${n.products} products, ${n.links} document links and ${n.versions} file versions in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return { unitId: unit.id, contentId };
}

function ratioRows(rows: { name: string; api: LoadResult; sql: LoadResult }[]): string {
  const lines = [
    '| question | functions req/s | functions p50 ms | functions p99 ms | SQL req/s | SQL p50 ms | SQL p99 ms | p99 functions/SQL | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const { name, api, sql } of rows) {
    const ratio = sql.p99 > 0 ? (api.p99 / sql.p99).toFixed(2) : 'n/a';
    lines.push(
      `| ${name} | ${api.requestsPerSecond} | ${api.p50} | ${api.p99} | ${sql.requestsPerSecond} | ${sql.p50} | ${sql.p99} | ${ratio}× | ${api.errors + sql.errors} |`,
    );
  }
  return lines.join('\n');
}

/**
 * The public read model over one publication of 100,000 products and 200,000 file versions: a
 * key-code lookup and a product's document and file list through the module's functions (the
 * live publication, then the question), beside the very same statements run directly through a
 * pg pool of the same size, 20 concurrent callers each. PostgreSQL only.
 */
export async function publicReadBench(): Promise<void> {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!base) {
    console.log('bench: public-read skipped (needs PostgreSQL: set BENCH_DATABASE_URL or DATABASE_URL)');
    return;
  }
  const fresh = await freshDatabase(base);
  const database = await openDatabase({ databaseUrl: fresh.url });
  const pool = new pg.Pool({ connectionString: fresh.url, options: PG_SESSION_OPTIONS, max: POOL });
  const dialect = new PgDialect();
  const text = (q: SQL) => dialect.sqlToQuery(q);
  try {
    const { unitId, contentId } = await seedPublicRead(database, fresh.url);
    const at = new Date();
    const db = database.db;
    const live = (await liveSite(db, { id: unitId }, at)) as LivePublication;
    // visible products spread over the table (every tenth is scheduled)
    const productIds = Array.from({ length: SAMPLES }, (_, k) => ((k * 197) % PRODUCTS) + 1).map((i) => (i % 10 === 0 ? i + 1 : i));
    const keyCodes = productIds.map((i) => `kc-${String(i).padStart(6, '0')}`);
    const visitor: Visitor = { audience: 'HCP', country: 'DE', language: 'de' };

    // the statements the functions run, rendered once as the direct side sends them
    const liveQuery = text(liveByUnitSql(unitId, at, [contentId]));
    const searchQueries = keyCodes.map((k) =>
      text(
        searchProductsSql(
          { contentId, productTypeId: 1, at, keyCode: { value: k, match: 'EXACT' }, attributes: [], shownAttributeIds: [11, 12] },
          { limit: 10, offset: 0 },
        ),
      ),
    );
    const documentQueries = productIds.map((id) =>
      text(documentFilesSql(documentsFilter(live, id, visitor, at) as NonNullable<ReturnType<typeof documentsFilter>>)),
    );

    // both sides answer alike before either is timed
    let files = 0;
    for (let i = 0; i < SAMPLES; i += 50) {
      const hit = await searchProducts(db, live, { productTypeSlug: 'implants', audience: 'HCP', keyCode: keyCodes[i] }, at);
      const direct = await pool.query(searchQueries[i].sql, searchQueries[i].params);
      if (hit?.kind !== 'page' || hit.items[0]?.productId !== direct.rows[0].productId || hit.items[0]?.productId !== productIds[i]) {
        throw new Error(`the key-code lookup and the direct SQL disagree for ${keyCodes[i]}`);
      }
      const docs = await productDocuments(db, live, productIds[i], visitor, at);
      const rows = await pool.query(documentQueries[i].sql, documentQueries[i].params);
      const listed = docs?.reduce((n, d) => n + d.files.length, 0) ?? -1;
      // the direct rows include rest-of-world files that the rule drops beside a country file
      if (docs === null || listed > rows.rowCount! || (rows.rowCount! > 0 && listed === 0)) {
        throw new Error(`the document list and the direct SQL disagree for product ${productIds[i]}`);
      }
      files += listed;
    }
    const filesPerProduct = (files / (SAMPLES / 50)).toFixed(1);
    console.log(`bench: ${filesPerProduct} files listed per product on average`);

    for (const [name, q] of [
      ['key-code lookup', searchQueries[0]],
      ['document list', documentQueries[0]],
    ] as const) {
      const plan = await pool.query(`EXPLAIN (ANALYZE, COSTS OFF) ${q.sql}`, q.params);
      console.log(`bench: plan of the ${name}:\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }

    const direct = async (second: { sql: string; params: unknown[] }) => {
      await pool.query(liveQuery.sql, liveQuery.params);
      await pool.query(second.sql, second.params);
    };
    const rows: { name: string; api: LoadResult; sql: LoadResult }[] = [];
    // every loop cycles through the same samples; CALLERS callers for SECONDS after the warm-up
    const load = (name: string, call: (i: number) => Promise<unknown>) =>
      loadCalls(name, (n) => call(n % SAMPLES), { connections: CALLERS, seconds: SECONDS });
    const keyApi = await load('functions: key-code lookup', async (i) => {
      const l = (await liveSite(db, { id: unitId }, at)) as LivePublication;
      await searchProducts(db, l, { productTypeSlug: 'implants', audience: 'HCP', keyCode: keyCodes[i] }, at);
    });
    const keySql = await load('SQL: key-code lookup', (i) => direct(searchQueries[i]));
    rows.push({ name: '(a) key-code lookup (exact)', api: keyApi, sql: keySql });
    const docApi = await load('functions: document list', async (i) => {
      const l = (await liveSite(db, { id: unitId }, at)) as LivePublication;
      await productDocuments(db, l, productIds[i], visitor, at);
    });
    const docSql = await load('SQL: document list', (i) => direct(documentQueries[i]));
    rows.push({ name: `(b) a product's documents and files`, api: docApi, sql: docSql });
    for (const r of rows) console.log(`bench: ${r.name}: functions p99 ${r.api.p99} ms, SQL p99 ${r.sql.p99} ms`);

    const body = [
      `Database: PostgreSQL; one publication of one unit written directly in SQL: ${PRODUCTS.toLocaleString('en')} products (a tenth scheduled,`,
      `2 attribute values each, a fifth linked to one of ${LOT_RANGES.toLocaleString('en')} lot ranges), ${DOCUMENTS.toLocaleString('en')} documents each documenting 6 products,`,
      `${FILES.toLocaleString('en')} files with 2 public versions each (200,000 pub_file_version rows: half the countries each, a tenth rest of the world,`,
      'a tenth for one lot range, one in 97 archived, a tenth of the second versions scheduled).',
      `Each question through the module's functions in this process (\`liveSite\` by unit id with its site cached, then \`searchProducts\``,
      `by exact key code, or \`productDocuments\` for a visitor in Germany reading German under COUNTRY: ${filesPerProduct} files listed per product on average),`,
      `beside the same two statements rendered from the same builders and sent through a pg pool of the same size (${POOL}), one after the other.`,
      `${CALLERS} concurrent callers each, ${SECONDS} s after a 2 s warm-up, cycling through ${SAMPLES} products. Goal: p99 functions/SQL ≤ 1.5.`,
      'Both sides run in this one Node process, which with PostgreSQL saturates the 2 cores: the p99 ratio follows the CPU a call costs in the',
      "process (drizzle's execute path, the rules in TypeScript) as much as the database. The machine is shared with other work, so compare",
      'the rows of one run.',
      '',
      ratioRows(rows),
    ].join('\n');
    writeSection('public-read-postgres', 'Public read model (PostgreSQL)', body);
    console.log(body);
  } finally {
    await pool.end();
    await database.close();
    await fresh.drop();
  }
}
