import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('security headers', () => {
  it('come with every answer: a public route, a refused call and a route not found', async () => {
    for (const url of ['/management/health', '/api/account', '/api/no-such-route']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      for (const directive of [
        "default-src 'self'",
        "script-src 'self'",
        "object-src 'none'",
        "frame-ancestors 'none'",
        "connect-src 'self'",
      ]) {
        expect(csp, url).toContain(directive);
      }
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['strict-transport-security'], url).toContain('max-age=');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });
});
