// Writes validation/evidence/<suite>.meta.json before a test run: the commit, the date and the
// environment of the run whose reporter writes validation/evidence/<suite>.json beside it
// (the validation records page reads both; decision 0077). Usage: node scripts/evidence-meta.mjs <suite> [database]
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [suite, database] = process.argv.slice(2);
if (!suite || !/^[a-z0-9-]+$/.test(suite)) {
  console.error('usage: evidence-meta.mjs <suite> [database]');
  process.exit(2);
}

function commit() {
  if (process.env.VELLUM_COMMIT) return process.env.VELLUM_COMMIT;
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

const folder = join(root, 'validation', 'evidence');
mkdirSync(folder, { recursive: true });
const meta = {
  suite,
  commit: commit(),
  date: new Date().toISOString(),
  root,
  environment: {
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    database: database ?? (process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'),
    ci: process.env.CI ? 'yes' : 'no',
  },
};
writeFileSync(join(folder, `${suite}.meta.json`), `${JSON.stringify(meta, null, 2)}\n`);
