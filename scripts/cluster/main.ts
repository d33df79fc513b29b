import { parseArgs } from 'node:util';
import { startCluster } from './cluster.js';
import { nginxConfig } from './nginx-config.js';

/**
 * `npm run cluster` (decision 0079): the production topology from the local build (`npm run build`
 * first) behind nginx, until Ctrl-C.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/vellum npm run cluster
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run cluster -- --create-database --demo
 *   npm run cluster -- --compose-config > deploy/nginx.conf     # the proxy configuration compose mounts
 *
 * Options: --port (the proxy's, default 8090; the replicas take the next two, the balancer the
 * third), --create-database (a fresh database on DATABASE_URL's server, dropped at the end),
 * --demo (seed the demo into an empty database), --data-dir (shared by every process; default a
 * temporary folder removed at the end; STORAGE_URL is passed on when set), --no-revalidate (the
 * proxy keeps pages for their max-age instead of asking a replica with the ETag each time).
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'create-database': { type: 'boolean' },
    demo: { type: 'boolean' },
    'data-dir': { type: 'string' },
    'no-revalidate': { type: 'boolean' },
    'compose-config': { type: 'boolean' },
  },
});

if (values['compose-config']) {
  // compose: the replicas by service name, nginx's own folders, logs to the container's output
  process.stdout.write(
    nginxConfig({
      port: 8080,
      innerPort: 8081,
      replicas: ['app-1:8080', 'app-2:8080'],
      prefix: '/var/cache/nginx',
      accessLog: '/dev/stdout',
      errorLog: 'stderr',
      user: 'nginx',
      revalidate: !values['no-revalidate'],
    }),
  );
  process.exit(0);
}

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('npm run cluster needs DATABASE_URL (a PostgreSQL database, or with --create-database a server to create one on)');
  process.exit(1);
}
const port = values.port ? Number(values.port) : undefined;
if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65533)) {
  console.error('--port must be a port number');
  process.exit(1);
}

const cluster = await startCluster({
  databaseUrl,
  createDatabase: values['create-database'],
  port,
  dataDir: values['data-dir'] ?? process.env.DATA_DIR,
  storageUrl: process.env.STORAGE_URL,
  seedDemo: values.demo,
  revalidate: !values['no-revalidate'],
  onStep: (line) => console.log(`cluster: ${line}`),
}).catch((err: Error) => {
  console.error(`cluster: ${err.message}`);
  process.exit(1);
});

console.log(`cluster: Vellum on ${cluster.url} (replicas ${cluster.replicas.map((r) => r.url).join(', ')}, one worker)`);
console.log(`cluster: logs in ${cluster.logDir}; Ctrl-C stops every process`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('cluster: stopping');
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
for (const child of [...cluster.replicas.map((r) => r.process), cluster.worker, cluster.nginx]) {
  child.once('exit', (code) => {
    if (!stopping) console.error(`cluster: a process exited (${code}); see ${cluster.logDir}`);
  });
}
