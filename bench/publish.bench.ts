import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type Db, openDatabase, PG_SESSION_OPTIONS } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import * as schema from '../apps/server/src/db/schema/index.js';
import { makeProductType } from '../apps/server/src/factories/catalogue-factories.js';
import { makeDocumentType } from '../apps/server/src/factories/document-factories.js';
import { makeBusinessUnit } from '../apps/server/src/factories/organisation-factories.js';
import { createPublication } from '../apps/server/src/modules/publishing/publications.js';
import { stampFileVersions, stampProducts } from '../apps/server/src/modules/publishing/publish.repo.js';
import { seedDemoIfEmpty } from '../apps/server/src/seed/demo.js';
import { writeSection } from './lib/results.js';

const PRODUCTS = 100_000;
const PRODUCT_TYPES = 4;
const GROUP_SIZE = 10;
const DOCUMENTS = 50_000;
const FILES_PER_DOCUMENT = 4;
const REPETITIONS = 3;

interface Seeded {
  unitId: number;
}

/**
 * One unit: 4 enabled product types with 3 active attribute definitions (and an inactive one),
 * 100,000 products (all dated, 5% scheduled) with 3 values each, in 10,000 groups of 10 and 500 lot
 * ranges; 20 remarks on the groups; 50,000 documents of 5 active types, each linked to one group
 * (and every other one to a product directly), with 4 files each (200,000), each with one published
 * version holding a binary key, 2 countries and a language. Generated in SQL.
 */
export async function seedPublishing(databaseUrl: string, dataDir: string): Promise<Seeded> {
  const database = await openDatabase({ databaseUrl, dataDir });
  await migrate(database);
  await seedDemoIfEmpty(database.db);
  const unit = await makeBusinessUnit(database.db, {
    slug: 'bench-publish',
    displayName: 'Bench publish',
    documentLanguages: ['en', 'de'],
  });
  const typeIds: number[] = [];
  const definitionIds: number[][] = [];
  for (let t = 0; t < PRODUCT_TYPES; t++) {
    const type = await makeProductType(database.db, unit.id, { name: `Implants ${t}`, slug: `implants-${t}`, lotNumbers: true }, [
      { name: 'Size', slug: 'size' },
      { name: 'Material', slug: 'material' },
      { name: 'Length', slug: 'length' },
      { name: 'Retired', slug: 'retired', isActive: false },
    ]);
    typeIds.push(type.id);
    definitionIds.push(type.definitions.map((d) => d.id));
  }
  const docTypeIds: number[] = [];
  for (let t = 0; t < 5; t++)
    docTypeIds.push((await makeDocumentType(database.db, unit.id, { name: `Doc type ${t}`, sortNumber: t + 1 })).id);
  await database.close();

  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const started = Date.now();
  // each step planned with the statistics of the steps before it (fresh tables have none)
  const q = async (text: string, values: unknown[] = []) => {
    const t = Date.now();
    const res = await c.query(text, values);
    if (/^\s*INSERT/i.test(text)) await c.query('ANALYZE');
    if (Date.now() - t > 5000) console.log(`bench: seed step took ${((Date.now() - t) / 1000).toFixed(1)} s: ${text.trim().slice(0, 60)}`);
    return res;
  };
  await q(
    `INSERT INTO product (business_unit_id, product_type_id, key_code, publish_date)
     SELECT $1, ($2::int[])[i % ${PRODUCT_TYPES} + 1], 'KC-' || lpad(i::text, 7, '0'),
            CASE WHEN i % 20 = 0 THEN now() + interval '30 days' ELSE now() - interval '1 day' END
     FROM generate_series(1, ${PRODUCTS}) AS i`,
    [unit.id, typeIds],
  );
  // three active values and one of the inactive definition per product
  await q(
    `INSERT INTO product_type_attribute_value (product_id, attribute_definition_id, value)
     SELECT p.id, (($2::int[][])[array_position($3::int[], p.product_type_id)][k]), 'v' || k || '-' || (p.id % 997)
     FROM product p CROSS JOIN generate_series(1, 4) AS k WHERE p.business_unit_id = $1`,
    [unit.id, definitionIds, typeIds],
  );
  // groups of 10 products of one type: the products numbered in one block of 40 (key codes are numbered, ids need not be)
  const groupOf = `'G-' || p.product_type_id || '-' || ((substr(p.key_code, 4)::int - 1) / ${GROUP_SIZE * PRODUCT_TYPES})`;
  await q(
    `INSERT INTO product_group (business_unit_id, product_type_id, name)
     SELECT DISTINCT $1::int, p.product_type_id, ${groupOf} FROM product p WHERE p.business_unit_id = $1`,
    [unit.id],
  );
  await q(
    `INSERT INTO product_group_product (product_group_id, product_id)
     SELECT g.id, p.id FROM product p JOIN product_group g ON g.product_type_id = p.product_type_id AND lower(g.name) = lower(${groupOf})
     WHERE p.business_unit_id = $1`,
    [unit.id],
  );
  await q(
    `INSERT INTO product_remark (business_unit_id, name, content) SELECT $1, 'Remark ' || r, '<p>Remark ' || r || '</p>' FROM generate_series(1, 20) r`,
    [unit.id],
  );
  await q(
    `INSERT INTO product_group_remark (product_group_id, product_remark_id)
     SELECT g.id, r.id FROM product_group g JOIN product_remark r ON r.business_unit_id = $1 AND r.name = 'Remark ' || (g.id % 20 + 1)
     WHERE g.business_unit_id = $1`,
    [unit.id],
  );
  await q(
    `INSERT INTO lot_range (business_unit_id, product_type_id, name, numbers)
     SELECT $1, t, 'Lots-' || t || '-' || k, ARRAY['LOT-' || t || '-' || k || '-A', 'LOT-' || t || '-' || k || '-B', 'Lot-' || t || '-' || k || '-c']
     FROM unnest($2::int[]) AS t CROSS JOIN generate_series(0, 124) AS k`,
    [unit.id, typeIds],
  );
  await q(
    `INSERT INTO product_lot_range (product_id, lot_range_id)
     SELECT p.id, l.id FROM product p
     JOIN lot_range l ON l.business_unit_id = $1 AND lower(l.name) = lower('Lots-' || p.product_type_id || '-' || ((substr(p.key_code, 4)::int / 4) % 125))
     WHERE p.business_unit_id = $1`,
    [unit.id],
  );
  await q(
    `INSERT INTO document (business_unit_id, number, name, document_type_id)
     SELECT $1, 'DOC-' || lpad(i::text, 6, '0'), 'Instructions ' || i, ($2::int[])[i % 5 + 1] FROM generate_series(1, ${DOCUMENTS}) AS i`,
    [unit.id, docTypeIds],
  );
  const groups = (await q('SELECT array_agg(id ORDER BY id) AS ids FROM product_group WHERE business_unit_id = $1', [unit.id])).rows[0]
    .ids as number[];
  await q(
    `INSERT INTO document_product_group (document_id, product_group_id)
     SELECT d.id, ($2::int[])[(d.id % ${groups.length}) + 1] FROM document d WHERE d.business_unit_id = $1`,
    [unit.id, groups],
  );
  await q(
    `INSERT INTO document_product (document_id, product_id)
     SELECT d.id, p.id FROM document d
     JOIN product p ON p.business_unit_id = $1 AND lower(p.key_code) = lower('KC-' || lpad((d.id % ${PRODUCTS} + 1)::text, 7, '0'))
     WHERE d.business_unit_id = $1 AND d.id % 2 = 0`,
    [unit.id],
  );
  await q(
    `INSERT INTO file (business_unit_id, document_id, name)
     SELECT d.business_unit_id, d.id, d.number || ' part ' || f || '.pdf' FROM document d CROSS JOIN generate_series(1, ${FILES_PER_DOCUMENT}) AS f
     WHERE d.business_unit_id = $1`,
    [unit.id],
  );
  await q(
    `INSERT INTO file_country (file_id, country_iso_code)
     SELECT f.id, (ARRAY['DE','AT','CH','FR','BE','NL','IT','ES'])[(f.id + k) % 8 + 1] FROM file f CROSS JOIN generate_series(0, 1) AS k
     WHERE f.business_unit_id = $1`,
    [unit.id],
  );
  await q(
    `INSERT INTO file_language (file_id, language_iso_code) SELECT f.id, (ARRAY['en','de'])[f.id % 2 + 1] FROM file f WHERE f.business_unit_id = $1`,
    [unit.id],
  );
  await q(
    `INSERT INTO file_version (file_id, business_unit_id, label, version_date, publish_date, binary_key, binary_name, binary_size, media_type, sha256)
     SELECT f.id, f.business_unit_id, '1.0', current_date - (f.id % 900), now() - interval '1 day',
            'documents/bench/' || f.id, 'ifu-' || f.id || '.pdf', 250000 + f.id % 1000, 'application/pdf', md5(f.id::text)
     FROM file f WHERE f.business_unit_id = $1`,
    [unit.id],
  );
  await q('VACUUM ANALYZE');
  const n = (
    await q(
      `SELECT (SELECT count(*) FROM product) AS products, (SELECT count(*) FROM product_group_product) AS grouped,
              (SELECT count(*) FROM file) AS files, (SELECT count(*) FROM file_version) AS versions`,
    )
  ).rows[0];
  await c.end();
  console.log(
    `bench: seeded ${n.products} products (${n.grouped} in groups), ${n.files} files, ${n.versions} versions in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return { unitId: unit.id };
}

/**
 * The baseline: the same rows into the same pub_* tables, one plain INSERT … SELECT per table,
 * without hashes or aggregated arrays (empty arrays, an empty hash).
 */
async function rawCopy(c: pg.Client, unit: number): Promise<void> {
  const pub = (
    await c.query(
      `INSERT INTO publication (business_unit_id, number, kind, content_id, counts, site)
       VALUES ($1, 1000000 + (random() * 1000000)::int, 'PUBLISH', 0, '{}', '{}') RETURNING id`,
      [unit],
    )
  ).rows[0].id as number;
  const publicProduct = `p.business_unit_id = $1 AND p.publish_date IS NOT NULL
    AND EXISTS (SELECT 1 FROM product_type t WHERE t.id = p.product_type_id AND t.status = 'ENABLED')`;
  const publicVersion = 'v.publish_date IS NOT NULL AND v.binary_key IS NOT NULL AND (f.archive_date IS NULL OR f.archive_date > now())';
  const statements = [
    `INSERT INTO pub_product (publication_id, product_id, product_type_id, key_code, publish_date, hash)
     SELECT $2, p.id, p.product_type_id, p.key_code, p.publish_date, '' FROM product p WHERE ${publicProduct}`,
    `INSERT INTO pub_attribute_value (publication_id, product_id, attribute_definition_id, value)
     SELECT $2, v.product_id, v.attribute_definition_id, v.value FROM product_type_attribute_value v
     JOIN product_type_attribute_definition d ON d.id = v.attribute_definition_id AND d.is_active JOIN product p ON p.id = v.product_id
     WHERE ${publicProduct}`,
    `INSERT INTO pub_lot_range (publication_id, lot_range_id, product_type_id, name, numbers, lot_keys, applies_to_all, archive_date)
     SELECT $2, l.id, l.product_type_id, l.name, l.numbers, l.numbers, l.applies_to_all, l.archive_date
     FROM lot_range l JOIN product_type t ON t.id = l.product_type_id AND t.status = 'ENABLED' WHERE l.business_unit_id = $1`,
    `INSERT INTO pub_product_group (publication_id, product_group_id, product_type_id, name)
     SELECT $2, g.id, g.product_type_id, g.name FROM product_group g WHERE g.business_unit_id = $1
       AND EXISTS (SELECT 1 FROM product_group_product gp JOIN product p ON p.id = gp.product_id WHERE gp.product_group_id = g.id AND ${publicProduct})`,
    `INSERT INTO pub_remark (publication_id, remark_id, name, hcp, patient, content, storage_key, visualization_order)
     SELECT $2, r.id, r.name, r.hcp, r.patient, r.content, r.cloud_storage_object_key, r.visualization_order FROM product_remark r
     WHERE r.business_unit_id = $1 AND EXISTS (SELECT 1 FROM product_group_remark gr JOIN pub_product_group g
       ON g.publication_id = $2 AND g.product_group_id = gr.product_group_id WHERE gr.product_remark_id = r.id)`,
    `INSERT INTO pub_document (publication_id, document_id, number, name, document_type_id, hash)
     SELECT $2, d.id, d.number, d.name, d.document_type_id, '' FROM document d JOIN document_type dt ON dt.id = d.document_type_id AND dt.active
     WHERE d.business_unit_id = $1 AND EXISTS (SELECT 1 FROM file f JOIN file_version v ON v.file_id = f.id WHERE f.document_id = d.id AND ${publicVersion})`,
    `INSERT INTO pub_file_version (publication_id, file_version_id, file_id, document_id, file_name, label, version_date, valid_to,
       publish_date, archive_date, rest_of_the_world, all_lot_numbers, historical, remarks, countries, languages,
       binary_key, binary_name, binary_size, media_type, sha256, hash)
     SELECT $2, v.id, f.id, f.document_id, f.name, v.label, v.version_date, v.valid_to, v.publish_date, f.archive_date,
       f.rest_of_the_world, f.all_lot_numbers, f.historical, f.remarks, '{}', '{}',
       v.binary_key, v.binary_name, v.binary_size, v.media_type, v.sha256, ''
     FROM file_version v JOIN file f ON f.id = v.file_id JOIN document d ON d.id = f.document_id
     JOIN document_type dt ON dt.id = d.document_type_id AND dt.active
     WHERE v.business_unit_id = $1 AND f.business_unit_id = $1 AND d.business_unit_id = $1 AND ${publicVersion}`,
    `INSERT INTO pub_document_product (publication_id, product_id, document_id)
     SELECT $2, l.product_id, l.document_id FROM (
       SELECT dp.product_id, dp.document_id FROM document_product dp JOIN document d ON d.id = dp.document_id WHERE d.business_unit_id = $1
       UNION
       SELECT gp.product_id, dg.document_id FROM document_product_group dg JOIN document d ON d.id = dg.document_id
       JOIN product_group_product gp ON gp.product_group_id = dg.product_group_id WHERE d.business_unit_id = $1
     ) l JOIN pub_product pp ON pp.publication_id = $2 AND pp.product_id = l.product_id
     JOIN pub_document pd ON pd.publication_id = $2 AND pd.document_id = l.document_id`,
  ];
  for (const text of statements) await c.query(text, text.includes('$1') ? [unit, pub] : [pub]);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Publishing a unit of 100,000 products and 200,000 files: createPublication (site document and
 * every pub_* row, hashes and arrays) in a transaction, beside the baseline (the same rows copied by
 * plain INSERT … SELECT) in the same run on the same connection settings, 3 repetitions each,
 * alternating, every transaction rolled back so that each starts from the same tables. The first,
 * untimed compile prints its plans (auto_explain). PostgreSQL only.
 */
export async function publishBench(): Promise<void> {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!base) {
    console.log('bench: publish skipped (needs PostgreSQL: set BENCH_DATABASE_URL or DATABASE_URL)');
    return;
  }
  const name = `vellum_bench_publish_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  const databaseUrl = u.toString();
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const dataDir = mkdtempSync(join(tmpdir(), 'vellum-bench-'));
  const client = new pg.Client({ connectionString: databaseUrl, options: PG_SESSION_OPTIONS });
  try {
    const { unitId } = await seedPublishing(databaseUrl, dataDir);
    await client.connect();
    const db = drizzle(client, { schema }) as unknown as Db;
    const compile = () =>
      db.transaction(async (tx) => {
        const p = await createPublication(tx, {
          businessUnitId: unitId,
          actor: { userId: null, login: 'bench' },
          includeFuture: false,
          customDate: null,
          stamped: { products: 0, files: 0, broughtForward: 0 },
        });
        tx.rollback();
        return p;
      });
    const timed = async (work: () => Promise<unknown>) => {
      const t = performance.now();
      try {
        await work();
      } catch (err) {
        if (!(err instanceof Error && err.message === 'Rollback')) throw err;
      }
      return performance.now() - t;
    };
    /**
     * A first publish as `POST api/publish` runs it, less the lease and readiness: every product and
     * current version of the unit without a date (undated first, untimed, in the same transaction),
     * then the stamps and the compile, timed.
     */
    const firstPublish = async () => {
      let ms = 0;
      await db
        .transaction(async (tx) => {
          await tx.execute(sql`UPDATE product SET publish_date = NULL WHERE business_unit_id = ${unitId}`);
          await tx.execute(sql`UPDATE file_version SET publish_date = NULL WHERE business_unit_id = ${unitId}`);
          const t = performance.now();
          const options = { includeFuture: false, customDate: null };
          const products = await stampProducts(tx, unitId, options);
          const files = await stampFileVersions(tx, unitId, options);
          await createPublication(tx, {
            businessUnitId: unitId,
            actor: { userId: null, login: 'bench' },
            includeFuture: false,
            customDate: null,
            stamped: { products: products.stamped, files: files.stamped, broughtForward: 0 },
          });
          ms = performance.now() - t;
          tx.rollback();
        })
        .catch((err) => {
          if (!(err instanceof Error && err.message === 'Rollback')) throw err;
        });
      return ms;
    };
    const baseline = async () => {
      await client.query('BEGIN');
      try {
        await rawCopy(client, unitId);
      } finally {
        await client.query('ROLLBACK');
      }
    };

    // untimed: the compile once with its plans printed, and the counts it writes
    await client.query(`LOAD 'auto_explain'`);
    await client.query(`SET auto_explain.log_min_duration = 200; SET auto_explain.log_analyze = on; SET client_min_messages = log`);
    const plans: string[] = [];
    const onNotice = (n: { message?: string }) => plans.push(n.message ?? '');
    client.on('notice', onNotice);
    let counts: unknown;
    await db
      .transaction(async (tx) => {
        counts = (
          await createPublication(tx, {
            businessUnitId: unitId,
            actor: { userId: null, login: 'bench' },
            includeFuture: false,
            customDate: null,
            stamped: { products: 0, files: 0, broughtForward: 0 },
          })
        ).counts;
        tx.rollback();
      })
      .catch(() => {});
    client.off('notice', onNotice);
    await client.query(`SET auto_explain.log_min_duration = -1; SET client_min_messages = notice`);
    for (const p of plans) console.log(p);
    console.log('bench: publication counts', JSON.stringify(counts));

    const publishMs: number[] = [];
    const baselineMs: number[] = [];
    const firstMs: number[] = [];
    for (let i = 0; i < REPETITIONS; i++) {
      baselineMs.push(await timed(baseline));
      publishMs.push(await timed(compile));
      firstMs.push(await firstPublish());
      console.log(
        `bench: run ${i + 1}: createPublication ${publishMs[i].toFixed(0)} ms, first publish ${firstMs[i].toFixed(0)} ms, baseline ${baselineMs[i].toFixed(0)} ms`,
      );
    }
    const p = median(publishMs);
    const f = median(firstMs);
    const b = median(baselineMs);
    const body = [
      `Database: PostgreSQL; one unit with ${PRODUCTS.toLocaleString('en')} products (4 enabled types, 3 active attribute values each and one of an`,
      `inactive definition, 10,000 groups of 10, 500 lot ranges, 5% scheduled), ${DOCUMENTS.toLocaleString('en')} documents (each linked to a group,`,
      `every other one to a product) and ${(DOCUMENTS * FILES_PER_DOCUMENT).toLocaleString('en')} files with one published version (binary key, 2 countries, a language).`,
      `The publication holds ${JSON.stringify(counts)}.`,
      '`createPublication` (site document, publication row, one INSERT … SELECT per pub_* table with md5 hashes and aggregated arrays)',
      'in a transaction, beside the baseline: the same rows copied into the same pub_* tables by plain INSERT … SELECT without hashes',
      `or arrays, same connection, alternating, ${REPETITIONS} repetitions each, every transaction rolled back; median.`,
      '',
      '| | median ms | runs ms |',
      '|---|---:|---|',
      `| createPublication (every item already dated) | ${p.toFixed(0)} | ${publishMs.map((x) => x.toFixed(0)).join(', ')} |`,
      `| first publish: stamp 100,000 products and 200,000 versions, then createPublication | ${f.toFixed(0)} | ${firstMs.map((x) => x.toFixed(0)).join(', ')} |`,
      `| baseline INSERT … SELECT | ${b.toFixed(0)} | ${baselineMs.map((x) => x.toFixed(0)).join(', ')} |`,
      `| ratio createPublication ÷ baseline (goal ≤ 3) | ${(p / b).toFixed(2)}× | |`,
      `| ratio first publish ÷ baseline (goal ≤ 3) | ${(f / b).toFixed(2)}× | |`,
      '',
      `Load caveat: the machine was shared with other work during the run (load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')} at its end);`,
      'both sides ran in the same minutes, so the ratio is the figure to read, not the absolute times. Most of either time is the',
      'maintenance of the pub_* indexes (trigram GIN on key codes and attribute values), which the baseline pays as well.',
    ].join('\n');
    writeSection('publish-postgres', 'Publishing (PostgreSQL)', body);
    console.log(body);
  } finally {
    await client.end().catch(() => {});
    const a = new pg.Client({ connectionString: base });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await a.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
