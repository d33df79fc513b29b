import { Readable } from 'node:stream';

/**
 * A multipart body of a PDF of `size` bytes after the text `fields`, generated as a stream (never
 * whole in memory), with the headers of its request: uploads at and past the size limits.
 */
export function streamedPdf(size: number, fields: Record<string, string> = {}) {
  const boundary = '----vellum-streamed-upload';
  const texts = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const head = Buffer.from(
    `${texts}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const chunk = Buffer.alloc(1 << 20, 0x41);
  async function* body() {
    yield head;
    yield Buffer.from('%PDF-1.7\n');
    for (let left = size - 9; left > 0; left -= chunk.length) yield chunk.subarray(0, Math.min(left, chunk.length));
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return { payload: Readable.from(body()), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
