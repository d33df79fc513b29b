import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';

const TOKEN = 'metrics-token-0123456789';

let ctx: TestContext;
let withoutToken: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ METRICS_TOKEN: TOKEN });
  withoutToken = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
  await withoutToken?.close();
});

const scrape = async (c: TestContext = ctx) => {
  const res = await c.app.inject({ method: 'GET', url: '/management/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
};
/** The value of one series, by its exact name and labels as the exposition writes them. */
const seriesValue = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('GET /management/metrics', () => {
  it('is 404 without the token, with another token, and on a server without METRICS_TOKEN', async () => {
    const url = '/management/metrics';
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url, headers: { authorization: 'Bearer metrics-token-0123456780' } })).statusCode).toBe(
      404,
    );
    expect((await ctx.app.inject({ method: 'GET', url, headers: { authorization: TOKEN } })).statusCode).toBe(404);
    const other = await withoutToken.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(other.statusCode).toBe(404);
    expect(other.headers['content-type']).toMatch(/problem\+json/);
  });

  it('counts and times requests per route pattern, never per raw URL', async () => {
    for (const id of [123456, 654321]) await ctx.app.inject({ method: 'GET', url: `/api/products/${id}` });
    await ctx.app.inject({ method: 'GET', url: '/no/such/route/%3Cscript%3E' });
    await ctx.app.inject({ method: 'GET', url: '/management/health' });
    const text = await scrape();
    // both product requests in one series (401: no token), under the route's pattern
    expect(seriesValue(text, 'http_requests_total{method="GET",route="/api/products/:id",status_code="401"}')).toBe(2);
    expect(seriesValue(text, 'http_request_duration_seconds_count{method="GET",route="/api/products/:id",status_code="401"}')).toBe(2);
    expect(seriesValue(text, 'http_requests_total{method="GET",route="/management/health",status_code="200"}')).toBe(1);
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/management/health",status_code="200"}');
    // what no route matched is one series, whatever the path
    expect(seriesValue(text, 'http_requests_total{method="GET",route="unmatched",status_code="404"}')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('123456');
    expect(text).not.toContain('no/such');
    expect(text).not.toContain('%3C');
  });

  it('tells the job queues, the publications, the public pages and downloads, and the pool on PostgreSQL', async () => {
    await ctx.app.inject({ method: 'GET', url: '/site' });
    const before = seriesValue(await scrape(), 'vellum_downloads_total') ?? 0;
    const counted = ctx.app.deps.metrics.countingDownloads({ record() {}, flush: async () => {}, close: async () => {} });
    counted.record({} as never);
    counted.record({} as never);
    const text = await scrape();
    expect(seriesValue(text, 'vellum_downloads_total')).toBe(before + 2);
    expect(seriesValue(text, 'vellum_site_pages_total{status_code="200"}')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^vellum_job_queue_jobs\{queue="[^"]+",state="queued"\} 0$/m);
    expect(text).toContain('# TYPE vellum_publications gauge');
    expect(text).toContain('process_resident_memory_bytes');
    if (ctx.databaseUrl) {
      expect(seriesValue(text, 'vellum_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(seriesValue(text, 'vellum_db_pool_connections{state="waiting"}')).toBe(0);
    } else {
      expect(text).not.toContain('vellum_db_pool_connections');
    }
  });
});
