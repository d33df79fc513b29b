import pg from 'pg';
import { openDatabase, PG_SESSION_OPTIONS } from '../apps/server/src/db/client.js';
import { makeBusinessUnit } from '../apps/server/src/factories/organisation-factories.js';
import { DEMO_USERS, seedDemoIfEmpty } from '../apps/server/src/seed/demo.js';
import { BENCH_SECONDS, type LoadResult, load } from './lib/load.js';
import { writeSection } from './lib/results.js';
import { signInHeaders, startBenchServer } from './lib/server.js';
import { loadSql } from './lib/sql-load.js';

/** 20 languages besides English; 1,000 product types with a name and an HCP key-code label: 2,000 keys. */
const LANGUAGES = [
  'de',
  'fr',
  'nl',
  'it',
  'es',
  'pt',
  'pt-BR',
  'sv',
  'da',
  'fi',
  'no',
  'pl',
  'cs',
  'sk',
  'hu',
  'ro',
  'el',
  'tr',
  'ja',
  'zh-TW',
];
const TYPES = 1_000;
const KEYS = TYPES * 2;
/** Every tenth key of a language is left untranslated. */
const MISSING_EVERY = 10;
const PAGE_SIZE = 20;
const SECONDS = Math.min(6, BENCH_SECONDS);

/** The unit, its product types and 20 × 2,000 translations (90% of the keys translated), generated in SQL. */
async function seedTranslations(databaseUrl: string, dataDir: string): Promise<number> {
  const database = await openDatabase({ databaseUrl, dataDir });
  await seedDemoIfEmpty(database.db);
  const unit = await makeBusinessUnit(database.db, {
    slug: 'bench-translations',
    displayName: 'Bench translations',
    interfaceLanguages: ['en', ...LANGUAGES],
  });
  await database.close();
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const started = Date.now();
  await c.query(
    `INSERT INTO product_type (business_unit_id, name, slug, key_code_label_hcp)
     SELECT $1, 'Type ' || substr(md5('t' || i), 1, 10) || ' ' || i, 'type-' || i, 'REF ' || i FROM generate_series(1, ${TYPES}) AS i`,
    [unit.id],
  );
  await c.query(
    `INSERT INTO internationalization (business_unit_id, entity_name, entity_id, field, translation_key, interface_language_iso, translated_value)
     SELECT $1, 'product_type', p.id, f.field, 'product_type.' || p.id || '.' || f.field, l.language, f.value || ' (' || l.language || ')'
     FROM product_type p
     CROSS JOIN LATERAL (VALUES ('name', p.name), ('keyCodeLabelHcp', p.key_code_label_hcp)) AS f(field, value)
     CROSS JOIN unnest($2::text[]) AS l(language)
     WHERE p.business_unit_id = $1 AND (p.id + length(f.field)) % ${MISSING_EVERY} <> 0`,
    [unit.id, LANGUAGES],
  );
  await c.query('VACUUM ANALYZE');
  const { rows } = await c.query('SELECT count(*)::int AS n FROM internationalization WHERE business_unit_id = $1', [unit.id]);
  await c.end();
  console.log(`bench: seeded ${KEYS} keys and ${rows[0].n} translations in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return unit.id;
}

/**
 * The API's answer as one hand-written statement doing what its statements do (decision 0089): the
 * keys of the unit's product types (fields with an English value) sorted in lowercase-key order,
 * the page's translations in one language (missing only: the keys without one, an anti-join), and
 * the counts per language from the kept counts less the translations of empty English values; the
 * total is the number of keys (missing only: less the language's translated count).
 */
export function directSql(missingOnly: boolean): string {
  return `WITH keys_all AS (
      SELECT 'product_type.' || p.id || '.' || f.field AS key, f.field, p.name AS label, f.value AS source
      FROM product_type p
      CROSS JOIN LATERAL (VALUES ('name', p.name), ('keyCodeLabelHcp', p.key_code_label_hcp), ('keyCodeLabelPatient', p.key_code_label_patient)) AS f(field, value)
      WHERE p.business_unit_id = $1),
    keys AS (SELECT * FROM keys_all WHERE source <> ''),
    kept AS (SELECT c.interface_language_iso AS language, c.field, c.translations FROM internationalization_count c
             WHERE c.business_unit_id = $1 AND c.entity_name = 'product_type' AND c.interface_language_iso = ANY($3) AND c.translations > 0),
    emptied AS MATERIALIZED (SELECT i.interface_language_iso AS language, count(*) AS n FROM keys_all k
                JOIN internationalization i ON i.business_unit_id = $1 AND i.translation_key = k.key
                WHERE coalesce(k.source, '') = '' AND k.field IN (SELECT DISTINCT field FROM kept) GROUP BY 1),
    counts AS (SELECT l.language, coalesce((SELECT sum(translations) FROM kept WHERE kept.language = l.language), 0)
                 - coalesce((SELECT n FROM emptied e WHERE e.language = l.language), 0) AS translated
               FROM unnest($3::text[]) AS l(language)),
    page AS (
      SELECT * FROM keys k
      ${
        missingOnly
          ? `WHERE NOT EXISTS (SELECT 1 FROM internationalization i WHERE i.business_unit_id = $1 AND i.entity_name = 'product_type'
                              AND i.interface_language_iso = $2 AND i.translation_key = k.key)`
          : ''
      }
      ORDER BY lower(k.key) COLLATE "C", k.key COLLATE "C" LIMIT ${PAGE_SIZE})
    SELECT (SELECT json_agg(r ORDER BY lower(r.key) COLLATE "C", r.key COLLATE "C") FROM (
              SELECT p.*, i.translated_value FROM page p LEFT JOIN internationalization i ON i.business_unit_id = $1
                AND i.entity_name = 'product_type' AND i.interface_language_iso = $2 AND i.translation_key = p.key) r) AS items,
      (SELECT count(*) FROM keys) ${missingOnly ? '- (SELECT translated FROM counts WHERE language = $2)' : ''} AS total,
      (SELECT json_agg(counts) FROM counts) AS counts`;
}

interface Page {
  items: { translationKey: string }[];
  pageable: { totalElements: number };
  counts: { interfaceLanguageISO: string; translated: number }[];
}

/**
 * GET api/internationalizations for a unit with 20 interface languages besides English and 2,000
 * keys (product type names and key-code labels): the translator's first page in one language,
 * and its missing filter, each beside the same answer written directly in SQL. PostgreSQL only.
 */
export async function translationsBench(): Promise<void> {
  if (!(process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL)) {
    console.log('bench: translations skipped (needs PostgreSQL: set BENCH_DATABASE_URL or DATABASE_URL)');
    return;
  }
  let unitId = 0;
  const server = await startBenchServer(async (databaseUrl, dataDir) => {
    unitId = await seedTranslations(databaseUrl as string, dataDir);
  });
  const pool = new pg.Pool({ connectionString: server.databaseUrl, options: PG_SESSION_OPTIONS, max: 10 });
  try {
    const headers = await signInHeaders(server.url, DEMO_USERS.admin);
    const rows: string[] = [
      '| call | rows | API req/s | API p50 ms | API p99 ms | SQL req/s | SQL p50 ms | SQL p99 ms | p50 API/SQL | errors |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ];
    for (const missing of [false, true]) {
      const name = missing ? 'de, missing only' : 'de, first page';
      const url = `${server.url}/api/internationalizations?business-unit=${unitId}&entityName=product_type&interfaceLanguageISO=de&page=0&size=${PAGE_SIZE}${missing ? '&missing=true' : ''}`;
      const res = await fetch(url, { headers });
      if (!res.ok) throw new Error(`list failed: ${res.status} ${await res.text()}`);
      const page = (await res.json()) as Page;
      const direct = (await pool.query(directSql(missing), [unitId, 'de', LANGUAGES])).rows[0];
      const sameKeys =
        JSON.stringify(page.items.map((i) => i.translationKey)) === JSON.stringify((direct.items ?? []).map((r: { key: string }) => r.key));
      const sameCounts =
        JSON.stringify(page.counts.map((c) => [c.interfaceLanguageISO, c.translated])) ===
        JSON.stringify((direct.counts as { language: string; translated: number }[]).map((c) => [c.language, Number(c.translated)]));
      if (!sameKeys || !sameCounts || Number(direct.total) !== page.pageable.totalElements)
        throw new Error(`the API and the direct SQL disagree for ${name}`);
      const api: LoadResult = await load(`API ${name}`, url, { headers, seconds: SECONDS });
      const sql = await loadSql(`SQL ${name}`, pool, directSql(missing), [unitId, 'de', LANGUAGES], { seconds: SECONDS });
      const p50 = sql.p50 > 0 ? (api.p50 / sql.p50).toFixed(1) : 'n/a';
      rows.push(
        `| ${name} | ${page.pageable.totalElements} | ${api.requestsPerSecond} | ${api.p50} | ${api.p99} | ${sql.requestsPerSecond} | ${sql.p50} | ${sql.p99} | ${p50}× | ${api.non2xx + api.errors + sql.errors} |`,
      );
      console.log(
        `bench: ${name}: API ${api.requestsPerSecond} req/s p50 ${api.p50} ms, SQL ${sql.requestsPerSecond} req/s p50 ${sql.p50} ms`,
      );
    }
    const body = [
      `Database: PostgreSQL; one business unit with ${LANGUAGES.length} interface languages besides English and ${KEYS.toLocaleString('en')} keys`,
      `(${TYPES.toLocaleString('en')} product types × name and HCP key-code label), ${100 - 100 / MISSING_EVERY}% of them translated in every language`,
      `(${((KEYS * LANGUAGES.length * (MISSING_EVERY - 1)) / MISSING_EVERY).toLocaleString('en')} translation rows).`,
      `Each call: \`GET /api/internationalizations?business-unit=…&entityName=product_type&interfaceLanguageISO=de&size=${PAGE_SIZE}\` (lowercase-key order,`,
      'with the counts per language) through the server in its own process (autocannon), then the same page, total and counts as one',
      `hand-written statement through a pg pool of the server's size (10). 20 concurrent callers each, ${SECONDS} s after a 2 s warm-up.`,
      'The API (decision 0089) reads the unit’s languages, then at once the page (the keys sorted and sliced in SQL, the translations of',
      'the page’s keys; missing only: an anti-join) and the counts (the kept counts per field and language, the number of keys and the',
      'translations of empty English values); the SQL is the same work as one statement.',
      '',
      rows.join('\n'),
    ].join('\n');
    writeSection('translations-postgres', 'Translations (PostgreSQL)', body);
    console.log(body);
  } finally {
    await pool.end();
    await server.stop();
  }
}
