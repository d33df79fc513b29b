import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
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
