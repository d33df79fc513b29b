import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { manufacturer, validationRecordsToken } from '../../db/schema/index.js';
import { makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { verifyRecords } from './records-signature.js';
import { REQUIREMENTS } from './requirements.js';

let ctx: TestContext;
let manager: ReturnType<typeof as>;
let managerId: number;
let reader: ReturnType<typeof as>;
const anonymous = () => as(ctx.app, undefined);
const URL = '/api/account/validation-records';
let evidence: string;

const setActive = (on: boolean) => ctx.db.update(manufacturer).set({ validationRecordsActive: on }).where(eq(manufacturer.id, 1));

async function link(): Promise<{ redirectUrl: string; token: string }> {
  const res = await manager({ method: 'GET', url: URL });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const open = (token: string) => anonymous()({ method: 'GET', url: `/validation-records?id-token=${encodeURIComponent(token)}` });

beforeAll(async () => {
  evidence = mkdtempSync(join(tmpdir(), 'vr-evidence-'));
  ctx = await createTestContext({ VALIDATION_EVIDENCE_DIR: evidence, VELLUM_COMMIT: 'abc123' });
  const user = await makeUserWithRights(ctx.db, ['VALIDATION_RECORDS_MANAGE'], [0]);
  managerId = user.id;
  manager = as(ctx.app, await tokenFor(ctx, user.id));
  reader = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['MANUFACTURER_READ'], [0])).id));
});
afterAll(() => ctx?.close());
beforeEach(() => setActive(true));

describe('GET api/account/validation-records', () => {
  it('answers 401 without a token and 403 without VALIDATION_RECORDS_MANAGE', async () => {
    expect((await anonymous()({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await reader({ method: 'GET', url: URL })).statusCode).toBe(403);
  });

  it('answers 403 error.validationRecords.inactive while the setting is off', async () => {
    await setActive(false);
    const res = await manager({ method: 'GET', url: URL });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('error.validationRecords.inactive');
  });

  it('answers the page address and a one-time token, stored hashed and audited', async () => {
    const body = await link();
    expect(body.redirectUrl).toBe(`${ctx.config.publicUrl}/validation-records`);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await ctx.db.select().from(validationRecordsToken).where(eq(validationRecordsToken.userId, managerId));
    expect(rows.some((r) => r.tokenHash === createHash('sha256').update(body.token).digest('hex'))).toBe(true);
    expect(rows.some((r) => r.tokenHash.includes(body.token))).toBe(false);
    const expires = rows.find((r) => r.usedAt === null)?.expiresAt.getTime() ?? 0;
    expect(expires - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(5 * 60_000);
  });
});

describe('the validation records page', () => {
  it('says there is no evidence yet, lists every requirement, and is taken once', async () => {
    const { token } = await link();
    const res = await open(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('No test evidence has been recorded for this version yet');
    for (const r of REQUIREMENTS) expect(res.body).toContain(`>${r.id}<`);
    expect(res.body).toContain('not covered');
    // reused
    const again = await open(token);
    expect(again.statusCode).toBe(401);
    expect(again.body).toContain('not valid');
  });

  it('shows the results of the evidence, with a verifiable signature of its hash and a PDF', async () => {
    mkdirSync(evidence, { recursive: true });
    writeFileSync(
      join(evidence, 'api.meta.json'),
      JSON.stringify({
        commit: 'abc123',
        date: '2026-11-27T10:00:00.000Z',
        root: '/r',
        environment: { node: 'v24', database: 'PostgreSQL' },
      }),
    );
    writeFileSync(
      join(evidence, 'api.json'),
      JSON.stringify({
        testResults: [
          { name: '/r/apps/server/src/modules/tickets/tickets.test.ts', assertionResults: [{ fullName: 'creates', status: 'passed' }] },
        ],
      }),
    );
    const res = await open((await link()).token);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('No test evidence');
    expect(res.body).toContain('apps/server/src/modules/tickets/tickets.test.ts');
    expect(res.body).toContain('PostgreSQL');
    const sha = /id="content-sha256">([0-9a-f]{64})</.exec(res.body)?.[1] ?? '';
    const signature = /id="signature">([^<]+)</.exec(res.body)?.[1] ?? '';
    const key = /<pre>([^<]+)<\/pre>/.exec(res.body)?.[1] ?? '';
    expect(verifyRecords(key, sha, signature)).toBe(true);
    expect(
      verifyRecords(
        key,
        sha.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
        signature,
      ),
    ).toBe(false);
    const pdf = Buffer.from(/href="data:application\/pdf;base64,([^"]+)"/.exec(res.body)?.[1] ?? '', 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain(sha);
  });

  it('refuses a wrong, expired or other manufacturer’s token with 401, and any token while inactive with 403', async () => {
    expect((await open('x'.repeat(43))).statusCode).toBe(401);
    expect((await anonymous()({ method: 'GET', url: '/validation-records' })).statusCode).toBe(401);
    const expired = await link();
    await ctx.db
      .update(validationRecordsToken)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(validationRecordsToken.tokenHash, createHash('sha256').update(expired.token).digest('hex')));
    expect((await open(expired.token)).statusCode).toBe(401);
    // a token bound to another manufacturer opens nothing here
    await ctx.db.insert(manufacturer).values({ id: 2, name: 'Other' }).onConflictDoNothing();
    const foreign = 'f'.repeat(43);
    await ctx.db.insert(validationRecordsToken).values({
      tokenHash: createHash('sha256').update(foreign).digest('hex'),
      manufacturerId: 2,
      userId: managerId,
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect((await open(foreign)).statusCode).toBe(401);
    const fresh = await link();
    await setActive(false);
    const inactive = await open(fresh.token);
    expect(inactive.statusCode).toBe(403);
    expect(inactive.body).toContain('not active');
  });
});
