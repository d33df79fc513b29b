import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';

/**
 * The site's browser scripts (decision 0046): each island's entry file bundled by esbuild into
 * content-hashed ES modules, in memory, when the server starts. Chunks loaded by a dynamic
 * import (the camera scanner) are files of their own that no page references.
 */

/** The islands a page can ask for, by their entry file's name. */
export const ISLAND_NAMES = ['typeahead', 'scan'] as const;
export type IslandName = (typeof ISLAND_NAMES)[number];

/** Where the scripts are served; a file's name carries its content hash, so it is cached for good. */
export const ISLAND_ASSETS_PATH = '/site/_assets';

export interface IslandFile {
  contents: Uint8Array;
  /** Its size gzipped (level 9), for the budget and the benchmark. */
  gzipBytes: number;
  etag: string;
}

export interface IslandAssets {
  /** Every built file by name (`typeahead.4XQ2ZP7A.js`). */
  files: Map<string, IslandFile>;
  /** Each island's entry as a URL under ISLAND_ASSETS_PATH. */
  entries: Record<IslandName, string>;
  /** Each island's first load: its entry and the chunks it imports statically, as URLs (dynamic imports left out). */
  firstLoad: Record<IslandName, string[]>;
}

/**
 * ZXing's modules declare no `sideEffects`, so a bundler keeps all of them (every symbology,
 * 128 kB gzip) though the scanner uses two readers; they have none, and saying so lets esbuild
 * drop what is not used.
 */
const zxingWithoutSideEffects: Plugin = {
  name: 'zxing-without-side-effects',
  setup(b) {
    // the package's own relative imports ('./core/…' without an extension), resolved here
    b.onResolve({ filter: /^\./ }, (args) => {
      if (!args.importer.includes(`${sep}@zxing${sep}`)) return undefined;
      const base = resolve(args.resolveDir, args.path);
      const path = [`${base}.js`, join(base, 'index.js'), base].find((p) => existsSync(p) && statSync(p).isFile());
      return path ? { path, sideEffects: false } : undefined;
    });
    b.onResolve({ filter: /^@zxing\// }, async (args) => {
      if (args.pluginData === 'resolving') return undefined;
      const r = await b.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: 'resolving',
      });
      return r.errors.length > 0 ? r : { ...r, sideEffects: false };
    });
  },
};

/**
 * The islands' entry files: beside this module when it runs from its sources; when it is compiled
 * into the server's bundle (decision 0064), the package's own sources, found through its exports.
 */
function islandsDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  if (existsSync(join(here, `${ISLAND_NAMES[0]}.ts`))) return here;
  return dirname(fileURLToPath(import.meta.resolve(`@vellum/site-views/islands/${ISLAND_NAMES[0]}.ts`)));
}

function islandFile(contents: Uint8Array): IslandFile {
  const etag = `"${createHash('sha256').update(contents).digest('base64url').slice(0, 27)}"`;
  return { contents, gzipBytes: gzipSync(contents, { level: 9 }).length, etag };
}

/** Builds the islands (a few hundred milliseconds); the answer never changes within a process. */
export async function buildIslands(): Promise<IslandAssets> {
  const here = islandsDir();
  const outdir = join(here, '__out__');
  const result = await build({
    entryPoints: Object.fromEntries(ISLAND_NAMES.map((n) => [n, join(here, `${n}.ts`)])),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    write: false,
    metafile: true,
    outdir,
    entryNames: '[name].[hash]',
    chunkNames: '[name].[hash]',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [zxingWithoutSideEffects],
    logLevel: 'silent',
  });
  const files = new Map<string, IslandFile>();
  for (const f of result.outputFiles) files.set(basename(f.path), islandFile(f.contents));
  const outputs = result.metafile.outputs;
  const urlOf = (outPath: string) => `${ISLAND_ASSETS_PATH}/${basename(outPath)}`;
  const entries = {} as Record<IslandName, string>;
  const firstLoad = {} as Record<IslandName, string[]>;
  for (const [outPath, out] of Object.entries(outputs)) {
    const name = ISLAND_NAMES.find((n) => out.entryPoint !== undefined && basename(out.entryPoint) === `${n}.ts`);
    if (!name) continue;
    entries[name] = urlOf(outPath);
    // the entry and, transitively, what it imports statically
    const seen = new Set<string>();
    const visit = (p: string) => {
      const key = Object.keys(outputs).find((k) => k === p || k.endsWith(`/${basename(p)}`));
      if (!key || seen.has(key)) return;
      seen.add(key);
      for (const i of outputs[key].imports) if (i.kind === 'import-statement') visit(i.path);
    };
    visit(outPath);
    firstLoad[name] = [...seen].map(urlOf);
  }
  return { files, entries, firstLoad };
}

/** The manifest `writeIslands` leaves beside the files: the entries, first loads and file names. */
const MANIFEST = 'islands.json';

/**
 * Builds the islands into `dir` — each file, and the manifest — at `npm run build`, so that the
 * production server serves them as they are instead of bundling the sources at start.
 */
export async function writeIslands(dir: string): Promise<IslandAssets> {
  const assets = await buildIslands();
  mkdirSync(dir, { recursive: true });
  for (const [name, f] of assets.files) writeFileSync(join(dir, name), f.contents);
  const manifest = { entries: assets.entries, firstLoad: assets.firstLoad, files: [...assets.files.keys()] };
  writeFileSync(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return assets;
}

/** The islands `writeIslands` wrote into `dir`, or undefined when it holds none. */
export function readIslands(dir: string): IslandAssets | undefined {
  const manifestPath = join(dir, MANIFEST);
  if (!existsSync(manifestPath)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Omit<IslandAssets, 'files'> & { files: string[] };
  const files = new Map(
    manifest.files.map((name) => [basename(name), islandFile(new Uint8Array(readFileSync(join(dir, basename(name)))))]),
  );
  return { files, entries: manifest.entries, firstLoad: manifest.firstLoad };
}
