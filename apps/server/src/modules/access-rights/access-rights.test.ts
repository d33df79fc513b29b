import { ACCESS_RIGHTS } from '@vellum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /api/access-rights', () => {
  it('answers 401 without a token, with the problem shape', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/access-rights' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 401, message: 'error.http.401' });
  });

  it('answers 401 for a garbage token', async () => {
    const res = await as(ctx.app, 'not-a-token')({ method: 'GET', url: '/api/access-rights' });
    expect(res.statusCode).toBe(401);
  });

  it('answers 403 without ROLE_MANAGE or ACCESS_RIGHT_READ, also when held only in a business unit', async () => {
    const unit = await makeBusinessUnit(ctx.db);
    const user = await makeUserWithRights(ctx.db, ['ROLE_MANAGE'], [unit.id]);
    const res = await as(ctx.app, await tokenFor(ctx, user.id))({ method: 'GET', url: '/api/access-rights' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('error.http.403');
  });

  it('lists every right for a global role manager', async () => {
    const user = await makeUserWithRights(ctx.db, ['ROLE_MANAGE'], [0]);
    const res = await as(ctx.app, await tokenFor(ctx, user.id))({ method: 'GET', url: '/api/access-rights' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([...ACCESS_RIGHTS]);
  });
});

describe('management and unknown routes', () => {
  it('GET /management/info is public', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/management/info' });
    expect(res.statusCode).toBe(200);
    expect(res.json().activeProfiles).toEqual(['dev']);
  });

  it('an unknown API path answers 404 problem+json', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('error.http.404');
  });
});
