import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fileCountry, fileLanguage, fileVersion } from '../../db/schema/index.js';
import { makeProduct, makeProductType } from '../../factories/catalogue-factories.js';
import { makeDocument, makeDocumentFile, makeDocumentType } from '../../factories/document-factories.js';
import { makeBusinessUnit } from '../../factories/organisation-factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { makeInterfaceRegion, publishAsIs } from '../publishing/publish.fixtures.js';

/**
 * The site's caching follows the live publication and the instants at which it changes by itself
 * (issue 12: "tied to the live publication and the next scheduled date"): a page is reused at most
 * until a scheduled file appears, and its ETag changes when it does, without another publish.
 */
let ctx: TestContext;
let url: string;
let appearsAt: Date;

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  const unit = await makeBusinessUnit(db, { documentLanguages: ['en', 'fr'], interfaceLanguages: ['en', 'fr'] });
  await makeInterfaceRegion(db, unit.id, ['BE']);
  const type = await makeProductType(db, unit.id, { keyCodeSearchTypeHcp: 'SEARCHABLE_EXACT' });
  const item = await makeProduct(db, type, { keyCode: 'KC-SCHEDULED', publishDate: new Date(Date.now() - 86_400_000) });
  const docType = await makeDocumentType(db, unit.id, { hcp: true });
  const doc = await makeDocument(db, unit.id, docType.id, { number: 'IFU-S', name: 'Scheduled leaflet' }, { productIds: [item.id] });
  // scheduled half a minute ahead (less than a page's full lifetime): the test moves the clock there
  appearsAt = new Date(Date.now() + 30_000);
  const f = await makeDocumentFile(
    db,
    doc,
    [{ label: '1.0', versionDate: '2026-01-01', publishDate: appearsAt, binaryKey: 'files/x.pdf' }],
    {
      name: 'Leaflet',
      restOfTheWorld: false,
    },
  );
  await db.update(fileVersion).set({ binarySize: 10, mediaType: 'application/pdf' }).where(eq(fileVersion.fileId, f.id));
  await db.insert(fileCountry).values({ fileId: f.id, countryIsoCode: 'BE' });
  await db.insert(fileLanguage).values({ fileId: f.id, languageIsoCode: 'fr' });
  await publishAsIs(db, unit.id);
  url = `/site/${unit.slug}/be/fr/hcp/${type.slug}/KC-SCHEDULED`;
});
afterAll(() => {
  vi.useRealTimers();
  return ctx?.close();
});

const get = (headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const maxAge = (cacheControl: unknown) => Number(/max-age=(\d+)/.exec(String(cacheControl))?.[1]);

describe('caching tied to the next scheduled date', () => {
  it('is reused at most until the scheduled file appears, then answers anew without a publish', async () => {
    const before = await get();
    expect(before.statusCode).toBe(200);
    expect(before.body).not.toContain('Scheduled leaflet');
    const age = maxAge(before.headers['cache-control']);
    expect(age).toBeLessThan(60);
    expect(age).toBeLessThanOrEqual(Math.ceil((appearsAt.getTime() - Date.now()) / 1000));
    expect(String(before.headers['cache-control'])).toMatch(/^public, max-age=\d+$/);
    const etag = String(before.headers.etag);
    // the same window: the same ETag, a 304 (answered before the page's statement), with its caching
    const same = await get({ 'if-none-match': etag });
    expect(same.statusCode).toBe(304);
    expect(same.headers.etag).toBe(etag);
    expect(String(same.headers['cache-control'])).toMatch(/^public, max-age=\d+$/);
    expect(same.body).toBe('');

    // the server reads the clock on each request: past the scheduled instant without waiting for it
    vi.useFakeTimers({ toFake: ['Date'], now: appearsAt.getTime() + 300 });
    const after = await get({ 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Scheduled leaflet');
    expect(after.headers.etag).not.toBe(etag);
    // nothing else is scheduled: the full lifetime again
    expect(maxAge(after.headers['cache-control'])).toBe(60);
  });
});
