import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadGenerated } from './support/api.js';
import { checkIntegrity, readState, type State, waitForRow } from './support/integrity.js';
import { killHard } from './support/processes.js';
import { openWorld, type World } from './support/suite.js';

/**
 * `kill -9` of the server while it writes (decision 0080): a 100 MB upload, a publish, a restore
 * of a publication. After a restart nothing is half-written: the same rows, every stored binary
 * matching its recorded SHA-256, the live publication the old one or the new one entirely, the
 * audit chain intact.
 */
const UPLOAD_BYTES = Number(process.env.FAULTS_UPLOAD_MB ?? 100) * 1024 * 1024;

let world: World;
let fileId: number;
let unitId: number;
let newVersionId: number;

const integrity = () => checkIntegrity({ databaseUrl: world.env.databaseUrl, dataDir: world.env.dataDir });
const state = () => readState(world.env.databaseUrl);

beforeAll(async () => {
  world = await openWorld();
  // a file of the demo whose current version is published: it gets a new, unpublished version to upload to
  const [id, unit] = world.pg
    .sql(
      'select f.id, f.business_unit_id from file f join file_version v on v.file_id = f.id where v.publish_date is not null order by f.id limit 1',
    )
    .split('\t');
  fileId = Number(id);
  unitId = Number(unit);
  const added = await world.api.call('POST', `/api/files/${fileId}/versions`, {
    versionLabel: 'fault-suite',
    date: new Date().toISOString().slice(0, 10),
  });
  expect(added.status, added.text).toBe(201);
  newVersionId = Number(world.pg.sql(`select id from file_version where file_id = ${fileId} and label = 'fault-suite'`));
});

afterAll(async () => {
  await world?.close();
});

describe('kill -9 of the server', () => {
  it('during a 100 MB upload: nothing is marked uploaded, and the upload succeeds after the restart', async () => {
    const before = await state();
    const started = Date.now();
    const cut = await uploadGenerated(world.api, `/api/files/${fileId}/binary`, UPLOAD_BYTES, (sent) => {
      if (sent >= UPLOAD_BYTES / 2 && world.server.child.exitCode === null && !world.server.child.killed) {
        world.server.child.kill('SIGKILL');
      }
    });
    await world.server.exited;
    expect(cut.status).toBeUndefined();
    await world.restart();
    expect(await state()).toEqual(before);
    expect(
      world.pg.sql(
        `select coalesce(binary_key, '-') || ' ' || (binary_uploaded_date is null) from file_version where id = ${newVersionId}`,
      ),
    ).toBe('- true');
    // the half-written bytes never exist under an object's key (at most a `.part` file no row names)
    const stored = readdirSync(join(world.env.dataDir, 'files'), { recursive: true }).map(String);
    expect(stored.filter((f) => f.endsWith('.pdf') && !f.endsWith('.part')).length).toBe(
      Number(world.pg.sql("select count(distinct binary_key) from file_version where binary_key like '%.pdf'")),
    );
    expect(await integrity()).toEqual([]);

    const whole = await uploadGenerated(world.api, `/api/files/${fileId}/binary`, UPLOAD_BYTES);
    expect(whole.status, whole.body).toBe(200);
    expect(world.pg.sql(`select binary_size from file_version where id = ${newVersionId}`)).toBe(String(UPLOAD_BYTES + 16));
    expect(await integrity()).toEqual([]);
    console.log(`upload case: ${Date.now() - started} ms`);
  });

  it('during a publish: the live publication is the old one or the new one entirely', async () => {
    const before = await state();
    const publishing = world.api.call('POST', '/api/publish', { businessUnitId: unitId }).catch((error: Error) => ({ error }));
    // killed the moment its lease is taken: the publish's transaction is under way
    await waitForRow(world.env.databaseUrl, `select 1 from publish_state where business_unit_id = ${unitId}`);
    await killHard(world.server);
    await publishing;
    await world.restart();
    const after = await state();
    expectOldOrWhollyNew(before, after, String(unitId));
    if (after.live[unitId].number > before.live[unitId].number) {
      // the new one holds the version uploaded above
      expect(
        world.pg.sql(`select count(*) from pub_file_version v join publication p on p.content_id = v.publication_id
        where p.business_unit_id = ${unitId} and p.number = ${after.live[unitId].number} and v.file_version_id = ${newVersionId}`),
      ).toBe('1');
    }
    expect(await integrity()).toEqual([]);
  });

  it('during the restore of a publication: the live publication is the old one or the restored one entirely', async () => {
    const before = await state();
    const live = before.live[unitId].number;
    const [earlierId, earlierContent] = world.pg
      .sql(`select id, content_id from publication where business_unit_id = ${unitId} and number = ${live - 1}`)
      .split('\t');
    // the publish killed above left its lease, which expires 2 minutes after its last renewal (decision 0084): let them pass
    world.pg.sql(`update publish_state set expires_at = now() - interval '1 second' where business_unit_id = ${unitId}`);
    const restoring = world.api.call('POST', `/api/publications/${earlierId}/restore`).catch((error: Error) => ({ error }));
    // killed the moment it has taken over the lease: the restore's transaction is under way
    await waitForRow(world.env.databaseUrl, `select 1 from publish_state where business_unit_id = ${unitId} and expires_at > now()`);
    await killHard(world.server);
    await restoring;
    await world.restart();
    const after = await state();
    expectOldOrWhollyNew(before, after, String(unitId));
    if (after.live[unitId].number > live) {
      expect(world.pg.sql(`select content_id from publication where business_unit_id = ${unitId} and number = ${live + 1}`)).toBe(
        earlierContent,
      );
    }
    expect(await integrity()).toEqual([]);
  });
});

/** The live publication is unchanged, or one more publication is live, whole: every other count unchanged or grown by its rows. */
function expectOldOrWhollyNew(before: State, after: State, unit: string) {
  for (const [id, live] of Object.entries(before.live)) {
    if (id !== unit) expect(after.live[id]).toEqual(live);
  }
  const was = before.live[unit];
  const now = after.live[unit];
  if (now.number === was.number) {
    expect(now).toEqual(was);
    expect(after.counts).toEqual(before.counts);
  } else {
    expect(now.number).toBe(was.number + 1);
    expect(after.counts.publication).toBe(before.counts.publication + 1);
  }
  console.log(`unit ${unit}: publication ${was.number} → ${now.number}`);
}
