import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessUnit, publishedObject } from '../../db/schema/index.js';
import { makeProduct, makeProductType } from '../../factories/catalogue-factories.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { multipart, tinyJpeg, tinyPng } from '../../platform/images.fixtures.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { makeInterfaceRegion, publishAsIs } from './publish.fixtures.js';

/**
 * What a publication shows stays in storage (EU 2021/2226): replacing the unit's logo after a
 * publish keeps the object the live site names; an object no publication named goes as before.
 */
let ctx: TestContext;
let unit: { id: number; slug: string };
let imager: ReturnType<typeof as>;

const logoKey = async () => (await ctx.db.select().from(businessUnit).where(eq(businessUnit.id, unit.id)))[0].logoKey as string;
const upload = (data: Buffer, name: string, type: string) =>
  imager({ method: 'POST', url: `/api/business-units/${unit.id}/logo`, ...multipart('logo', name, type, data) });

beforeAll(async () => {
  ctx = await createTestContext();
  unit = await makeBusinessUnit(ctx.db, { documentLanguages: ['en'], interfaceLanguages: ['en'] });
  await makeInterfaceRegion(ctx.db, unit.id, ['BE']);
  const type = await makeProductType(ctx.db, unit.id);
  await makeProduct(ctx.db, type, { publishDate: new Date(Date.now() - 60_000) });
  imager = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['BUSINESS_UNIT_IMAGE'], [unit.id])).id));
});
afterAll(() => ctx?.close());

describe('objects named by a publication', () => {
  it('are kept when the admin replaces them; objects never published are deleted', async () => {
    expect((await upload(tinyPng(), 'a.png', 'image/png')).statusCode).toBe(200);
    const published = await logoKey();
    await publishAsIs(ctx.db, unit.id);
    expect(await ctx.db.select().from(publishedObject).where(eq(publishedObject.storageKey, published))).toHaveLength(1);

    // replaced after the publish: the live site still shows the published logo
    expect((await upload(tinyJpeg(), 'b.jpg', 'image/jpeg')).statusCode).toBe(200);
    const draft = await logoKey();
    expect(draft).not.toBe(published);
    expect(await ctx.app.deps.files.get(published)).toBeDefined();
    const media = await ctx.app.inject({ method: 'GET', url: `/site/${unit.slug}/media/${published}` });
    expect(media.statusCode).toBe(200);

    // the draft's logo was never published: replacing it deletes it
    expect((await upload(tinyPng(), 'c.png', 'image/png')).statusCode).toBe(200);
    expect(await ctx.app.deps.files.get(draft)).toBeUndefined();
    expect(await ctx.app.deps.files.get(published)).toBeDefined();
  });
});
