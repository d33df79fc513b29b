import pg from 'pg';
import { openDatabase, PG_SESSION_OPTIONS } from '../apps/server/src/db/client.js';
import { makeProductType } from '../apps/server/src/factories/catalogue-factories.js';
import { makeDocumentAttribute, makeDocumentType } from '../apps/server/src/factories/document-factories.js';
import { makeBusinessUnit } from '../apps/server/src/factories/organisation-factories.js';
import { DEMO_USERS, seedDemoIfEmpty } from '../apps/server/src/seed/demo.js';
import { BENCH_SECONDS, type LoadResult } from './lib/load.js';
import { writeSection } from './lib/results.js';
import { signInHeaders, startBenchServer } from './lib/server.js';
import { loadPost, loadSql } from './lib/sql-load.js';

const DOCUMENTS = 50_000;
const FILES_PER_DOCUMENT = 4;
const PAGE_SIZE = 20;
const SECONDS = Math.min(8, BENCH_SECONDS);
const LANGUAGES = ['en', 'de', 'fr', 'it', 'es', 'nl', 'sv', 'da'];
const COUNTRIES = ['DE', 'AT', 'CH', 'FR', 'BE', 'NL', 'IT', 'ES', 'SE', 'DK', 'GB', 'US'];

interface Seeded {
  unitId: number;
  typeIds: number[];
  catalogueNumber: number;
}

/**
 * 50,000 documents of 5 types with 2 attribute values each, 90% linked to one of 100 product
 * groups (the rest orphans), 4 files each (200,000) with 2 countries and a language, every file
 * with a first version and every fourth with a second; the files of a third of the documents
 * published, of a tenth scheduled. Generated in SQL.
 */
export async function seedDocuments(databaseUrl: string, dataDir: string): Promise<Seeded> {
  const database = await openDatabase({ databaseUrl, dataDir });
  await seedDemoIfEmpty(database.db);
  const unit = await makeBusinessUnit(database.db, {
    slug: 'bench-documents',
    displayName: 'Bench documents',
    documentLanguages: LANGUAGES,
  });
  const types = [];
  for (const [i, name] of ['Instructions for use', 'Labels', 'Safety data sheets', 'Surgical techniques', 'Declarations'].entries())
    types.push(await makeDocumentType(database.db, unit.id, { name, sortNumber: i + 1, hcp: true, patient: i % 2 === 0 }));
  const catalogue = await makeDocumentAttribute(database.db, unit.id, { name: 'Catalogue number', slug: 'catalogue-number', unique: true });
  const revision = await makeDocumentAttribute(database.db, unit.id, { name: 'Revision', slug: 'revision' });
  const productType = await makeProductType(database.db, unit.id, { name: 'Implants', slug: 'implants' }, []);
  await database.close();

  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const started = Date.now();
  const typeIds = types.map((t) => t.id);
  await c.query(
    `INSERT INTO document (business_unit_id, number, name, document_type_id, created_date, last_modified_date)
     SELECT $1, 'DOC-' || lpad(i::text, 6, '0'), 'Instructions ' || substr(md5('n' || i), 1, 10),
            ($2::int[])[i % 5 + 1], now() - make_interval(mins => i), now() - make_interval(mins => i)
     FROM generate_series(1, ${DOCUMENTS}) AS i`,
    [unit.id, typeIds],
  );
  await c.query(
    `INSERT INTO document_attribute_value (document_id, attribute_definition_id, value, is_unique)
     SELECT d.id, $2, 'CAT-' || upper(substr(md5('c' || d.id), 1, 4)) || '-' || d.id, true FROM document d WHERE d.business_unit_id = $1`,
    [unit.id, catalogue.id],
  );
  await c.query(
    `INSERT INTO document_attribute_value (document_id, attribute_definition_id, value)
     SELECT d.id, $2, 'Rev ' || (d.id % 12) FROM document d WHERE d.business_unit_id = $1`,
    [unit.id, revision.id],
  );
  await c.query(
    `INSERT INTO product_group (business_unit_id, product_type_id, name) SELECT $1, $2, 'Group ' || g FROM generate_series(1, 100) AS g`,
    [unit.id, productType.id],
  );
  await c.query(
    `INSERT INTO document_product_group (document_id, product_group_id)
     SELECT d.id, g.id FROM document d JOIN product_group g ON g.product_type_id = $2 AND g.name = 'Group ' || (d.id % 100 + 1)
     WHERE d.business_unit_id = $1 AND d.id % 10 <> 0`,
    [unit.id, productType.id],
  );
  await c.query(
    `INSERT INTO file (business_unit_id, document_id, name, created_date, last_modified_date)
     SELECT d.business_unit_id, d.id, d.number || ' part ' || f, d.created_date, d.created_date
     FROM document d CROSS JOIN generate_series(1, ${FILES_PER_DOCUMENT}) AS f WHERE d.business_unit_id = $1`,
    [unit.id],
  );
  await c.query(
    `INSERT INTO file_country (file_id, country_iso_code)
     SELECT f.id, ($2::text[])[(f.id + k) % ${COUNTRIES.length} + 1] FROM file f CROSS JOIN generate_series(0, 1) AS k WHERE f.business_unit_id = $1`,
    [unit.id, COUNTRIES],
  );
  await c.query(
    `INSERT INTO file_language (file_id, language_iso_code)
     SELECT f.id, ($2::text[])[f.id % ${LANGUAGES.length} + 1] FROM file f WHERE f.business_unit_id = $1`,
    [unit.id, LANGUAGES],
  );
  // versions: '1.0' for every file, '2.0' for every fourth; the files of a third of the documents published, of a tenth scheduled
  await c.query(
    `INSERT INTO file_version (file_id, business_unit_id, label, version_date, publish_date, binary_key, binary_name, binary_size, media_type, sha256)
     SELECT f.id, f.business_unit_id, v || '.0', current_date - (f.id % 900) + v,
            CASE WHEN f.document_id % 3 = 0 THEN now() - interval '1 day' WHEN f.document_id % 10 = 1 THEN now() + interval '30 days' END,
            'documents/bench/' || f.id || '-' || v, 'ifu-' || f.id || '.pdf', 250000 + f.id % 1000, 'application/pdf', md5(f.id::text || v)
     FROM file f CROSS JOIN generate_series(1, 2) AS v WHERE f.business_unit_id = $1 AND (v = 1 OR f.id % 4 = 0)`,
    [unit.id],
  );
  // one live publication holding every dated version: published and scheduled are what the live publication holds (decision 0051)
  const { rows: pub } = await c.query(
    `INSERT INTO publication (business_unit_id, number, kind, content_id, counts, site, created_date)
     VALUES ($1, 1, 'PUBLISH', 0, '{}', '{}', now() - interval '1 hour') RETURNING id`,
    [unit.id],
  );
  await c.query('UPDATE publication SET content_id = id WHERE id = $1', [pub[0].id]);
  await c.query(
    `INSERT INTO pub_file_version (publication_id, file_version_id, file_id, document_id, file_name, label, version_date, publish_date,
       archive_date, rest_of_the_world, all_lot_numbers, historical, countries, languages, binary_key, hash)
     SELECT $2, v.id, f.id, f.document_id, f.name, v.label, v.version_date, v.publish_date, f.archive_date, false, true, false,
            '{}', '{}', v.binary_key, md5(v.id::text)
     FROM file_version v JOIN file f ON f.id = v.file_id WHERE f.business_unit_id = $1 AND v.publish_date IS NOT NULL`,
    [unit.id, pub[0].id],
  );
  // what the refresh job does after a publish (decision 0066): every document's state against the new live content
  const refreshStarted = Date.now();
  await c.query('SELECT document_keep_live_state(ARRAY(SELECT id FROM document WHERE business_unit_id = $1))', [unit.id]);
  console.log(`bench: kept the states of the unit's documents against the live content in ${Date.now() - refreshStarted} ms`);
  await c.query('VACUUM ANALYZE');
  const counts = await c.query(
    `SELECT (SELECT count(*) FROM document) AS documents, (SELECT count(*) FROM file) AS files, (SELECT count(*) FROM file_version) AS versions`,
  );
  await c.end();
  const n = counts.rows[0];
  console.log(
    `bench: seeded ${n.documents} documents, ${n.files} files and ${n.versions} versions in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return { unitId: unit.id, typeIds, catalogueNumber: catalogue.id };
}

/** The unit's live content (its highest-numbered publication) holds the file's current version (decision 0051). */
const liveVersion = (f: string) =>
  `EXISTS (SELECT 1 FROM pub_file_version lv WHERE lv.publication_id = (SELECT lc.content_id FROM publication lc
     WHERE lc.business_unit_id = ${f}.business_unit_id AND lc.number IS NOT NULL ORDER BY lc.number DESC LIMIT 1) AND lv.file_version_id = ${f}.current_version_id)`;

/** The state kept on the document holds (decision 0066): computed against the live content, now inside its window. */
const keptHolds = `(d.live_state_content_id = coalesce((SELECT lc.content_id FROM publication lc
     WHERE lc.business_unit_id = $1 AND lc.number IS NOT NULL ORDER BY lc.number DESC LIMIT 1), 0)
   AND coalesce(d.live_state_from <= now(), true) AND coalesce(d.live_state_until > now(), true))`;
/**
 * The documents in a state as two disjoint parts (decision 0066's addendum): the kept state holds and
 * is `state`; or it does not hold (forgotten, another content, outside its window) and `checked` (the
 * files) says so. The live content is `$2`, read before the statement, as the API does.
 */
const stateParts = (state: string, checked: string) => ({
  kept: `d.live_state_content_id = $2::int AND coalesce(d.live_state_from <= now(), true) AND coalesce(d.live_state_until > now(), true)
     AND d.live_state = '${state}'`,
  // the kept part's count: the kept states against the content less those whose window now excludes
  against: `d.live_state_content_id = $2::int AND d.live_state = '${state}'`,
  outside: `d.live_state_content_id = $2::int AND d.live_state = '${state}' AND (d.live_state_from > now() OR d.live_state_until <= now())`,
  checked: `(d.live_state_content_id IS NULL OR d.live_state_content_id < $2::int OR d.live_state_content_id > $2::int
     OR d.live_state_from > now() OR d.live_state_until <= now()) AND ${checked}`,
});

/**
 * The API's page written by hand (document-search.repo.ts): the unit's documents matching the
 * filter in number order, each with its type's name, its publish state from its files' current
 * versions held by the live publication and its file count, and the total as the API gets it: the
 * unit's kept count without a filter, the orphans' index and a publish state's two parts counted
 * apart, else a window count with the page.
 */
function directSql(
  filter: string | { kept: string; checked: string; against: string; outside: string },
  count: 'kept' | 'apart' | 'window' = 'window',
  order = 'lower(d.number), d.id',
): string {
  const unit = 'd.business_unit_id = $1';
  // a publish state: its two parts, each in number order up to the page's end, merged; each counted apart
  const parts = typeof filter === 'string' ? [filter] : [filter.kept, filter.checked];
  const from =
    parts.length === 1
      ? `SELECT * FROM document d WHERE ${unit} AND ${parts[0]}`
      : parts.map((p) => `(SELECT * FROM document d WHERE ${unit} AND ${p} ORDER BY ${order} LIMIT ${PAGE_SIZE})`).join(' UNION ALL ');
  const total = {
    kept: 'coalesce((SELECT dc.documents FROM document_count dc WHERE dc.business_unit_id = $1), 0)',
    apart:
      typeof filter === 'string'
        ? `(SELECT count(*)::int FROM document d WHERE ${unit} AND ${filter})`
        : `((SELECT count(*)::int FROM document d WHERE ${unit} AND ${filter.against})
           - (SELECT count(*)::int FROM document d WHERE ${unit} AND ${filter.outside})
           + (SELECT count(*)::int FROM document d WHERE ${unit} AND ${filter.checked}))`,
    window: 'count(*) OVER ()',
  }[count];
  return `SELECT d.id, d.number, d.name, d.document_type_id, d.last_modified_date,
      (SELECT t.name FROM document_type t WHERE t.id = d.document_type_id) AS type_name,
      CASE WHEN ${keptHolds} THEN d.live_state ELSE
        (SELECT CASE WHEN bool_or(f.current_publish_date <= now() AND ${liveVersion('f')}) THEN 'PUBLISHED'
                     WHEN bool_or(f.current_publish_date > now() AND ${liveVersion('f')}) THEN 'SCHEDULED' ELSE 'UNPUBLISHED' END
           FROM file f WHERE f.document_id = d.id AND (f.archive_date IS NULL OR f.archive_date > now())) END AS publish_state,
      (SELECT count(*)::int FROM file fc WHERE fc.document_id = d.id) AS file_count,
      ${total} AS total
    FROM (${from}) d
    ORDER BY ${order} LIMIT ${PAGE_SIZE}`;
}

/** A file of the document that is not archived, whose current version the live publication holds and whose publish date passes the condition. */
const liveFile = (condition: string) =>
  `EXISTS (SELECT 1 FROM file f WHERE f.document_id = d.id AND (f.archive_date IS NULL OR f.archive_date > now()) AND ${condition}
     AND EXISTS (SELECT 1 FROM pub_file_version lv WHERE lv.publication_id = (SELECT lc.content_id FROM publication lc
       WHERE lc.business_unit_id = $1 AND lc.number IS NOT NULL ORDER BY lc.number DESC LIMIT 1) AND lv.file_version_id = f.current_version_id))`;
/** The dates kept on the document (decision 0060) narrow before the files are read. */
const mayBePublished = 'coalesce(d.published_from <= now() AND coalesce(d.published_until > now(), true), false)';
const mayBeScheduled = 'coalesce(d.scheduled_until > now(), false)';
const published = `(${mayBePublished} AND ${liveFile('f.current_publish_date <= now()')})`;
const scheduled = `(${mayBeScheduled} AND ${liveFile('f.current_publish_date > now()')})`;

interface Scenario {
  name: string;
  body: Record<string, unknown>;
  /** The list's sort, when not by number (`name,asc`). */
  sort?: string;
  sql: string;
  values: unknown[];
}

function ratioTable(rows: { scenario: Scenario; total: number; api: LoadResult; sql: LoadResult }[]): string {
  const lines = [
    '| filter | matches | API req/s | API p50 ms | API p99 ms | SQL req/s | SQL p50 ms | SQL p99 ms | p99 API/SQL | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const { scenario, total, api, sql } of rows) {
    const p99 = sql.p99 > 0 ? (api.p99 / sql.p99).toFixed(1) : 'n/a';
    const errors = api.non2xx + api.errors + sql.errors;
    lines.push(
      `| ${scenario.name} | ${total} | ${api.requestsPerSecond} | ${api.p50} | ${api.p99} | ${sql.requestsPerSecond} | ${sql.p50} | ${sql.p99} | ${p99}× | ${errors} |`,
    );
  }
  return lines.join('\n');
}

/**
 * POST api/documents/search over 50,000 documents with 200,000 files (250,000 versions): the list
 * as it opens, a partial number, a text over number, name and attribute values, an exact attribute
 * value, the scheduled documents and the orphans, each beside the same page written directly in
 * SQL through a pg pool of the server's size with the same concurrency. PostgreSQL only.
 */
export async function documentSearchBench(): Promise<void> {
  if (!(process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL)) {
    console.log('bench: document-search skipped (needs PostgreSQL: set BENCH_DATABASE_URL or DATABASE_URL)');
    return;
  }
  let seeded: Seeded | undefined;
  const server = await startBenchServer(async (databaseUrl, dataDir) => {
    seeded = await seedDocuments(databaseUrl as string, dataDir);
  });
  const pool = new pg.Pool({ connectionString: server.databaseUrl, options: PG_SESSION_OPTIONS, max: 10 });
  try {
    const { unitId, catalogueNumber } = seeded as Seeded;
    const catalogueValue = (
      await pool.query('SELECT value FROM document_attribute_value WHERE attribute_definition_id = $1 AND document_id = 777', [
        catalogueNumber,
      ])
    ).rows[0].value as string;
    const nameFragment = (await pool.query(`SELECT substr(name, 15, 4) AS f FROM document WHERE number = 'DOC-004242'`)).rows[0]
      .f as string;
    const liveContent = Number(
      (
        await pool.query(
          `SELECT coalesce((SELECT content_id FROM publication WHERE business_unit_id = $1 AND number IS NOT NULL ORDER BY number DESC LIMIT 1), 0) AS c`,
          [unitId],
        )
      ).rows[0].c,
    );
    const partial = (column: string, n: number) => `lower(${column}) LIKE '%' || lower($${n}) || '%'`;
    const scenarios: Scenario[] = [
      { name: 'no filter, first page', body: {}, sql: directSql('TRUE', 'kept'), values: [unitId] },
      {
        name: `number contains '4242'`,
        body: { number: { value: '4242', match: 'PARTIAL' } },
        sql: directSql(partial('d.number', 2)),
        values: [unitId, '4242'],
      },
      {
        name: `text '${nameFragment}' in number, name or attributes`,
        body: { text: nameFragment },
        sql: directSql(
          `d.id IN (SELECT tn.id FROM document tn WHERE tn.business_unit_id = $1 AND (${partial('tn.number', 2)} OR ${partial('tn.name', 2)})
            UNION SELECT tv.document_id FROM document_attribute_value tv WHERE ${partial('tv.value', 2)})`,
        ),
        values: [unitId, nameFragment],
      },
      {
        name: `catalogue number equals '${catalogueValue.toLowerCase()}'`,
        body: { attributes: [{ attributeDefinitionId: catalogueNumber, value: catalogueValue.toLowerCase(), match: 'EXACT' }] },
        sql: directSql(
          'EXISTS (SELECT 1 FROM document_attribute_value av WHERE av.document_id = d.id AND av.attribute_definition_id = $2 AND lower(av.value) = lower($3))',
        ),
        values: [unitId, catalogueNumber, catalogueValue.toLowerCase()],
      },
      {
        name: 'scheduled documents',
        body: { publishState: 'SCHEDULED' },
        sql: directSql(stateParts('SCHEDULED', `d.scheduled_until > now() AND ${scheduled} AND NOT ${published}`), 'apart'),
        values: [unitId, liveContent],
      },
      {
        name: 'published documents',
        body: { publishState: 'PUBLISHED' },
        sql: directSql(stateParts('PUBLISHED', `d.published_from <= now() AND ${published}`), 'apart'),
        values: [unitId, liveContent],
      },
      {
        name: 'unpublished documents',
        body: { publishState: 'UNPUBLISHED' },
        sql: directSql(stateParts('UNPUBLISHED', `NOT ${published} AND NOT ${scheduled}`), 'apart'),
        values: [unitId, liveContent],
      },
      {
        name: 'unpublished documents, by name',
        body: { publishState: 'UNPUBLISHED' },
        sort: 'name,asc',
        sql: directSql(stateParts('UNPUBLISHED', `NOT ${published} AND NOT ${scheduled}`), 'apart', 'lower(d.name), d.id'),
        values: [unitId, liveContent],
      },
      {
        name: 'published documents, last changed first',
        body: { publishState: 'PUBLISHED' },
        sort: 'lastModifiedDate,desc',
        sql: directSql(stateParts('PUBLISHED', `d.published_from <= now() AND ${published}`), 'apart', 'd.last_modified_date DESC, d.id'),
        values: [unitId, liveContent],
      },
      { name: 'orphans', body: { orphans: true }, sql: directSql('NOT d.linked', 'apart'), values: [unitId] },
    ];

    const headers = await signInHeaders(server.url, DEMO_USERS.admin);
    const listUrl = `${server.url}/api/documents/search?business-unit=${unitId}&page=0&size=${PAGE_SIZE}`;
    const rows: { scenario: Scenario; total: number; api: LoadResult; sql: LoadResult }[] = [];
    for (const scenario of scenarios) {
      const url = scenario.sort ? `${listUrl}&sort=${scenario.sort}` : listUrl;
      // both answer the same page and total before either is timed
      const res = await fetch(url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(scenario.body),
      });
      if (!res.ok) throw new Error(`search failed: ${res.status} ${await res.text()}`);
      const page = (await res.json()) as {
        items: { id: number; publishState: string; fileCount: number }[];
        pageable: { totalElements: number };
      };
      const direct = await pool.query(scenario.sql, scenario.values);
      const total = page.pageable.totalElements;
      const same =
        JSON.stringify(page.items.map((i) => [i.id, i.publishState, i.fileCount])) ===
        JSON.stringify(direct.rows.map((r) => [r.id, r.publish_state, r.file_count]));
      if (!same || (direct.rows.length > 0 && Number(direct.rows[0].total) !== total)) {
        throw new Error(`the API and the direct SQL disagree for ${scenario.name}`);
      }
      const api = await loadPost(`API ${scenario.name}`, url, scenario.body, { headers, seconds: SECONDS });
      const sql = await loadSql(`SQL ${scenario.name}`, pool, scenario.sql, scenario.values, { seconds: SECONDS });
      rows.push({ scenario, total, api, sql });
      console.log(`bench: ${scenario.name}: ${total} matches, API p99 ${api.p99} ms, SQL p99 ${sql.p99} ms`);
    }
    const body = [
      `Database: PostgreSQL; ${DOCUMENTS.toLocaleString('en')} documents of one unit (5 types, 2 attribute values each, 90% linked to one of 100 product groups)`,
      `with ${(DOCUMENTS * FILES_PER_DOCUMENT).toLocaleString('en')} files (2 countries and a language each) and 250,000 versions (the files of a third of the documents published, of a tenth scheduled, all held by the unit's live publication).`,
      `Each filter: \`POST /api/documents/search?business-unit=…&size=${PAGE_SIZE}\` (number order) through the server in its own process (autocannon),`,
      `then the same page (type name, publish state from each file's current version, file count) and total as one hand-written statement (the same conditions and the same way of counting: a publish state in its two parts, kept and checked, each counted apart)`,
      `through a pg pool of the server's size (10). 20 concurrent callers each, ${SECONDS} s after a 2 s warm-up.`,
      '',
      ratioTable(rows),
    ].join('\n');
    writeSection('document-search-postgres', 'Document search (PostgreSQL)', body);
    console.log(body);
  } finally {
    await pool.end();
    await server.stop();
  }
}
