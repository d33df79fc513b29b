import type { FileStore } from './file-store.js';

/** Which of the keys must stay in storage (a publication names them). */
export type KeptObjects = (keys: readonly string[]) => Promise<Set<string>>;

/**
 * The file store, refusing to delete what a publication names (EU 2021/2226: what was public stays
 * answerable). Every delete of the product goes through here, so replacing a unit's logo, a product
 * type's image, a public resource or a remark's file after a publish lets go of the old object only
 * when no publication shows it. A kept object is simply not deleted (delete already ignores an
 * absent object): nothing a caller does changes.
 */
export function retainingStore(store: FileStore, kept: KeptObjects): FileStore {
  return {
    kind: store.kind,
    probe: () => store.probe(),
    put: (prefix, data, extension) => store.put(prefix, data, extension),
    putAt: (key, data) => store.putAt(key, data),
    get: (key) => store.get(key),
    putStream: (prefix, source, extension, options) => store.putStream(prefix, source, extension, options),
    stat: (key) => store.stat(key),
    open: (key, range) => store.open(key, range),
    list: (prefix) => store.list(prefix),
    presignedUrl: store.presignedUrl
      ? (key, options) => store.presignedUrl?.(key, options) ?? Promise.reject(new Error('no presigned URL'))
      : undefined,
    presignedPut: store.presignedPut
      ? (prefix, extension, options) => store.presignedPut?.(prefix, extension, options) ?? Promise.reject(new Error('no presigned PUT'))
      : undefined,
    async delete(key) {
      if ((await kept([key])).has(key)) return;
      await store.delete(key);
    },
  };
}
