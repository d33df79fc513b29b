import type { FileStore } from './file-store.js';

/** A store whose deletes wait for the transaction around them, and what it stored and let go of meanwhile. */
export interface DeferringStore {
  /** The store to hand to the services running inside the transaction. */
  readonly files: FileStore;
  /** Objects written through it (removed again when the transaction rolls back). */
  readonly stored: readonly string[];
  /** Objects its deletes let go of (removed once the transaction commits). */
  readonly released: readonly string[];
  /**
   * Once the transaction has ended (never inside it: the retaining store's delete asks the database
   * whether a publication names the object): after a commit the objects let go of are removed, after
   * a rollback the objects stored. A failing delete only leaves an orphan for the sweep (decision 0087).
   */
  settle(committed: boolean): Promise<void>;
}

/**
 * Storage is not transactional. Services that replace an object store the new one, record its key
 * and delete the old one right after their own transaction; run inside a larger transaction (each
 * service call a savepoint of an import), a later refusal would roll the records back after the old
 * object is gone. Through this store a delete only records the key, and every object written is
 * recorded, so whichever way the outer transaction ends, `settle` leaves storage matching it.
 */
export function deferringStore(store: FileStore): DeferringStore {
  const stored: string[] = [];
  const released: string[] = [];
  const files: FileStore = {
    // reads, the audit anchors' fixed keys (never an object a row names) and listing as the store's
    // own; no presigned PUT, whose object would escape the record
    ...store,
    presignedPut: undefined,
    async put(prefix, data, extension) {
      const key = await store.put(prefix, data, extension);
      stored.push(key);
      return key;
    },
    async putStream(prefix, source, extension, options) {
      const object = await store.putStream(prefix, source, extension, options);
      stored.push(object.key);
      return object;
    },
    async delete(key) {
      released.push(key);
    },
  };
  return {
    files,
    stored,
    released,
    async settle(committed) {
      const gone = new Set(committed ? released : stored);
      await Promise.all([...gone].map((key) => store.delete(key).catch(() => {})));
    },
  };
}
