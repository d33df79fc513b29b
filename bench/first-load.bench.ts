import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { type FirstLoadReport, kB, measureFirstLoad } from './lib/first-load.js';
import { writeSection } from './lib/results.js';

/**
 * The admin before route splitting (commit c2057ac, one script), measured the same way: its
 * entry was the whole application.
 */
const BEFORE = { js: { bytes: 1_705_453, gzip: 510_145 }, css: { gzip: 42_498 } };

const row = (what: string, js: { bytes: number; gzip: number }, css: { gzip: number }, note = '') =>
  `| ${what} | ${kB(js.bytes)} | ${kB(js.gzip)} | ${kB(css.gzip)} | ${note} |`;

function body(r: FirstLoadReport): string {
  const lines = [
    'JavaScript the browser loads before the sign-in page or the shell can show: the entry chunk and',
    'every chunk it imports statically (the modulepreload links of index.html), from the build',
    "manifest, gzipped with node:zlib's default level. Budget: 250 kB gzip of JavaScript",
    '(`e2e/specs/first-load.spec.ts` checks it on every `npm test`). A route counts what it adds to the',
    'first load.',
    '',
    '| load | JS | JS gzip | CSS gzip | |',
    '|---|---:|---:|---:|---|',
    row('before splitting: one script', BEFORE.js, BEFORE.css, 'commit c2057ac'),
    row('first load (sign-in page and shell)', r.firstLoad.js, r.firstLoad.css, `${r.firstLoad.js.files.length} files`),
  ];
  for (const route of r.routes.slice(0, 5)) {
    lines.push(
      row(`+ route \`${route.name.replace(/^src\//, '')}\``, route.js, route.css, route === r.largestRoute ? 'largest route' : ''),
    );
  }
  lines.push(row(`all JavaScript of the build (${r.total.files.length} chunks)`, r.total, { gzip: 0 }));
  return lines.join('\n');
}

/** Builds the admin and records its first load and its largest route in bench/RESULTS.md. */
export async function firstLoadBench(): Promise<void> {
  const root = resolve(import.meta.dirname, '..');
  const build = spawnSync('npm', ['run', 'build', '-w', '@vellum/admin'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the admin build failed');
  const report = measureFirstLoad();
  writeSection('admin-first-load', 'Admin first load (build size)', body(report));
  console.log(
    `first load ${kB(report.firstLoad.js.gzip)} gzip; largest route ${report.largestRoute.name} +${kB(report.largestRoute.js.gzip)}`,
  );
}
