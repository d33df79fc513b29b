import { createHash, randomUUID } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/** The stream gave more bytes than its object may hold; nothing of it is kept. */
export class ObjectTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`object larger than ${maxBytes} bytes`);
    this.name = 'ObjectTooLarge';
  }
}

/**
 * A new key under the prefix and a random name: each folder of the prefix keeps only letters,
 * digits and '-', and empty folders ('', '.', '..') go, so no key can climb out of its store.
 */
export function newObjectKey(prefix: string, extension: string): string {
  const folders = prefix
    .split('/')
    .map((f) => f.replace(/[^a-z0-9-]/gi, ''))
    .filter(Boolean);
  return `${folders.join('/') || 'objects'}/${randomUUID()}.${extension.replace(/[^a-z0-9]/gi, '') || 'bin'}`;
}

/** A pass-through that counts and hashes the bytes, and fails with ObjectTooLarge past the limit. */
export class MeasuringStream extends Transform {
  size = 0;
  private readonly hash = createHash('sha256');

  constructor(private readonly maxBytes = Number.POSITIVE_INFINITY) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      done(new ObjectTooLarge(this.maxBytes));
      return;
    }
    this.hash.update(chunk);
    done(null, chunk);
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}
