import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStore } from './file-store.js';
import { deferringStore } from './storage-deferred.js';
import { createLocalFileStore } from './storage-local.js';

let dir = '';
let store: FileStore;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vellum-deferred-'));
  store = createLocalFileStore(dir);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** What a service replacing an object does: stores the new one, then deletes the one it replaces. */
async function replace(files: FileStore, old: string): Promise<{ put: string; streamed: string }> {
  const put = await files.put('things', Buffer.from('new'), 'txt');
  const streamed = (await files.putStream('things', Readable.from([Buffer.from('streamed')]), 'txt')).key;
  await files.delete(old);
  return { put, streamed };
}

describe('deferringStore', () => {
  it('after a commit removes the objects let go of and keeps the new ones', async () => {
    const old = await store.put('things', Buffer.from('old'), 'txt');
    const deferred = deferringStore(store);
    const { put, streamed } = await replace(deferred.files, old);
    // nothing is deleted while the transaction runs
    expect(await store.get(old)).toEqual(Buffer.from('old'));
    expect(deferred.stored).toEqual([put, streamed]);
    expect(deferred.released).toEqual([old]);
    await deferred.settle(true);
    expect(await store.stat(old)).toBeUndefined();
    expect(await store.get(put)).toEqual(Buffer.from('new'));
    expect(await store.get(streamed)).toEqual(Buffer.from('streamed'));
  });

  it('after a rollback removes the objects stored and keeps the old ones', async () => {
    const old = await store.put('things', Buffer.from('old'), 'txt');
    const deferred = deferringStore(store);
    const { put, streamed } = await replace(deferred.files, old);
    await deferred.settle(false);
    expect(await store.get(old)).toEqual(Buffer.from('old'));
    expect(await store.stat(put)).toBeUndefined();
    expect(await store.stat(streamed)).toBeUndefined();
  });

  it('reads and lists through to the store', async () => {
    const deferred = deferringStore(store);
    const key = await deferred.files.put('listed', Buffer.from('x'), 'txt');
    expect(await deferred.files.get(key)).toEqual(Buffer.from('x'));
    expect(await deferred.files.stat(key)).toEqual({ size: 1 });
    const keys: string[] = [];
    for await (const o of deferred.files.list('listed/')) keys.push(o.key);
    expect(keys).toEqual([key]);
  });
});
