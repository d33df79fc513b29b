import { createHash } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  QUALIFICATION_DOCUMENT_MAX_BYTES,
  QUALIFICATION_DOCUMENT_SHA256_HEADER,
  QUALIFICATION_DOCUMENT_VERSION_MAX,
  QualificationDocumentErrorKeys,
} from '@vellum/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, manufacturer, qualificationDocument } from '../../db/schema/index.js';
import { makeUserWithRights } from '../../factories/organisation-factories.js';
import { multipart, tinyPng } from '../../platform/images.fixtures.js';
import { storeRoot } from '../../platform/storage.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { streamedPdf } from '../../test/streamed-upload.js';
import { downloadGrant, grantValid } from './records-downloads.js';

let ctx: TestContext;
let manager: ReturnType<typeof as>;
let reader: ReturnType<typeof as>;
const anonymous = () => as(ctx.app, undefined);
const URL = '/api/qualification-documents';

const pdf = (text = 'IQ report') =>
  Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const FIELDS = { kind: 'IQ', title: 'Installation qualification', version: '1.0', approvalDate: '2026-01-15' };

const upload = (
  client: ReturnType<typeof as>,
  fields: Record<string, string> = FIELDS,
  data: Buffer = pdf(),
  name = 'iq.pdf',
  type = 'application/pdf',
) => client({ method: 'POST', url: URL, ...multipart('file', name, type, data, fields) });

const rows = () => ctx.db.select().from(qualificationDocument);
const objectsDir = () => join(storeRoot(ctx.config.dataDir), 'qualification-documents');
async function storedObjects(): Promise<string[]> {
  const entries = await readdir(objectsDir(), {
    recursive: true,
    withFileTypes: true,
  }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}
const auditsOf = (id: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityName, 'qualification-document'), eq(auditLog.entityId, String(id))));

/** What an upload is refused for: its fields, its content, the message key and the field named. */
const REFUSALS: [string, Record<string, string>, Buffer, string, string | undefined][] = [
  ['a PNG sent as a PDF', FIELDS, tinyPng(), 'error.unsupportedContentType', undefined],
  ['plain text named .pdf', FIELDS, Buffer.from('not a pdf at all'), 'error.unsupportedContentType', undefined],
  [
    'an approval date in the future',
    { ...FIELDS, approvalDate: dayFromToday(2) },
    pdf(),
    QualificationDocumentErrorKeys.approvalDateInFuture,
    'approvalDate',
  ],
  ['a malformed approval date', { ...FIELDS, approvalDate: '15.01.2026' }, pdf(), 'error.validation', 'approvalDate'],
  ['no approval date', { kind: 'IQ', title: 'T', version: '1' }, pdf(), 'error.validation', 'approvalDate'],
  ['an empty version', { ...FIELDS, version: '  ' }, pdf(), 'error.validation', 'version'],
  [
    'a version of 51 characters',
    { ...FIELDS, version: 'v'.repeat(QUALIFICATION_DOCUMENT_VERSION_MAX + 1) },
    pdf(),
    'error.validation',
    'version',
  ],
  ['another kind', { ...FIELDS, kind: 'DQ' }, pdf(), 'error.validation', 'kind'],
  ['no title', { ...FIELDS, title: '' }, pdf(), 'error.validation', 'title'],
];

beforeAll(async () => {
  ctx = await createTestContext();
  manager = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['VALIDATION_RECORDS_MANAGE'], [0])).id));
  reader = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['MANUFACTURER_READ'], [0])).id));
});
afterAll(() => ctx?.close());
beforeEach(async () => {
  await ctx.db.delete(qualificationDocument);
  await rm(objectsDir(), { recursive: true, force: true });
  await ctx.db.update(manufacturer).set({ validationRecordsActive: true }).where(eq(manufacturer.id, 1));
});

describe('access', () => {
  it('answers 401 without a token and 403 without VALIDATION_RECORDS_MANAGE, storing nothing', async () => {
    const created = (await upload(manager)).json();
    for (const [client, status] of [
      [anonymous(), 401],
      [reader, 403],
    ] as const) {
      expect((await client({ method: 'GET', url: URL })).statusCode).toBe(status);
      expect((await upload(client)).statusCode).toBe(status);
      expect((await client({ method: 'GET', url: `${URL}/${created.id}/file` })).statusCode).toBe(status);
      expect((await client({ method: 'DELETE', url: `${URL}/${created.id}` })).statusCode).toBe(status);
    }
    expect(await rows()).toHaveLength(1);
    expect(await storedObjects()).toHaveLength(1);
  });
});

describe('POST api/qualification-documents', () => {
  it('stores a PDF with its fields and SHA-256, audited, and lists it', async () => {
    const data = pdf('OQ report');
    const res = await upload(manager, { ...FIELDS, kind: 'OQ', version: 'v'.repeat(QUALIFICATION_DOCUMENT_VERSION_MAX) }, data);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      kind: 'OQ',
      title: FIELDS.title,
      version: 'v'.repeat(QUALIFICATION_DOCUMENT_VERSION_MAX),
      approvalDate: FIELDS.approvalDate,
      fileName: 'iq.pdf',
      size: data.length,
      sha256: sha256(data),
    });
    expect(body.uploadedBy).toMatch(/@example\.com$/);
    const audits = await auditsOf(body.id);
    expect(audits.map((a) => a.action)).toEqual(['CREATE']);
    expect(audits[0].changes).toMatchObject({ sha256: sha256(data), version: body.version, approvalDate: FIELDS.approvalDate });
    const list = await manager({ method: 'GET', url: URL });
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()).toEqual([body]);
  });

  it('takes an approval date of today', async () => {
    expect((await upload(manager, { ...FIELDS, approvalDate: dayFromToday(0) })).statusCode).toBe(201);
  });

  it.each(REFUSALS)('refuses %s with 400, keeping nothing', async (_name, fields, data, key, field) => {
    const res = await upload(manager, fields, data);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().message).toBe(key);
    if (field) expect(res.json().fieldErrors.map((e: { field: string }) => e.field)).toEqual([field]);
    expect(await rows()).toHaveLength(0);
    expect(await storedObjects()).toHaveLength(0);
  });

  it('refuses a request without a file, and one that is not multipart', async () => {
    const none = await manager({ method: 'POST', url: URL, ...multipart('other', 'x.pdf', 'application/pdf', pdf(), FIELDS) });
    expect(none.statusCode).toBe(400);
    const json = await manager({ method: 'POST', url: URL, payload: FIELDS });
    expect(json.statusCode).toBe(415);
    expect(await rows()).toHaveLength(0);
  });

  it('takes a file of exactly the limit and refuses one byte more with 413, keeping nothing of it', async () => {
    const atLimit = await manager({ method: 'POST', url: URL, ...streamedPdf(QUALIFICATION_DOCUMENT_MAX_BYTES, FIELDS) });
    expect(atLimit.statusCode, atLimit.body).toBe(201);
    expect(atLimit.json().size).toBe(QUALIFICATION_DOCUMENT_MAX_BYTES);
    const over = await manager({ method: 'POST', url: URL, ...streamedPdf(QUALIFICATION_DOCUMENT_MAX_BYTES + 1, FIELDS) });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ message: 'error.fileTooLarge', params: { maxBytes: QUALIFICATION_DOCUMENT_MAX_BYTES } });
    expect(await rows()).toHaveLength(1);
    expect(await storedObjects()).toHaveLength(1);
  }, 180_000);
});

describe('GET api/qualification-documents', () => {
  it('sorts by the columns it names and refuses another', async () => {
    await upload(manager, { ...FIELDS, kind: 'PQ', title: 'B' });
    await upload(manager, { ...FIELDS, kind: 'IQ', title: 'C' });
    await upload(manager, { ...FIELDS, kind: 'OQ', title: 'A' });
    const byDefault = (await manager({ method: 'GET', url: URL })).json();
    expect(byDefault.map((d: { kind: string }) => d.kind)).toEqual(['IQ', 'OQ', 'PQ']);
    const byTitle = (await manager({ method: 'GET', url: `${URL}?sort=title,desc` })).json();
    expect(byTitle.map((d: { title: string }) => d.title)).toEqual(['C', 'B', 'A']);
    expect((await manager({ method: 'GET', url: `${URL}?sort=storageKey,asc` })).statusCode).toBe(400);
  });
});

describe('download and delete', () => {
  it('streams the file with its SHA-256 in a header that matches the bytes', async () => {
    const data = pdf('PQ report');
    const { id } = (await upload(manager, FIELDS, data)).json();
    const res = await manager({ method: 'GET', url: `${URL}/${id}/file` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.rawPayload.equals(data)).toBe(true);
    expect(res.headers[QUALIFICATION_DOCUMENT_SHA256_HEADER]).toBe(sha256(res.rawPayload));
    expect(res.headers['repr-digest']).toBe(`sha-256=:${createHash('sha256').update(data).digest('base64')}:`);
    expect((await manager({ method: 'GET', url: `${URL}/999999/file` })).statusCode).toBe(404);
  });

  it('deletes the row and its file, audited with what it was', async () => {
    const data = pdf();
    const { id } = (await upload(manager, FIELDS, data)).json();
    const res = await manager({ method: 'DELETE', url: `${URL}/${id}` });
    expect(res.statusCode).toBe(204);
    expect(await rows()).toHaveLength(0);
    expect(await storedObjects()).toHaveLength(0);
    const audits = await auditsOf(id);
    expect(audits.map((a) => a.action)).toEqual(['CREATE', 'DELETE']);
    expect(audits[1].changes).toMatchObject({ title: FIELDS.title, sha256: sha256(data) });
    expect((await manager({ method: 'GET', url: `${URL}/${id}/file` })).statusCode).toBe(404);
    expect((await manager({ method: 'DELETE', url: `${URL}/${id}` })).statusCode).toBe(404);
  });
});

describe('on the validation records page', () => {
  const openPage = async () => {
    const { token } = (await manager({ method: 'GET', url: '/api/account/validation-records' })).json();
    const page = await anonymous()({ method: 'GET', url: `/validation-records?id-token=${token}` });
    expect(page.statusCode).toBe(200);
    return page.body;
  };
  const linkOf = (body: string) => {
    const href = /<a download="[^"]*" href="([^"]+)"/.exec(body)?.[1] ?? '';
    return `/${href.replaceAll('&#38;', '&')}`;
  };

  it('says when none has been uploaded', async () => {
    expect(await openPage()).toContain('No qualification documents have been uploaded yet.');
  });

  it('lists each with its SHA-256, version and approval date, and a link that downloads it without the page’s token', async () => {
    const data = pdf('page');
    await upload(manager, { ...FIELDS, version: '2.1' }, data);
    const body = await openPage();
    expect(body).toContain(`<code class="document-sha256">${sha256(data)}</code>`);
    expect(body).toContain('<td>2.1</td>');
    expect(body).toContain(`<td>${FIELDS.approvalDate}</td>`);
    const link = linkOf(body);
    expect(link).toMatch(/^\/validation-records\/documents\/\d+\?grant=\d+\.[A-Za-z0-9_-]{43}$/);
    const download = await anonymous()({ method: 'GET', url: link });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(data)).toBe(true);
    expect(download.headers[QUALIFICATION_DOCUMENT_SHA256_HEADER]).toBe(sha256(data));
    expect(download.headers['cache-control']).toBe('no-store');
    // an altered grant, another document's id, no grant: refused
    const [path, grant] = link.split('?grant=');
    const at = grant.indexOf('.') + 1;
    const altered = `${grant.slice(0, at)}${grant[at] === 'A' ? 'B' : 'A'}${grant.slice(at + 1)}`;
    expect((await anonymous()({ method: 'GET', url: `${path}?grant=${altered}` })).statusCode).toBe(401);
    expect((await anonymous()({ method: 'GET', url: `${path}1?grant=${grant}` })).statusCode).toBe(401);
    expect((await anonymous()({ method: 'GET', url: path })).statusCode).toBe(401);
    // the feature off: 403
    await ctx.db.update(manufacturer).set({ validationRecordsActive: false }).where(eq(manufacturer.id, 1));
    expect((await anonymous()({ method: 'GET', url: link })).statusCode).toBe(403);
  });

  it('lists them in the signed PDF, and its content hash covers them', async () => {
    const pdfOf = (body: string) =>
      Buffer.from(/href="data:application\/pdf;base64,([^"]+)"/.exec(body)?.[1] ?? '', 'base64').toString('latin1');
    const contentSha = (body: string) => /id="content-sha256">([0-9a-f]{64})</.exec(body)?.[1] ?? '';
    const before = await openPage();
    expect(pdfOf(before)).toContain('No qualification documents have been uploaded yet.');
    const data = pdf('in the records');
    await upload(manager, { ...FIELDS, kind: 'OQ', title: 'Operational qualification', version: '3.2-rc' }, data);
    const after = await openPage();
    const text = pdfOf(after);
    expect(text).toContain(`(    SHA-256 ${sha256(data)}) Tj`);
    expect(text).toContain(`(    version 3.2-rc, approved ${FIELDS.approvalDate}, file iq.pdf, ${data.length} bytes) Tj`);
    expect(text).toContain('(OQ Operational qualification) Tj');
    // the hash printed and signed is of the content with the document; the PDF carries it too
    expect(contentSha(after)).toMatch(/^[0-9a-f]{64}$/);
    expect(contentSha(after)).not.toBe(contentSha(before));
    expect(text).toContain(`Content SHA-256: ${contentSha(after)}`);
    // the same content gives the same hash
    expect(contentSha(await openPage())).toBe(contentSha(after));
    // another document changes it again
    await upload(manager, { ...FIELDS, kind: 'PQ', title: 'Performance qualification', version: '1' }, pdf('pq'), 'pq.pdf');
    expect(contentSha(await openPage())).not.toBe(contentSha(after));
  });

  it('refuses a link once the document is deleted', async () => {
    const { id } = (await upload(manager)).json();
    const link = linkOf(await openPage());
    await manager({ method: 'DELETE', url: `${URL}/${id}` });
    const res = await anonymous()({ method: 'GET', url: link });
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('download link is not valid');
  });

  it('grants expire and are bound to the document’s content', () => {
    const doc = { id: 4, sha256: 'a'.repeat(64) };
    const now = new Date('2026-11-27T12:00:00Z');
    const grant = downloadGrant('secret-of-this-installation', doc, Math.floor(now.getTime() / 1000) + 60);
    expect(grantValid('secret-of-this-installation', doc, grant, now)).toBe(true);
    expect(grantValid('secret-of-this-installation', doc, grant, new Date(now.getTime() + 61_000))).toBe(false);
    expect(grantValid('secret-of-this-installation', { ...doc, sha256: 'b'.repeat(64) }, grant, now)).toBe(false);
    expect(grantValid('another-secret', doc, grant, now)).toBe(false);
  });
});
