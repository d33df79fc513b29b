import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, pgQuery, rollingRestart, sleep, startCluster } from '../scripts/cluster/cluster.js';
import { findSitePaths, loadSite, type SitePaths } from '../scripts/cluster/site-load.js';

/**
 * Issue 22, decision 0079: the public site through nginx on two replicas of the production build
 * (`npm run build` first) with a worker, on a fresh PostgreSQL database with the demo. A load of
 * product pages, searches and downloads runs while each replica in turn is stopped with SIGTERM,
 * drains, and is started again: not one request fails. A publish shows through the proxy's cache
 * on the first request after it. FAULT_LOAD_SECONDS (default 60) is how long the load runs;
 * FAULT_CLUSTER_PORT (default 8350) the proxy's port, the replicas and balancer take the next three.
 */
const LOAD_SECONDS = Number(process.env.FAULT_LOAD_SECONDS) || 60;
const PORT = Number(process.env.FAULT_CLUSTER_PORT) || 8350;
const VISITORS = 12;
const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(!databaseUrl)('the public site through the proxy, a rolling restart under load', () => {
  let cluster: Cluster;
  let paths: SitePaths;

  beforeAll(async () => {
    cluster = await startCluster({
      databaseUrl: databaseUrl as string,
      createDatabase: true,
      port: PORT,
      seedDemo: true,
      shutdownTimeoutMs: 20_000,
    });
    paths = await findSitePaths(cluster.url, cluster.databaseUrl);
  });

  afterAll(async () => {
    await cluster?.stop();
  });

  it('passes the request id on and keeps the site by its own headers', async () => {
    const first = await fetch(`${cluster.url}${paths.product}`, { headers: { 'x-request-id': 'fault-proxy-1' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-request-id')).toBe('fault-proxy-1');
    expect(first.headers.get('cache-control')).toMatch(/public/);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${cluster.url}${paths.product}`);
    expect(again.status).toBe(200);
    // the copy is kept, and revalidated by its ETag with a replica
    expect(again.headers.get('x-cache-status')).toMatch(/^(REVALIDATED|HIT)$/);
    expect(again.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    // a visitor holding the copy gets a 304 from the proxy
    const held = await fetch(`${cluster.url}${paths.product}`, { headers: { 'if-none-match': etag as string } });
    expect(held.status).toBe(304);
    // a download is passed through, with its ranges
    const range = await fetch(`${cluster.url}${paths.download}`, { headers: { range: 'bytes=0-9' } });
    expect(range.status).toBe(206);
    expect((await range.arrayBuffer()).byteLength).toBe(10);
  });

  it('loses no request while both replicas are restarted in turn under load', async () => {
    const end = Date.now() + LOAD_SECONDS * 1000;
    let restartDone = false;
    const load = loadSite(cluster.url, paths, { visitors: VISITORS, until: () => restartDone && Date.now() >= end });
    // the restart begins a fifth into the load, and the load goes on at least 3 s after it
    await sleep(Math.min(10_000, (LOAD_SECONDS * 1000) / 5));
    const steps = await rollingRestart(cluster);
    await sleep(3_000);
    restartDone = true;
    const report = await load;
    console.log(
      `rolling restart: ${steps.map((s) => `${s.replica} drained in ${s.drainMs} ms (exit ${s.exitCode}), ready in ${s.startMs} ms`).join('; ')}; ` +
        `${report.requests} requests in ${report.seconds.toFixed(1)} s, ${JSON.stringify(report.byStatus)}`,
    );
    expect(steps.map((s) => s.exitCode)).toEqual([0, 0]);
    expect(report.failures.slice(0, 10)).toEqual([]);
    expect(report.requests).toBeGreaterThan(VISITORS * 10);
    // every download whole and the same bytes
    expect(report.downloadHashes.size).toBe(1);
  });

  it('shows a publish on the first request after it', async () => {
    const before = await fetch(`${cluster.url}${paths.product}`);
    expect(before.status).toBe(200);
    const html = await before.text();
    const mark = `Revision ${Date.now()}`;
    expect(html).not.toContain(mark);
    // a change of the draft (every document's name of the unit), then a publish through the API
    await pgQuery(cluster.databaseUrl, `UPDATE document SET name = name || ' ${mark}' WHERE business_unit_id = ${paths.unitId}`);
    const signIn = await fetch(`${cluster.url}/api/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin@vellum.demo', password: 'Admin#2026' }),
    });
    expect(signIn.status).toBe(200);
    const { id_token: token } = (await signIn.json()) as { id_token: string };
    const publish = await fetch(`${cluster.url}/api/publish`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ businessUnitId: paths.unitId }),
    });
    expect(publish.status).toBe(201);
    const after = await fetch(`${cluster.url}${paths.product}`);
    expect(after.status).toBe(200);
    expect(await after.text()).toContain(mark);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });
});
