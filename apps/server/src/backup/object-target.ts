import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { parseStorageUrl, storeRoot } from '../platform/storage.js';
import { newS3Client, type S3StoreOptions } from '../platform/storage-s3.js';

/**
 * The file store as a restore sees it (decision 0069): whether it holds anything, and writing an
 * object under the key the backup names. The application's FileStore never takes a key from
 * outside (it makes its own); only a restore puts objects back under their old keys.
 */
export interface ObjectTarget {
  /** Where, for messages: the folder or the bucket (no credentials). */
  readonly where: string;
  /** Whether the store holds at least one object. */
  hasObjects(): Promise<boolean>;
  write(key: string, source: Readable, size: number): Promise<void>;
}

export function objectTarget(storageUrl: string | undefined, dataDir: string, s3Options?: Partial<S3StoreOptions>): ObjectTarget {
  return storageUrl ? s3Target({ ...parseStorageUrl(storageUrl), ...s3Options }) : localTarget(storeRoot(dataDir));
}

function localTarget(root: string): ObjectTarget {
  const base = resolve(root);
  return {
    where: base,
    async hasObjects() {
      try {
        const entries = await readdir(base, { recursive: true, withFileTypes: true });
        return entries.some((e) => e.isFile());
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw err;
      }
    },
    async write(key, source) {
      const path = resolve(base, key);
      if (!path.startsWith(base + sep)) throw new Error(`object key escapes the store: ${key}`);
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.part`;
      try {
        await pipeline(source, createWriteStream(partial, { flags: 'wx' }));
        await rename(partial, path);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
    },
  };
}

function s3Target(options: S3StoreOptions): ObjectTarget {
  const client = newS3Client(options);
  const Bucket = options.bucket;
  const prefix = options.prefix ? `${options.prefix}/` : '';
  return {
    where: `s3://${Bucket}/${prefix}`,
    async hasObjects() {
      // one page of the listing (MaxKeys: 1 would do, but s3rver fails a truncated V2 listing)
      const out = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined }));
      return (out.KeyCount ?? out.Contents?.length ?? 0) > 0;
    },
    async write(key, source, size) {
      await client.send(new PutObjectCommand({ Bucket, Key: `${prefix}${key}`, Body: source, ContentLength: size }));
    },
  };
}
