import { join } from 'node:path';
import type { FileStore } from './file-store.js';
import { createLocalFileStore } from './storage-local.js';
import { createS3FileStore, type S3StoreOptions } from './storage-s3.js';

/**
 * The store `STORAGE_URL` names: unset, the local disk under the data folder; `s3://bucket` with
 * optional `endpoint`, `region` and `forcePathStyle` query parameters, S3-compatible storage
 * (credentials from the standard AWS variables).
 */
export function createFileStore(storageUrl: string | undefined, dataDir: string): FileStore {
  if (!storageUrl) return createLocalFileStore(storeRoot(dataDir));
  return createS3FileStore(parseStorageUrl(storageUrl));
}

export function parseStorageUrl(storageUrl: string): S3StoreOptions {
  const url = new URL(storageUrl);
  if (url.protocol !== 's3:' || !url.hostname)
    throw new Error('STORAGE_URL must be s3://bucket[/prefix][?endpoint=&region=&forcePathStyle=]');
  const q = url.searchParams;
  return {
    bucket: url.hostname,
    prefix: url.pathname.replace(/^\/+|\/+$/g, ''),
    endpoint: q.get('endpoint') ?? undefined,
    region: q.get('region') ?? process.env.AWS_REGION ?? 'us-east-1',
    forcePathStyle: q.get('forcePathStyle') === 'true' || (q.has('endpoint') && q.get('forcePathStyle') !== 'false'),
  };
}

export const storeRoot = (dataDir: string) => join(dataDir, 'files');
