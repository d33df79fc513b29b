import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { uploadGenerated } from './support/api.js';
import { checkIntegrity, waitForRow } from './support/integrity.js';
import { startWorker, type VellumProcess } from './support/processes.js';
import { openWorld, type World } from './support/suite.js';

/**
 * The worker's graceful stop as a process (decision 0068, 0080): SIGTERM while it runs a job (a
 * documents' export that streams a large binary into its zip) lets the job finish, then the
 * worker exits 0 within its timeout; the export is complete and stored, nothing half-applied.
 */
const BINARY_BYTES = Number(process.env.FAULTS_EXPORT_MB ?? 40) * 1024 * 1024;
const SHUTDOWN_TIMEOUT_MS = 60_000;

let world: World;
let worker: VellumProcess | undefined;

beforeAll(async () => {
  world = await openWorld({ extra: { SERVER_RUNS_JOBS: 'false', SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) } });
});

afterAll(async () => {
  worker?.child.kill('SIGKILL');
  await world?.close();
});

it('finishes the running job on SIGTERM, then exits 0 within its timeout', async () => {
  // a large current binary makes the export's job run for a while
  const [fileId, unitId] = world.pg
    .sql(
      'select f.id, f.business_unit_id from file f join file_version v on v.file_id = f.id where v.publish_date is not null order by f.id limit 1',
    )
    .split('\t')
    .map(Number);
  const added = await world.api.call('POST', `/api/files/${fileId}/versions`, {
    versionLabel: 'fault-suite',
    date: new Date().toISOString().slice(0, 10),
  });
  expect(added.status, added.text).toBe(201);
  const uploaded = await uploadGenerated(world.api, `/api/files/${fileId}/binary`, BINARY_BYTES);
  expect(uploaded.status, uploaded.body).toBe(200);

  worker = await startWorker({ ...world.env, extra: { SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) } });
  const exported = await world.api.call('GET', `/api/bulk/export?entity=DOCUMENT&business-unit=${unitId}`);
  expect(exported.status, exported.text).toBe(202);
  const jobId = (exported.json as { id: number }).id;
  // an export is PROCESSING from its request on: wait until the worker has taken its job (active in pg-boss)
  await waitForRow(world.env.databaseUrl, `select 1 from pgboss.job where state = 'active' and data->>'jobId' = '${jobId}'`, 120_000);
  const signalled = Date.now();
  worker.child.kill('SIGTERM');
  const code = await worker.exited;
  const stopMs = Date.now() - signalled;
  console.log(`worker stopped in ${stopMs} ms with ${code}`);
  expect(code, worker.output()).toBe(0);
  expect(stopMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS + 10_000);
  // the job ran to its end: its zip is stored (the integrity check finds every named object) and it says so
  const [status, key] = world.pg.sql(`select status, storage_key from bulk_job where id = ${jobId}`).split('\t');
  expect(status).toBe('SUCCESS');
  expect(statSync(join(world.env.dataDir, 'files', key)).size).toBeGreaterThan(BINARY_BYTES);
  expect(await checkIntegrity({ databaseUrl: world.env.databaseUrl, dataDir: world.env.dataDir })).toEqual([]);
});
