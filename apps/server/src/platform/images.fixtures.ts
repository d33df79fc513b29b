import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

/** Small real images and multipart bodies for the upload tests. */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid 1x1 RGB PNG of the given colour. */
export function tinyPng(rgb: [number, number, number] = [200, 30, 30]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: truecolour
  const scanline = Buffer.from([0, ...rgb]); // filter byte, then the pixel
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(scanline)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A valid 1x1 greyscale baseline JPEG. */
export function tinyJpeg(): Buffer {
  return Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  );
}

/** An SVG carrying a script, an event handler and external references, which must all be removed. */
export const HOSTILE_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="20" height="20" onload="alert('onload')">
  <script>alert('script')</script>
  <style>@import url(https://evil.example/x.css); rect { fill: url(#g); stroke: url(https://evil.example/s.svg#a) }</style>
  <linearGradient id="g"><stop offset="0" stop-color="#123456"/></linearGradient>
  <a href="javascript:alert('link')"><rect id="r" width="10" height="10" onclick="alert('click')"/></a>
  <image href="https://evil.example/tracker.png" width="1" height="1"/>
  <circle cx="5" cy="5" r="4" fill="url(https://evil.example/p.svg#p)" style="fill: url(https://evil.example/q.svg#q)"/>
  <foreignObject><div xmlns="http://www.w3.org/1999/xhtml">html</div></foreignObject>
</svg>`;

/** A multipart/form-data body with one file part (and text fields before it), for inject(). */
export function multipart(field: string, filename: string, contentType: string, data: Buffer, fields: Record<string, string> = {}) {
  const boundary = `----vellum${randomBytes(8).toString('hex')}`;
  const texts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(
    `${texts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const payload = Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
