import { apiAreas } from '@vellum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSuperAdmin } from '../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../test/harness.js';

/**
 * Rules every route of every area keeps, checked over the whole route table so that a new route
 * cannot forget them: it declares its access, a protected route answers 401 without a token, and
 * nothing a client sends produces a 500.
 */
let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  token = await tokenFor(ctx, (await makeSuperAdmin(ctx.db)).id);
});
afterAll(() => ctx.close());

const apiRoutes = () =>
  ctx.app.declaredRoutes.filter(
    (r) => (r.url.startsWith('/api/') || r.url.startsWith('/management/')) && !r.url.startsWith('/api/docs') && r.method !== 'HEAD',
  );
const withParams = (url: string, value: string) => url.replace(/:[A-Za-z]+/g, value);

describe('the route table', () => {
  it('has the areas of the foundation', () => {
    expect(apiRoutes().length).toBeGreaterThan(40);
  });

  it('every API route is a declaration of the contract, and every declaration is registered', () => {
    const declared = Object.values(apiAreas)
      .flatMap((area) => Object.values(area))
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    const registered = apiRoutes()
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(registered).toEqual(declared);
  });

  it('every API route declares its access rule', () => {
    const undeclared = apiRoutes().filter((r) => r.access === undefined);
    expect(undeclared.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('every protected route answers 401 problem+json without a token', async () => {
    const failures: string[] = [];
    for (const r of apiRoutes().filter((x) => x.access !== 'public')) {
      const res = await ctx.app.inject({
        method: r.method as 'GET',
        url: withParams(r.url, '1'),
        payload: r.method === 'GET' ? undefined : {},
      });
      if (res.statusCode !== 401 || !String(res.headers['content-type']).includes('application/problem+json')) {
        failures.push(`${r.method} ${r.url} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('no route answers 500 to malformed input, even for a super administrator', async () => {
    const bodies: unknown[] = [{}, { id: 'x', version: -1, name: 12 }, [], 'not json', { garbage: { deep: [1, 2] } }];
    const failures: string[] = [];
    for (const r of apiRoutes()) {
      for (const param of ['abc', '-1', '0', '1', '99999999999999999999']) {
        for (const payload of r.method === 'GET' || r.method === 'DELETE' ? [undefined] : bodies) {
          const res = await as(
            ctx.app,
            token,
          )({
            method: r.method as 'GET',
            url: `${withParams(r.url, param)}?page=-1&size=abc&sort=;drop&business-unit=x&audience=NONE`,
            ...(typeof payload === 'string'
              ? { payload, headers: { 'content-type': 'application/json' } }
              : payload === undefined
                ? {}
                : { payload: payload as object }),
          });
          if (res.statusCode >= 500) failures.push(`${r.method} ${r.url} [${param}] → ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
