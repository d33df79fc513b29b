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
  // every other method as the store's own (its methods are closures, not bound to the object)
  return {
    ...store,
    async delete(key) {
      if ((await kept([key])).has(key)) return;
      await store.delete(key);
    },
  };
}
