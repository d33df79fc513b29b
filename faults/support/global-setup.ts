import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, SERVER_DIST } from './paths.js';

/** The newest modification time of the files under `dir` (0 when it does not exist). */
function newest(dir: string): number {
  if (!existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

/** The suite runs the compiled server: built once here when `apps/server/dist` is missing or older than the sources. */
export default function setup(): void {
  const main = join(SERVER_DIST, 'main.js');
  const built = existsSync(main) ? statSync(main).mtimeMs : 0;
  const sources = Math.max(
    newest(join(ROOT, 'apps/server/src')),
    newest(join(ROOT, 'packages/contract/src')),
    newest(join(ROOT, 'packages/site-views/src')),
  );
  if (built >= sources) return;
  console.log('fault suite: building the server (apps/server/dist is missing or stale)');
  execFileSync('npm', ['run', 'build', '-w', '@vellum/server'], { cwd: ROOT, stdio: 'inherit' });
}
