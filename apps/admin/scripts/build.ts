import { relative } from 'node:path';
import { build } from 'vite';
import { ADMIN_DIR, swapInNewBuild } from './builds.js';

/**
 * `npm run build -w @vellum/admin` (and `npm start`): vite builds the admin app into a new folder
 * under builds/, then `dist` is pointed at it (decision 0052); a server already serving keeps its
 * own build.
 */
const dir = await swapInNewBuild(async (outDir) => {
  await build({ root: ADMIN_DIR, build: { outDir, emptyOutDir: true } });
});
console.log(`admin app built into ${relative(process.cwd(), dir)}; dist points at it`);
