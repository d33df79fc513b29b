import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/** Where binary objects live: local disk by default, S3-compatible storage later (same interface). */
export interface FileStore {
  put(prefix: string, data: Buffer, extension: string): Promise<string>;
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
}

export function createLocalFileStore(root: string): FileStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const p = resolve(base, key);
    if (!p.startsWith(base + sep)) throw new Error('object key escapes the store');
    return p;
  };
  return {
    async put(prefix, data, extension) {
      const key = `${prefix.replace(/[^a-z0-9/-]/gi, '')}/${randomUUID()}.${extension.replace(/[^a-z0-9]/gi, '')}`;
      const p = pathOf(key);
      await mkdir(dirname(p), { recursive: true });
      await writeFile(p, data);
      return key;
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
  };
}

export const storeRoot = (dataDir: string) => join(dataDir, 'files');
