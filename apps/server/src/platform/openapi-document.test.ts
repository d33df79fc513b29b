import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';

/**
 * The OpenAPI document is the API's published contract: moving where a route is declared must not
 * change it. The committed copy is compared key by key with keys sorted (ordering aside, byte for
 * byte); `UPDATE_OPENAPI=1` rewrites it when a change of the API is meant.
 */
const SNAPSHOT = new URL('./openapi-document.snapshot.json', import.meta.url);

/** The same JSON with every object's keys sorted, so that only content is compared. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.ready();
});
afterAll(() => ctx.close());

describe('the OpenAPI document', () => {
  it('is the committed one', () => {
    const doc = ctx.app.swagger() as { info: { version: string } };
    const text = `${JSON.stringify(canonical({ ...doc, info: { ...doc.info, version: '(version)' } }), null, 2)}\n`;
    if (process.env.UPDATE_OPENAPI === '1') writeFileSync(SNAPSHOT, text);
    expect(text).toBe(readFileSync(SNAPSHOT, 'utf8'));
  });
});
