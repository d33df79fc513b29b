import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Bytes of a set of built files: as shipped and gzipped (node:zlib at its default level). */
export interface Size {
  files: string[];
  bytes: number;
  gzip: number;
}

export interface FirstLoadReport {
  /** The entry chunk and every chunk it imports statically (what index.html preloads), with their CSS. */
  firstLoad: { js: Size; css: Size };
  /** The route whose own chunks (beyond the first load) weigh most. */
  largestRoute: { name: string; js: Size; css: Size };
  /** Every lazily loaded route chunk with what it adds to the first load, largest first. */
  routes: { name: string; js: Size; css: Size }[];
  /** All JavaScript of the build. */
  total: Size;
}

export const adminDist = join(import.meta.dirname, '../../apps/admin/dist');

export function readManifest(dist = adminDist): Manifest {
  const file = join(dist, '.vite/manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: build the admin first (npm run build -w @vellum/admin)`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

function sizeOf(dist: string, files: Iterable<string>): Size {
  const list = [...new Set(files)].sort();
  let bytes = 0;
  let gzip = 0;
  for (const f of list) {
    const content = readFileSync(join(dist, f));
    bytes += content.length;
    gzip += gzipSync(content).length;
  }
  return { files: list, bytes, gzip };
}

/** The manifest keys a chunk pulls in before it runs: itself and its static imports, transitively (not its dynamic imports). */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(manifest, dep, seen);
  return seen;
}

const filesOf = (manifest: Manifest, keys: Iterable<string>, kind: 'js' | 'css') =>
  [...keys].flatMap((k) => (kind === 'js' ? [manifest[k]!.file] : (manifest[k]!.css ?? [])));

/** Reads the admin's build manifest and weighs its first load and each lazily loaded route. */
export function measureFirstLoad(dist = adminDist): FirstLoadReport {
  const manifest = readManifest(dist);
  const entries = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk in the admin build, found ${entries.length}`);
  const first = staticClosure(manifest, entries[0]!);
  const routes = Object.keys(manifest)
    .filter((k) => manifest[k]!.isDynamicEntry)
    .map((k) => {
      const own = [...staticClosure(manifest, k)].filter((c) => !first.has(c));
      return {
        name: manifest[k]!.src ?? k,
        js: sizeOf(dist, filesOf(manifest, own, 'js')),
        css: sizeOf(dist, filesOf(manifest, own, 'css')),
      };
    })
    .sort((a, b) => b.js.gzip - a.js.gzip);
  const empty: Size = { files: [], bytes: 0, gzip: 0 };
  return {
    firstLoad: { js: sizeOf(dist, filesOf(manifest, first, 'js')), css: sizeOf(dist, filesOf(manifest, first, 'css')) },
    largestRoute: routes[0] ?? { name: '(none)', js: empty, css: empty },
    routes,
    total: sizeOf(
      dist,
      Object.values(manifest).map((c) => c.file),
    ),
  };
}

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
