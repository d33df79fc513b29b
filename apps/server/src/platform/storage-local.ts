import { createReadStream, createWriteStream, type Dirent } from 'node:fs';
import { access, constants, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStore } from './file-store.js';
import { MeasuringStream, newObjectKey } from './storage-stream.js';

/** Objects as files under `root`; a key can never name a path outside it. */
export function createLocalFileStore(root: string): FileStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const p = resolve(base, key);
    if (!p.startsWith(base + sep)) throw new Error('object key escapes the store');
    return p;
  };
  const absent = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';
  return {
    kind: 'local',
    async probe() {
      await mkdir(base, { recursive: true });
      await access(base, constants.W_OK);
    },
    async put(prefix, data, extension) {
      const key = newObjectKey(prefix, extension);
      const p = pathOf(key);
      await mkdir(dirname(p), { recursive: true });
      await writeFile(p, data);
      return key;
    },
    async putAt(key, data) {
      const p = pathOf(key);
      await mkdir(dirname(p), { recursive: true });
      // written beside, then renamed: a reader never sees half an object
      await writeFile(`${p}.part`, data);
      await rename(`${p}.part`, p);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch {
        return undefined;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async putStream(prefix, source, extension, options) {
      const key = newObjectKey(prefix, extension);
      const p = pathOf(key);
      await mkdir(dirname(p), { recursive: true });
      // written under a temporary name and renamed when complete, so a half-written object never exists under its key
      const partial = `${p}.part`;
      const measure = new MeasuringStream(options?.maxBytes);
      try {
        await pipeline(source, measure, createWriteStream(partial, { flags: 'wx' }));
        await rename(partial, p);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
      return { key, size: measure.size, sha256: measure.digest() };
    },
    async stat(key) {
      try {
        const s = await stat(pathOf(key));
        return s.isFile() ? { size: s.size } : undefined;
      } catch (err) {
        if (absent(err)) return undefined;
        throw err;
      }
    },
    async *list(prefix) {
      // the folder the prefix names (a prefix that ends inside a name lists that name's folder)
      const folder = prefix.endsWith('/') ? pathOf(prefix.slice(0, -1)) : dirname(pathOf(prefix));
      let entries: Dirent[];
      try {
        entries = await readdir(folder, { recursive: true, withFileTypes: true });
      } catch (err) {
        if (absent(err)) return;
        throw err;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const path = join(entry.parentPath, entry.name);
        const key = relative(base, path).split(sep).join('/');
        if (!key.startsWith(prefix)) continue;
        try {
          const s = await stat(path);
          yield { key, size: s.size, modifiedAt: s.mtime };
        } catch (err) {
          // deleted since the folder was read
          if (!absent(err)) throw err;
        }
      }
    },
    async open(key, range) {
      const p = pathOf(key);
      try {
        if (!(await stat(p)).isFile()) return undefined;
      } catch (err) {
        if (absent(err)) return undefined;
        throw err;
      }
      return createReadStream(p, range ? { start: range.start, end: range.end } : {});
    },
  };
}
