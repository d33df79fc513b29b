import type { APIRequestContext } from '@playwright/test';
import type { Api } from '../catalogue/support';

/** A document of the unit through the documents API (`POST api/documents`, decision 0032). */
export async function createDocument(
  request: APIRequestContext,
  api: Api,
  body: { businessUnitId: number; documentTypeId: number; number: string; name: string; productIds?: number[]; productGroupIds?: number[] },
): Promise<{ id: number; businessUnitId: number }> {
  const res = await request.post('/api/documents', {
    headers: { Authorization: `Bearer ${api.token}` },
    data: { attributeValues: [], productIds: [], productGroupIds: [], ...body },
  });
  if (res.status() !== 201) throw new Error(`POST /api/documents: ${res.status()} ${await res.text()}`);
  return res.json();
}

/** A small PDF of `size` bytes (its signature, then filler). */
export const pdfOf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, 0x41)]);

/** Uploads a PDF as a file version's binary (`POST api/files/{id}/binary`); anything but 200 fails. */
export async function uploadBinary(request: APIRequestContext, api: Api, fileId: number, name: string, buffer: Buffer): Promise<void> {
  const res = await request.post(`/api/files/${fileId}/binary`, {
    headers: { Authorization: `Bearer ${api.token}` },
    multipart: { file: { name, mimeType: 'application/pdf', buffer } },
  });
  if (res.status() !== 200) throw new Error(`POST /api/files/${fileId}/binary: ${res.status()} ${await res.text()}`);
}
