import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Cluster, rollingRestart, sleep, startCluster } from '../scripts/cluster/cluster.js';
import { findSitePaths, loadSite } from '../scripts/cluster/site-load.js';
import { type LoadResult, load } from './lib/load.js';
import { writeSection } from './lib/results.js';

/**
 * The cluster of decision 0079 (nginx, two replicas of the production build, a worker; PostgreSQL
 * with the demo; `npm run build` first):
 * 1. the product page through the proxy (kept by the site's own Cache-Control and revalidated by
 *    its ETag on every request), beside nginx serving the same HTML as a static file and beside
 *    one replica without the proxy, the same autocannon load (goal: the proxy ≥ 0.5× static);
 * 2. the fault suite's load (product page, search, download; each visitor its own address) for
 *    PROXY_SOAK_SECONDS (default 600) with a rolling restart in the middle, the processes'
 *    resident memory sampled over time, and every failed request counted.
 * Ports 8355–8359 (PROXY_BENCH_PORT moves them).
 */
const PORT = Number(process.env.PROXY_BENCH_PORT) || 8355;
const SOAK_SECONDS = Number(process.env.PROXY_SOAK_SECONDS) || 600;
const SAMPLES = 10;

const rssMiB = (pid: number | undefined) => {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
    return line ? Math.round(Number(line[1]) / 1024) : Number.NaN;
  } catch {
    return Number.NaN;
  }
};

/** nginx serving one HTML file as it is, keep-alive, one worker like the proxy's. */
async function staticNginx(html: string, port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const prefix = mkdtempSync(join(tmpdir(), 'vellum-static-'));
  chmodSync(prefix, 0o755);
  mkdirSync(join(prefix, 'www'));
  writeFileSync(join(prefix, 'www/product.html'), html);
  const user = process.getuid?.() === 0 ? 'user nobody nogroup;\n' : '';
  writeFileSync(
    join(prefix, 'nginx.conf'),
    `${user}worker_processes 1;\ndaemon off;\npid ${prefix}/nginx.pid;\nerror_log stderr warn;\nevents { worker_connections 4096; }\n` +
      `http {\n  client_body_temp_path ${prefix}/cb; proxy_temp_path ${prefix}/p; fastcgi_temp_path ${prefix}/f; uwsgi_temp_path ${prefix}/u; scgi_temp_path ${prefix}/s;\n` +
      `  types { text/html html; }\n  access_log off;\n  sendfile on;\n  keepalive_requests 10000;\n  etag on;\n` +
      `  server { listen 127.0.0.1:${port}; root ${prefix}/www; location / { add_header Cache-Control "public, max-age=60"; } }\n}\n`,
  );
  const child: ChildProcess = spawn(
    existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx',
    ['-c', join(prefix, 'nginx.conf'), '-p', prefix, '-e', 'stderr'],
    { stdio: 'inherit' },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (
      (await fetch(`${url}/product.html`).then(
        (r) => r.status,
        () => 0,
      )) === 200
    )
      break;
    if (i > 40 || child.exitCode !== null) throw new Error('the static nginx did not start');
    await sleep(250);
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

function throughputTable(rows: LoadResult[], baseline: LoadResult): string {
  const lines = ['| served by | req/s | p50 ms | p99 ms | × static nginx | errors and non-2xx |', '|---|---:|---:|---:|---:|---:|'];
  for (const r of rows) {
    lines.push(
      `| ${r.name} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${(r.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)}× | ${r.non2xx + r.errors} |`,
    );
  }
  return lines.join('\n');
}

export async function proxyBench(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('the proxy bench needs PostgreSQL: DATABASE_URL or BENCH_DATABASE_URL');
  const cluster: Cluster = await startCluster({
    databaseUrl,
    createDatabase: true,
    port: PORT,
    seedDemo: true,
    onStep: (l) => console.log(`proxy bench: ${l}`),
  });
  let stat: Awaited<ReturnType<typeof staticNginx>> | undefined;
  try {
    const paths = await findSitePaths(cluster.url, cluster.databaseUrl);
    const page = await fetch(`${cluster.url}${paths.product}`);
    const html = await page.text();
    stat = await staticNginx(html, PORT + 4);

    const staticRun = await load('nginx, the same HTML as a static file', `${stat.url}/product.html`);
    const proxied = await load('nginx proxy cache, revalidated by ETag (two replicas)', `${cluster.url}${paths.product}`);
    const direct = await load('one replica, no proxy', `${cluster.replicas[0].url}${paths.product}`);
    // the ceiling of any answer a replica gives through the proxy: a bare route (no statement, no page)
    const bare = await load('nginx → a replica, a bare route (/management/health), not cached', `${cluster.url}/management/health`);
    // the alternative of decision 0079: the proxy keeps the page for the site's max-age without asking
    await cluster.revalidate(false);
    const kept = await load('nginx proxy cache, kept for its max-age (--no-revalidate)', `${cluster.url}${paths.product}`);
    await cluster.revalidate(true);
    console.log([staticRun, proxied, kept, direct, bare].map((r) => `${r.name}: ${r.requestsPerSecond} req/s`).join('; '));

    // the soak: the visitors' load with a rolling restart in the middle, memory sampled
    const samples: string[] = [];
    const sample = (label: string) => {
      const [a, b] = cluster.replicas.map((r) => rssMiB(r.process.pid));
      samples.push(`| ${label} | ${a} | ${b} | ${rssMiB(cluster.worker.pid)} |`);
    };
    const started = Date.now();
    const end = started + SOAK_SECONDS * 1000;
    let restarted = false;
    const soak = loadSite(cluster.url, paths, { visitors: 12, until: () => restarted && Date.now() >= end });
    let soaked = false;
    const sampler = (async () => {
      // every tenth of the soak until its load ends (the restart may outlast it)
      for (let i = 1; !soaked; i++) {
        sample(`${Math.round((Date.now() - started) / 1000)} s`);
        while (!soaked && Date.now() < started + (i * SOAK_SECONDS * 1000) / SAMPLES) await sleep(250);
      }
    })();
    await sleep((SOAK_SECONDS * 1000) / 2);
    const steps = await rollingRestart(cluster);
    restarted = true;
    const report = await soak;
    soaked = true;
    await sampler;
    sample(`end (${Math.round((Date.now() - started) / 1000)} s)`);
    const failures = report.failures.length;
    console.log(`soak: ${report.requests} requests, ${failures} failed, ${JSON.stringify(report.byStatus)}`);

    const body = [
      `PostgreSQL, the demo; nginx 1.22 (one worker) in front of two replicas of \`apps/server/dist/main.js\` and a worker, all on`,
      'this machine with the load generator. The product page with autocannon (20 connections, keep-alive, after a 2 s warm-up):',
      '',
      throughputTable([staticRun, proxied, kept, direct, bare], staticRun),
      '',
      `Goal ≥ 0.50× static: ${(proxied.requestsPerSecond / staticRun.requestsPerSecond).toFixed(2)}× revalidated, ${(kept.requestsPerSecond / staticRun.requestsPerSecond).toFixed(2)}× kept. Each proxied request is`,
      'revalidated with a replica by its ETag (a 304 without the body, answered before the page’s statement and rendering), so that a',
      'publish shows on the next request (decision 0079); kept for its max-age, a publish shows up to 60 s late.',
      `A revalidated request reaches a replica like the bare route does: ${(proxied.requestsPerSecond / bare.requestsPerSecond).toFixed(2)}× the bare route's`,
      'throughput through the same proxy. On this machine, where nginx, both replicas and the load generator share 2 cores, that route',
      'is the ceiling of any answer that asks a replica; what is left between the two is the site context and the ETag.',
      '',
      `Rolling restart under load: ${SOAK_SECONDS} s of 12 visitors (product page, search, download; a new address each round), both`,
      `replicas restarted in turn at ${Math.round(SOAK_SECONDS / 2)} s (${steps.map((s) => `${s.replica}: drained ${s.drainMs} ms, exit ${s.exitCode}, ready ${s.startMs} ms`).join('; ')}).`,
      `${report.requests} requests (${Math.round(report.requests / report.seconds)}/s), **${failures} failed**, statuses ${JSON.stringify(report.byStatus)}.`,
      '',
      '| time | replica 1 RSS (MiB) | replica 2 RSS (MiB) | worker RSS (MiB) |',
      '|---|---:|---:|---:|',
      ...samples,
    ].join('\n');
    writeSection('proxy', 'Proxy: cached product page and rolling restart (decision 0079)', body);
  } finally {
    await stat?.stop();
    await cluster.stop();
  }
}
