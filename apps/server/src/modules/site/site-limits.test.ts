import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProduct, makeProductType } from '../../factories/catalogue-factories.js';
import { makeBusinessUnit } from '../../factories/organisation-factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { makeInterfaceRegion, publishAsIs } from '../publishing/publish.fixtures.js';
import { SEARCHES_PER_MINUTE } from './site-limits.js';

let ctx: TestContext;
let searchUrl: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const unit = await makeBusinessUnit(ctx.db, { documentLanguages: ['en', 'fr'], interfaceLanguages: ['en', 'fr'] });
  await makeInterfaceRegion(ctx.db, unit.id, ['BE']);
  const type = await makeProductType(ctx.db, unit.id, { keyCodeSearchTypeHcp: 'SEARCHABLE_EXACT' });
  await makeProduct(ctx.db, type, { publishDate: new Date(Date.now() - 60_000) });
  await publishAsIs(ctx.db, unit.id);
  searchUrl = `/site/${unit.slug}/be/fr/hcp/${type.slug}`;
});
afterAll(() => ctx?.close());

describe('the search’s rate limit', () => {
  it('answers the site’s own 429 page once an address searches more than a person would, and only to that address', async () => {
    const search = (n: number, remoteAddress = '198.51.100.7') =>
      ctx.app.inject({ method: 'GET', url: `${searchUrl}?keyCode=NOPE-${n}`, remoteAddress });
    for (let i = 0; i < SEARCHES_PER_MINUTE; i++) expect((await search(i)).statusCode).toBe(200);
    const refused = await search(-1);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toContain('text/html');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.body).toContain('<html lang="fr"');
    // the form without a search is not counted, and another address searches on
    expect((await ctx.app.inject({ method: 'GET', url: searchUrl, remoteAddress: '198.51.100.7' })).statusCode).toBe(200);
    expect((await search(0, '198.51.100.8')).statusCode).toBe(200);
  });
});
