import { cpSync, existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { writeIslands } from '@vellum/site-views';
import { build, type Plugin } from 'esbuild';

/**
 * `npm run build -w @vellum/server`: the server, the worker, the audit chain's check and anchor, the backup and the restore compiled to JavaScript for plain
 * `node` (decision 0064). esbuild bundles our own code, the workspace packages' TypeScript sources
 * included (@vellum/contract, @vellum/site-views), into `dist/`; every npm package stays an import
 * resolved from node_modules at run time, so that `npm ci --omit=dev` installs what it needs. The
 * migrations are copied beside the bundle, where the migrator looks for them, and so are the release notes;
 * the site's browser scripts are built into `dist/site-scripts/`.
 */

const SERVER_DIR = resolve(import.meta.dirname, '..');
const OUT_DIR = join(SERVER_DIR, 'dist');

/** npm packages are left to node_modules; the workspace's own packages are compiled in. */
const npmPackagesExternal: Plugin = {
  name: 'npm-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@vellum/') ? undefined : { path: args.path, external: true }));
  },
};

rmSync(OUT_DIR, { recursive: true, force: true });
const result = await build({
  entryPoints: {
    main: join(SERVER_DIR, 'src/main.ts'),
    worker: join(SERVER_DIR, 'src/worker.ts'),
    'audit-verify': join(SERVER_DIR, 'src/audit-verify.ts'),
    'audit-anchor': join(SERVER_DIR, 'src/audit-anchor.ts'),
    backup: join(SERVER_DIR, 'src/backup.ts'),
    restore: join(SERVER_DIR, 'src/restore.ts'),
  },
  outdir: OUT_DIR,
  bundle: true,
  // what the server and the worker share is one chunk, loaded once
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  sourcemap: true,
  metafile: true,
  // beside the entries, so that every module's own folder is dist/ (the migrations are found from there)
  chunkNames: '[name]-[hash]',
  plugins: [npmPackagesExternal],
  logLevel: 'warning',
});
cpSync(join(SERVER_DIR, 'src/db/migrations'), join(OUT_DIR, 'migrations'), { recursive: true });
// the site's browser scripts, built now and served from here in production (decision 0046): no sources at run time
const islands = await writeIslands(join(OUT_DIR, 'site-scripts'));
// the release notes and known issues the server reads at start (decision 0073)
for (const name of ['CHANGELOG.md', 'KNOWN-ISSUES.md']) cpSync(join(SERVER_DIR, '../..', name), join(OUT_DIR, 'release-notes', name));
// the test runs' evidence the validation records page reads, when the tests ran before the build (decision 0077)
const EVIDENCE = join(SERVER_DIR, '../../validation/evidence');
if (existsSync(EVIDENCE)) cpSync(EVIDENCE, join(OUT_DIR, 'validation-evidence'), { recursive: true });
const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
console.log(
  `server built into ${OUT_DIR} (${Math.round(bytes / 1024)} kB of JavaScript and source maps, ${islands.files.size} site scripts)`,
);
