import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { seedDemoIfEmpty } from './demo.js';
import { makeUserWithRights } from './factories.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ PORT: '8195' });
});
afterAll(() => ctx.close());

describe('the demo seed', () => {
  it("points the public website at this instance's PUBLIC_URL (which follows PORT), and seeds only an empty database", async () => {
    expect(await seedDemoIfEmpty(ctx.db, ctx.config.publicUrl)).toBe(true);
    const client = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, [], [])).id));
    const res = await client({ method: 'GET', url: '/api/manufacturer/own/public-website-url' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ url: 'http://localhost:8195/site' });
    expect(await seedDemoIfEmpty(ctx.db, 'https://elsewhere.example')).toBe(false);
  });
});
