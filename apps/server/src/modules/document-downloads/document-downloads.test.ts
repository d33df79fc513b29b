import type { AccessRight } from '@vellum/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentDownload } from '../../db/schema/index.js';
import { downloadRecord, makeDownloads } from '../../factories/download-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { downloadRecordOf } from './download-record.js';

let ctx: TestContext;
let unit: { id: number };
let other: { id: number };
let reader: string;

const at = (iso: string) => new Date(iso);
const thisMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1, 12));
};

beforeAll(async () => {
  ctx = await createTestContext();
  unit = await makeBusinessUnit(ctx.db);
  other = await makeBusinessUnit(ctx.db);
  const d = (iso: string, over: Parameters<typeof downloadRecord>[1] = {}) => downloadRecord(unit.id, { at: at(iso), ...over });
  await makeDownloads(ctx.db, [
    // 2026-03-01: two in Belgium (French, HCP), one of them the last second of the day
    d('2026-03-01T00:00:00Z'),
    d('2026-03-01T23:59:59.999Z', { documentId: 2, documentNumber: 'IFU-002', documentName: 'Quick guide' }),
    // 2026-03-03: a patient in Germany, another product type; the document renamed since
    d('2026-03-03T10:00:00Z', {
      audience: 'PATIENT',
      country: 'DE',
      language: 'de',
      productTypeId: 2,
      productTypeName: 'Stents',
      documentId: 2,
      documentNumber: 'IFU-002',
      documentName: 'Quick start guide',
    }),
    // 2026-07-15, outside the spring range
    d('2026-07-15T08:00:00Z', { country: 'NL', language: 'nl' }),
    // this month (the unit's statistics card)
    downloadRecord(unit.id, { at: thisMonth() }),
  ]);
  await makeDownloads(ctx.db, [downloadRecord(other.id, { at: at('2026-03-02T12:00:00Z') })]);
  reader = await tokenWith(['DOCUMENT_DOWNLOADS'], [unit.id]);
});
afterAll(() => ctx.close());

async function tokenWith(rights: AccessRight[], units: number[] | 'all') {
  return tokenFor(ctx, (await makeUserWithRights(ctx.db, rights, units)).id);
}
const get = (token: string | undefined, url: string) => as(ctx.app, token)({ method: 'GET', url });
const rows = async () => (await ctx.db.select({ n: count() }).from(documentDownload))[0].n;

for (const path of ['/api/document-downloads', '/api/document-downloads/stats']) {
  describe(`GET ${path}: access and input`, () => {
    it('answers 401 without a token', async () => {
      expect((await get(undefined, `${path}?business-unit=${unit.id}`)).statusCode).toBe(401);
    });

    it('answers 403 without DOCUMENT_DOWNLOADS, and with it only in another unit', async () => {
      const noRight = await get(
        await tokenWith(['DOCUMENT_READ', 'PUBLISH', 'AUDIT_LOG_ALL_READ'], [unit.id]),
        `${path}?business-unit=${unit.id}`,
      );
      expect(noRight.statusCode).toBe(403);
      const elsewhere = await get(await tokenWith(['DOCUMENT_DOWNLOADS'], [other.id]), `${path}?business-unit=${unit.id}`);
      expect(elsewhere.statusCode).toBe(403);
      expect(elsewhere.json().message).toBe('error.http.403');
    });

    it('answers 400 with field errors for a missing unit, a bad date or a reversed range, writing nothing', async () => {
      const before = await rows();
      const missing = await get(reader, path);
      expect(missing.statusCode).toBe(400);
      for (const [query, field] of [
        ['from=2026-02-30', 'from'],
        ['to=2026-3-1', 'to'],
        ['from=2026-03-01T00:00:00Z', 'from'],
        ['from=1969-12-31', 'from'],
        ['from=2026-03-05&to=2026-03-04', 'to'],
      ]) {
        const res = await get(reader, `${path}?business-unit=${unit.id}&${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.headers['content-type']).toContain('application/problem+json');
        expect(res.json().fieldErrors.map((f: { field: string }) => f.field)).toContain(field);
      }
      expect(await rows()).toBe(before);
    });
  });
}

describe('GET /api/document-downloads', () => {
  it('answers the unit’s records newest first, as a page like the audit logs', async () => {
    const res = await get(reader, `/api/document-downloads?business-unit=${unit.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pageable).toEqual({ pageNumber: 0, pageSize: 10, totalPages: 1, totalElements: 5 });
    const times = body.items.map((i: { at: string }) => i.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(body.items.every((i: { businessUnitId: number }) => i.businessUnitId === unit.id)).toBe(true);
    expect(body.items[body.items.length - 1]).toMatchObject({
      at: '2026-03-01T00:00:00.000Z',
      productTypeName: 'Catheters',
      keyCode: 'KC-001',
      audience: 'HCP',
      documentNumber: 'IFU-001',
      fileName: 'IFU English',
      version: '1.0',
      versionDate: '2026-01-01',
      country: 'BE',
      language: 'fr',
      publicationNumber: 1,
    });
  });

  it('filters by whole UTC days, both included, and pages', async () => {
    const res = await get(reader, `/api/document-downloads?business-unit=${unit.id}&from=2026-03-01&to=2026-03-03&size=2&page=1`);
    expect(res.json().pageable).toEqual({ pageNumber: 1, pageSize: 2, totalPages: 2, totalElements: 3 });
    expect(res.json().items.map((i: { at: string }) => i.at)).toEqual(['2026-03-01T00:00:00.000Z']);
    const oneDay = await get(reader, `/api/document-downloads?business-unit=${unit.id}&from=2026-03-01&to=2026-03-01`);
    expect(oneDay.json().pageable.totalElements).toBe(2);
  });

  it('sorts by a listed field and refuses another', async () => {
    const byCountry = await get(reader, `/api/document-downloads?business-unit=${unit.id}&sort=country,asc&size=50`);
    expect(byCountry.json().items.map((i: { country: string }) => i.country)).toEqual(['BE', 'BE', 'BE', 'DE', 'NL']);
    const bad = await get(reader, `/api/document-downloads?business-unit=${unit.id}&sort=businessUnitId,asc`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/document-downloads/stats', () => {
  it('counts the range per day (zeros included) and by country, language, audience, product type and document', async () => {
    const res = await get(reader, `/api/document-downloads/stats?business-unit=${unit.id}&from=2026-03-01&to=2026-03-04`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      from: '2026-03-01',
      to: '2026-03-04',
      total: 3,
      bucket: 'day',
      overTime: [
        { period: '2026-03-01', count: 2 },
        { period: '2026-03-02', count: 0 },
        { period: '2026-03-03', count: 1 },
        { period: '2026-03-04', count: 0 },
      ],
      byCountry: [
        { key: 'BE', count: 2 },
        { key: 'DE', count: 1 },
      ],
      byLanguage: [
        { key: 'fr', count: 2 },
        { key: 'de', count: 1 },
      ],
      byAudience: [
        { key: 'HCP', count: 2 },
        { key: 'PATIENT', count: 1 },
      ],
      byProductType: [
        { id: 1, name: 'Catheters', count: 2 },
        { id: 2, name: 'Stents', count: 1 },
      ],
      // named as the newest record has it
      byDocument: [
        { id: 2, number: 'IFU-002', name: 'Quick start guide', count: 2 },
        { id: 1, number: 'IFU-001', name: 'Instructions for use', count: 1 },
      ],
    });
  });

  it('counts per month over a long range, and all time without one', async () => {
    const year = (await get(reader, `/api/document-downloads/stats?business-unit=${unit.id}&from=2026-01-01&to=2026-07-31`)).json();
    expect(year.bucket).toBe('month');
    expect(year.total).toBe(4);
    expect(year.overTime).toEqual([
      { period: '2026-03', count: 3 },
      { period: '2026-04', count: 0 },
      { period: '2026-05', count: 0 },
      { period: '2026-06', count: 0 },
      { period: '2026-07', count: 1 },
    ]);
    const all = (await get(reader, `/api/document-downloads/stats?business-unit=${unit.id}`)).json();
    expect(all.total).toBe(5);
    expect(all.from).toBe('2026-03-01');
  });

  it('answers zeros for a range without downloads', async () => {
    const res = (await get(reader, `/api/document-downloads/stats?business-unit=${unit.id}&from=2025-01-01&to=2025-01-02`)).json();
    expect(res).toMatchObject({ total: 0, bucket: 'day', byCountry: [], byDocument: [] });
    expect(res.overTime).toEqual([
      { period: '2025-01-01', count: 0 },
      { period: '2025-01-02', count: 0 },
    ]);
    const none = (
      await get(
        await tokenWith(['DOCUMENT_DOWNLOADS'], [other.id]),
        `/api/document-downloads/stats?business-unit=${other.id}&to=2020-01-01`,
      )
    ).json();
    expect(none).toMatchObject({ total: 0, from: '2020-01-01', to: '2020-01-01' });
  });
});

describe('the unit statistics and delete guard', () => {
  it('count every download and this month’s', async () => {
    const res = await get(reader, `/api/business-units/${unit.id}/statistics`);
    expect(res.statusCode).toBe(200);
    expect(res.json().downloads).toEqual({ totalDownloads: 5, totalDownloadsForPeriod: 1 });
  });

  it('keep a unit with download records from being deleted', async () => {
    const admin = await tokenWith(['BUSINESS_UNIT_DELETE'], 'all');
    const res = await as(ctx.app, admin)({ method: 'DELETE', url: `/api/business-units/${other.id}` });
    expect(res.statusCode).toBe(400);
    expect((await ctx.db.select({ n: count() }).from(documentDownload).where(eq(documentDownload.businessUnitId, other.id)))[0].n).toBe(1);
  });
});

describe('downloadRecordOf', () => {
  it('makes the record from what the read model answered and the visitor’s choices', () => {
    const live = { businessUnitId: 7, number: 3 } as Parameters<typeof downloadRecordOf>[0];
    const file = {
      productTypeId: 4,
      productTypeName: 'Catheters',
      keyCode: 'KC-9',
      document: { documentId: 5, number: 'IFU-5', name: 'IFU', restricted: false },
      file: { fileId: 6, name: 'IFU FR' },
      version: { fileVersionId: 8, label: '2.1', versionDate: '2026-02-01', validTo: null, publishDate: new Date() },
    } as Parameters<typeof downloadRecordOf>[1];
    const when = new Date('2026-03-01T10:00:00Z');
    expect(downloadRecordOf(live, file, { audience: 'HCP', country: 'be', language: 'FR' }, when)).toEqual({
      at: when,
      businessUnitId: 7,
      publicationNumber: 3,
      productTypeId: 4,
      productTypeName: 'Catheters',
      keyCode: 'KC-9',
      audience: 'HCP',
      documentId: 5,
      documentNumber: 'IFU-5',
      documentName: 'IFU',
      fileId: 6,
      fileName: 'IFU FR',
      fileVersionId: 8,
      version: '2.1',
      versionDate: '2026-02-01',
      country: 'BE',
      language: 'fr',
    });
  });
});
