import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { FileStore } from './file-store.js';
import { MeasuringStream, newObjectKey } from './storage-stream.js';

export interface S3StoreOptions {
  bucket: string;
  /** Prepended to every key inside the bucket (several installations may share one bucket). */
  prefix: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  /** Where uploads wait before they go to the bucket (the system's temporary folder by default). */
  spoolDir?: string;
  /** Only for tests; otherwise the SDK's standard chain (AWS_ACCESS_KEY_ID, profiles, roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const missing = (err: unknown) =>
  err instanceof NoSuchKey || err instanceof NotFound || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404);

/** The S3 client of a store's options (the file store's, and the restore's, decision 0069). */
export function newS3Client(options: S3StoreOptions): S3Client {
  return new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // presigned and streamed uploads must not be signed with a checksum of a body the SDK cannot see
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Objects in an S3-compatible bucket. */
export function createS3FileStore(options: S3StoreOptions): FileStore {
  const client = newS3Client(options);
  const Bucket = options.bucket;
  const objectName = (key: string) => (options.prefix ? `${options.prefix}/${key}` : key);
  const read = async (key: string, range?: string) => {
    try {
      const out = await client.send(new GetObjectCommand({ Bucket, Key: objectName(key), Range: range }));
      return out.Body as Readable | undefined;
    } catch (err) {
      if (missing(err)) return undefined;
      throw err;
    }
  };
  return {
    kind: 's3',
    async probe() {
      // the bucket exists and these credentials reach it; bounded so that a silent endpoint does not hang a start or a readiness check
      await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(5000) });
    },
    async put(prefix, data, extension) {
      const key = newObjectKey(prefix, extension);
      await client.send(new PutObjectCommand({ Bucket, Key: objectName(key), Body: data }));
      return key;
    },
    async putAt(key, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: objectName(key), Body: data }));
    },
    async get(key) {
      const body = await read(key);
      if (!body) return undefined;
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectName(key) }));
    },
    async putStream(prefix, source, extension, putOptions) {
      // Spooled to a temporary file first: the size limit and the SHA-256 are settled before
      // anything reaches the bucket, and the object is then written in one PUT of known length
      // (S3 takes up to 5 GB so; our binaries are at most 150 MB). A failed or refused stream
      // never creates an object, and no multipart upload is ever left behind.
      const dir = await mkdtemp(join(options.spoolDir ?? tmpdir(), 'vellum-upload-'));
      try {
        const spooled = join(dir, 'object');
        const measure = new MeasuringStream(putOptions?.maxBytes);
        await pipeline(source as Readable, measure, createWriteStream(spooled));
        const key = newObjectKey(prefix, extension);
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: objectName(key),
            Body: createReadStream(spooled),
            ContentLength: measure.size,
            ContentType: putOptions?.contentType,
          }),
        );
        return { key, size: measure.size, sha256: measure.digest() };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectName(key) }));
        return { size: head.ContentLength ?? 0 };
      } catch (err) {
        if (missing(err)) return undefined;
        throw err;
      }
    },
    async *list(prefix) {
      const inBucket = objectName(prefix);
      const strip = options.prefix ? options.prefix.length + 1 : 0;
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: inBucket, ContinuationToken: token }));
        for (const o of page.Contents ?? []) {
          if (!o.Key) continue;
          yield { key: o.Key.slice(strip), size: o.Size ?? 0, modifiedAt: o.LastModified ?? new Date() };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async open(key, range) {
      return read(key, range ? `bytes=${range.start}-${range.end}` : undefined);
    },
    async presignedPut(prefix, extension, presign) {
      const key = newObjectKey(prefix, extension);
      const url = await getSignedUrl(
        client,
        new PutObjectCommand({ Bucket, Key: objectName(key), ContentType: presign.contentType, ContentLength: presign.contentLength }),
        // content-type and content-length are signed: the bucket refuses a PUT of another type or size
        { expiresIn: presign.expiresInSeconds, signableHeaders: new Set(['content-type', 'content-length']) },
      );
      return { key, url };
    },
    async presignedUrl(key, presign) {
      const disposition = presign.fileName ? `attachment; filename*=UTF-8''${encodeURIComponent(presign.fileName)}` : undefined;
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: objectName(key),
          ResponseContentDisposition: disposition,
          ResponseContentType: presign.contentType,
        }),
        { expiresIn: presign.expiresInSeconds },
      );
    },
  };
}
