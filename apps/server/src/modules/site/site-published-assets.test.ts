import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessUnit, productType } from '../../db/schema/index.js';
import { makeProduct, makeProductType } from '../../factories/catalogue-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { multipart, tinyJpeg, tinyPng } from '../../platform/images.fixtures.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { makeInterfaceRegion, publishAsIs } from '../publishing/publish.fixtures.js';

/**
 * Nothing unpublished is public (decision 0050): the unit's saved CSS, public resources, logo and
 * product type images are answered under api/ to signed-in users only, while the public website
 * serves what the live publication names under /site/{bu}, and the next publish replaces it there.
 */
let ctx: TestContext;
let unit: { id: number; slug: string };
let typeId: number;
let admin: ReturnType<typeof as>;
const anonymous = (url: string) => ctx.app.inject({ method: 'GET', url });

const pdf = (text: string) => Buffer.from(`%PDF-1.7\n% ${text}\n%%EOF\n`);
const logoKey = async () => (await ctx.db.select().from(businessUnit).where(eq(businessUnit.id, unit.id)))[0].logoKey as string;
const imageKey = async () => (await ctx.db.select().from(productType).where(eq(productType.id, typeId)))[0].imageKey as string;

/** Saves a version of every asset through the admin's API. */
async function saveDraft(version: 'published' | 'draft') {
  const png = version === 'published' ? tinyPng([10, 20, 30]) : tinyPng([200, 100, 0]);
  const calls = [
    admin({ method: 'POST', url: `/api/business-units/${unit.id}/logo`, ...multipart('logo', 'logo.png', 'image/png', png) }),
    admin({ method: 'POST', url: `/api/product-types/${typeId}/image`, ...multipart('image', 'type.jpg', 'image/jpeg', tinyJpeg()) }),
    admin({ method: 'POST', url: `/api/product-types/${typeId}/heroImage`, ...multipart('image', 'hero.png', 'image/png', png) }),
  ];
  for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(200);
  const resources = (await admin({ method: 'GET', url: `/api/public-resources?business-unit=${unit.id}` })).json() as { id: number }[];
  const fields: Record<string, string> = { name: 'guide.pdf', ...(resources[0] ? { id: String(resources[0].id) } : {}) };
  const resource = await admin({
    method: 'POST',
    url: `/api/public-resources?business-unit=${unit.id}`,
    ...multipart('file', 'guide.pdf', 'application/pdf', pdf(version), fields),
  });
  expect(resource.statusCode).toBeLessThan(300);
  const css = await admin({
    method: 'PUT',
    url: `/api/business-units/${unit.id}/css`,
    payload: { content: `.site-header { border-top: 1px solid; } /* ${version} */` },
  });
  expect(css.statusCode).toBe(200);
}

beforeAll(async () => {
  ctx = await createTestContext();
  unit = await makeBusinessUnit(ctx.db, { documentLanguages: ['en'], interfaceLanguages: ['en'] });
  await makeInterfaceRegion(ctx.db, unit.id, ['BE']);
  const type = await makeProductType(ctx.db, unit.id);
  typeId = type.id;
  await makeProduct(ctx.db, type, { publishDate: new Date(Date.now() - 60_000) });
  const user = await makeUserWithRights(ctx.db, ['BUSINESS_UNIT_IMAGE', 'LAYOUT_MANAGE', 'PRODUCT_TYPE_MANAGE'], [unit.id]);
  admin = as(ctx.app, await tokenFor(ctx, user.id));
});
afterAll(() => ctx?.close());

describe('the assets of a unit’s website', () => {
  it('are public only as the live publication names them; the saved ones need a signed-in user', async () => {
    await saveDraft('published');
    const published = { logo: await logoKey(), image: await imageKey() };
    await publishAsIs(ctx.db, unit.id);
    await saveDraft('draft');
    const draft = { logo: await logoKey(), image: await imageKey() };
    expect(draft.logo).not.toBe(published.logo);

    // the api/ routes answer nobody without a token: not the draft, not anything
    for (const url of [
      `/api/business-units/${unit.id}/style.css`,
      `/api/business-units/${unit.id}/resources/guide.pdf`,
      `/api/business-units/${unit.id}/logo`,
      `/api/product-types/${typeId}/image`,
      `/api/product-types/${typeId}/heroImage?patient=false`,
    ]) {
      const res = await anonymous(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.body, url).not.toContain('draft');
    }
    // signed in, the admin sees its draft there
    expect((await admin({ method: 'GET', url: `/api/business-units/${unit.id}/style.css` })).body).toContain('/* draft */');
    expect((await admin({ method: 'GET', url: `/api/business-units/${unit.id}/resources/guide.pdf` })).body).toContain('% draft');

    // the site serves the publication: its CSS, its resource, its images, and none of the draft's
    const css = await anonymous(`/site/${unit.slug}/style.css`);
    expect(css.statusCode).toBe(200);
    expect(css.body).toContain('/* published */');
    const resource = await anonymous(`/site/${unit.slug}/resources/guide.pdf`);
    expect(resource.statusCode).toBe(200);
    expect(resource.body).toContain('% published');
    expect((await anonymous(`/site/${unit.slug}/media/${published.logo}`)).statusCode).toBe(200);
    expect((await anonymous(`/site/${unit.slug}/media/${published.image}`)).statusCode).toBe(200);
    expect((await anonymous(`/site/${unit.slug}/media/${draft.logo}`)).statusCode).toBe(404);
    expect((await anonymous(`/site/${unit.slug}/media/${draft.image}`)).statusCode).toBe(404);

    // the next publish makes the draft public, there
    await publishAsIs(ctx.db, unit.id);
    expect((await anonymous(`/site/${unit.slug}/style.css`)).body).toContain('/* draft */');
    expect((await anonymous(`/site/${unit.slug}/resources/guide.pdf`)).body).toContain('% draft');
    expect((await anonymous(`/site/${unit.slug}/media/${draft.logo}`)).statusCode).toBe(200);
    expect((await anonymous(`/api/business-units/${unit.id}/logo`)).statusCode).toBe(401);
  });
});
