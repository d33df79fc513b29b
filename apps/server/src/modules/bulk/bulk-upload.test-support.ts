import type { FastifyInstance } from 'fastify';
import { zipSync } from 'fflate';
import { expect } from 'vitest';
import { as } from '../../test/harness.js';
import { txtLine } from './bulk-sheet.js';

/** A zip of the given entries (name → text or bytes). */
export function zipOf(entries: Record<string, string | Uint8Array>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, typeof v === 'string' ? new TextEncoder().encode(v) : v])));
}

/** A TXT sheet as the export writes it. */
export const sheetOf = (rows: readonly (readonly string[])[]) => rows.map((r) => txtLine(r)).join('');

export interface UploadOptions {
  entity?: 'PRODUCT' | 'DOCUMENT';
  businessUnitId: number;
  productTypeId?: number;
  mode?: 'IMPORT' | 'CHECK';
  onError?: 'ALL_OR_NOTHING' | 'VALID_ROWS';
  fileName?: string;
}

/** upload-url, PUT of the zip, upload-complete: answers the job's id (the import is queued, not run). */
export async function uploadZip(app: FastifyInstance, token: string, zip: Uint8Array, o: UploadOptions): Promise<number> {
  const call = as(app, token);
  const start = await call({
    method: 'POST',
    url: '/api/bulk/upload-url',
    payload: {
      entity: o.entity ?? 'PRODUCT',
      businessUnitId: o.businessUnitId,
      productTypeId: o.productTypeId,
      fileName: o.fileName ?? 'products.zip',
      fileSize: zip.length,
      mode: o.mode ?? 'IMPORT',
      onError: o.onError ?? 'ALL_OR_NOTHING',
    },
  });
  expect(start.statusCode, start.body).toBe(201);
  const { id, url } = start.json() as { id: number; url: string };
  const put = await app.inject({ method: 'PUT', url, headers: { 'content-type': 'application/zip' }, payload: Buffer.from(zip) });
  expect(put.statusCode, put.body).toBe(204);
  const done = await call({ method: 'POST', url: `/api/bulk/upload-complete/${id}` });
  expect(done.statusCode, done.body).toBe(200);
  expect(done.json()).toMatchObject({ id, status: 'PROCESSING' });
  return id;
}
