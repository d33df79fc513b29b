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
  /** Writes the object from `open()`'s bytes; `open` is called again for each attempt (S3 retries a failed PUT). */
  write(key: string, open: () => Readable, size: number): Promise<void>;
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
    async write(key, open) {
      const path = resolve(base, key);
      if (!path.startsWith(base + sep)) throw new Error(`object key escapes the store: ${key}`);
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.part`;
      try {
        await pipeline(open(), createWriteStream(partial, { flags: 'wx' }));
        await rename(partial, path);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
    },
  };
}

const PUT_ATTEMPTS = 4;

/** A network failure or a 5xx answer, worth trying again; a 4xx (refused, no such bucket) is not. */
function transient(err: unknown): boolean {
  const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === undefined || status >= 500;
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
    async write(key, open, size) {
      // a streamed body is not retried by the SDK: a connection dropped by the bucket (or a proxy) is retried here, from the start
      for (let attempt = 1; ; attempt++) {
        const body = open();
        try {
          await client.send(new PutObjectCommand({ Bucket, Key: `${prefix}${key}`, Body: body, ContentLength: size }));
          return;
        } catch (err) {
          body.destroy();
          if (attempt >= PUT_ATTEMPTS || !transient(err)) throw err;
          await new Promise((r) => setTimeout(r, 200 * attempt));
        }
      }
    },
  };
}
