import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let ctx: TestContext;
const lines: Record<string, unknown>[] = [];
beforeAll(async () => {
  ctx = await createTestContext({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void lines.push(JSON.parse(line)) } });
});
afterAll(() => ctx?.close());

const get = (headers: Record<string, string | string[]> = {}) => ctx.app.inject({ method: 'GET', url: '/management/health', headers });
const logOf = (id: string) => lines.filter((l) => l.reqId === id);

describe('request ids', () => {
  it("continue the proxy's X-Request-Id: echoed in the answer and carried by every log line of the request", async () => {
    const res = await get({ 'x-request-id': 'lb-7f3a.42:frontend_1' });
    expect(res.headers['x-request-id']).toBe('lb-7f3a.42:frontend_1');
    const log = logOf('lb-7f3a.42:frontend_1');
    expect(log.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('are generated when there is none, and echoed on errors too', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/products/1' });
    expect(res.statusCode).toBe(401);
    const id = String(res.headers['x-request-id']);
    expect(id).toMatch(UUID);
    expect(logOf(id).length).toBeGreaterThanOrEqual(2);
  });

  it('replace a hostile or oversized header with a generated one', async () => {
    const hostile = ['a b', '<script>alert(1)</script>', 'x'.repeat(129), 'id\u0000', '{"level":60}', 'ü'];
    for (const value of hostile) {
      const res = await get({ 'x-request-id': value });
      expect(res.headers['x-request-id']).toMatch(UUID);
      expect(lines.some((l) => l.reqId === value)).toBe(false);
    }
    // a repeated header is not one id
    expect((await get({ 'x-request-id': ['one', 'two'] })).headers['x-request-id']).toMatch(UUID);
    // the longest accepted
    expect((await get({ 'x-request-id': 'y'.repeat(128) })).headers['x-request-id']).toBe('y'.repeat(128));
  });

  it('differ between requests', async () => {
    const a = (await get()).headers['x-request-id'];
    const b = (await get()).headers['x-request-id'];
    expect(a).not.toBe(b);
  });
});
