import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/client.js';
import * as schema from '../apps/server/src/db/schema/index.js';
import { createPublication } from '../apps/server/src/modules/publishing/publications.js';
import { seedPublishing } from './publish.bench.js';

const base = 'postgres://postgres@127.0.0.1:5432/postgres';
const name = 'pubcompile_explain';
const url = `postgres://postgres@127.0.0.1:5432/${name}`;
if (process.argv[2] === 'seed') {
  const a = new pg.Client({ connectionString: base });
  await a.connect();
  await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await a.query(`CREATE DATABASE ${name}`);
  await a.end();
  console.log(await seedPublishing(url, '/tmp/pubx'));
} else {
  const client = new pg.Client({ connectionString: url, options: '-c jit=off' });
  await client.connect();
  const unitId = (await client.query(`select id from business_unit where slug = 'bench-publish'`)).rows[0].id;
  await client.query(`LOAD 'auto_explain'`);
  await client.query(`SET auto_explain.log_min_duration = 0; SET auto_explain.log_analyze = on; SET client_min_messages = log`);
  client.on('notice', (n) => { if ((n.message ?? '').includes('insert')) console.log(n.message); else console.log((n.message ?? '').slice(0, 120)); });
  const db = drizzle(client, { schema }) as unknown as Db;
  const t = performance.now();
  await db.transaction(async (tx) => {
    const p = await createPublication(tx, { businessUnitId: unitId, actor: { userId: null, login: 'x' }, includeFuture: false, customDate: null, stamped: { products: 0, files: 0, broughtForward: 0 } });
    console.log(JSON.stringify(p.counts), performance.now() - t);
    tx.rollback();
  }).catch((e) => console.log(String(e).slice(0, 200)));
  await client.end();
}
