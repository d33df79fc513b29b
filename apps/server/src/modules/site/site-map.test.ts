import { sql } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProductType } from '../../factories/catalogue-factories.js';
import { makeBusinessUnit } from '../../factories/organisation-factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { makeInterfaceRegion, publishAsIs } from '../publishing/publish.fixtures.js';

/**
 * sitemap.xml past the protocol's 50,000 URLs (decision 0043): 25,001 products in two languages
 * make a sitemap index of two parts, whose URLs together name every product page once per language.
 */
let ctx: TestContext;
const PUBLIC = 'https://eifu.example.com';
const PRODUCTS = 25_001;
let slug: string;

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: PUBLIC });
  const db = ctx.db;
  const unit = await makeBusinessUnit(db, { documentLanguages: ['en'], interfaceLanguages: ['en', 'fr'] });
  slug = unit.slug;
  await makeInterfaceRegion(db, unit.id, ['BE']);
  const type = await makeProductType(db, unit.id, { keyCodeSearchTypeHcp: 'SEARCHABLE_EXACT' });
  await db.execute(
    sql`INSERT INTO product (business_unit_id, product_type_id, key_code, publish_date)
        SELECT ${unit.id}, ${type.id}, 'P-' || g, now() - interval '1 day' FROM generate_series(1, ${PRODUCTS}) g`,
  );
  await publishAsIs(db, unit.id);
}, 120_000);
afterAll(() => ctx?.close());

const xml = (body: string) => new JSDOM(body, { contentType: 'application/xml' }).window.document;

describe('a sitemap of more than 50,000 URLs', () => {
  it('is an index of parts, each within the limit, naming every product page once per language', async () => {
    const index = await ctx.app.inject({ method: 'GET', url: `/site/${slug}/sitemap.xml` });
    expect(index.statusCode).toBe(200);
    const doc = xml(index.body);
    expect(doc.documentElement.nodeName).toBe('sitemapindex');
    const parts = [...doc.getElementsByTagName('loc')].map((l) => l.textContent ?? '');
    expect(parts).toEqual([`${PUBLIC}/site/${slug}/sitemap.xml?part=1`, `${PUBLIC}/site/${slug}/sitemap.xml?part=2`]);
    const urls = new Set<string>();
    for (const part of parts) {
      const res = await ctx.app.inject({ method: 'GET', url: part.slice(PUBLIC.length) });
      expect(res.statusCode).toBe(200);
      const locs = [...xml(res.body).getElementsByTagName('loc')].map((l) => l.textContent ?? '');
      expect(locs.length).toBeLessThanOrEqual(50_000);
      for (const l of locs) urls.add(l);
    }
    expect(urls.size).toBe(PRODUCTS * 2);
    expect([...urls].filter((u) => u.endsWith('/P-25001'))).toHaveLength(2);
    expect((await ctx.app.inject({ method: 'GET', url: `/site/${slug}/sitemap.xml?part=3` })).statusCode).toBe(404);
  }, 120_000);
});
