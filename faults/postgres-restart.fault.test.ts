import { afterAll, beforeAll, expect, it } from 'vitest';
import { signIn } from './support/api.js';
import { checkIntegrity, readState, waitForRow } from './support/integrity.js';
import { loadSite } from './support/load.js';
import { sleep, startWorker, type VellumProcess } from './support/processes.js';
import { openWorld, type World } from './support/suite.js';

/**
 * PostgreSQL restarted while the public site is under load (decision 0080), on the suite's own
 * PostgreSQL: while it is down the site answers only its own 503 page (never a stack trace, never
 * a 500), the server and the worker stay up and reconnect by themselves, and once it is back every
 * page answers again and the worker runs the next job.
 */
const DOWN_MS = Number(process.env.FAULTS_PG_DOWN_MS ?? 5_000);

let world: World;
let worker: VellumProcess;

beforeAll(async () => {
  // the jobs run in the worker only, so that its own reconnection is what the last step shows
  world = await openWorld({ extra: { SERVER_RUNS_JOBS: 'false' } });
  worker = await startWorker(world.env);
});

afterAll(async () => {
  worker?.child.kill('SIGKILL');
  await world?.close();
});

it('answers the site’s own 503 page while PostgreSQL is down, and reconnects every process by itself', async () => {
  const before = await readState(world.env.databaseUrl);
  const slugs = world.pg.sql("select slug from business_unit where id > 0 and slug <> '' order by id").split('\n');
  const base = `http://127.0.0.1:${world.env.port}`;
  const urls = slugs.flatMap((slug) => [`${base}/site/${slug}`, `${base}/site`]);
  const load = loadSite(urls, 4);

  await sleep(3_000);
  const upBefore = load.report.byStatus['200'] ?? 0;
  const stoppedAt = load.elapsed();
  world.pg.stop();
  await sleep(DOWN_MS);
  world.pg.start();
  const startedAt = load.elapsed();
  // back by itself: pages again, and no 503 for three seconds
  while (load.elapsed() - startedAt < 60_000) {
    await sleep(250);
    const last503 = load.report.lastSeen['503'] ?? 0;
    if ((load.report.lastSeen['200'] ?? 0) > startedAt && load.elapsed() - last503 > 3_000) break;
  }
  const report = await load.stop();
  const lastError = Math.max(0, (report.lastSeen['503'] ?? 0) - startedAt);
  console.log(
    `PostgreSQL down ${startedAt - stoppedAt} ms; ${report.requests} requests: ${JSON.stringify(report.byStatus)}; last 503 ${lastError} ms after its start`,
  );
  expect(report.failures.slice(0, 5)).toEqual([]);
  expect(upBefore).toBeGreaterThan(0);
  expect(report.byStatus['503'] ?? 0).toBeGreaterThan(0);

  // every process still runs, and answers from the database again
  expect(world.server.child.exitCode, world.server.output()).toBeNull();
  expect(worker.child.exitCode, worker.output()).toBeNull();
  expect((await fetch(`${base}/management/ready`)).status).toBe(200);
  for (const url of urls) expect((await fetch(url)).status).toBe(200);
  const api = await signIn(world.env.port);
  const unitId = Number(world.pg.sql('select id from business_unit where id > 0 order by id limit 1'));
  const exported = await api.call('GET', `/api/bulk/export?entity=DOCUMENT&business-unit=${unitId}`);
  expect(exported.status, exported.text).toBe(202);
  const jobId = (exported.json as { id: number }).id;
  // the worker, which lost its connections too, takes the job and finishes it
  await waitForRow(world.env.databaseUrl, `select 1 from bulk_job where id = ${jobId} and status in ('SUCCESS', 'WARNING')`, 60_000);

  const after = await readState(world.env.databaseUrl);
  expect(after.live).toEqual(before.live);
  expect(await checkIntegrity({ databaseUrl: world.env.databaseUrl, dataDir: world.env.dataDir })).toEqual([]);
});
