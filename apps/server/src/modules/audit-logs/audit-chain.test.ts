import type { AccessRight } from '@vellum/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { audit } from '../../platform/audit.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { AUDIT_ANCHOR_QUEUE } from './audit-anchor.jobs.js';
import { verifyAuditChainAnchored, writeAuditAnchors } from './audit-anchor.js';
import { verifyAuditChain } from './audit-chain.js';
import { chainHead } from './audit-chain.repo.js';

let ctx: TestContext;
const alice = { userId: 7, login: 'alice@example.com' };

class Rollback extends Error {}

/** Runs `tamper` with the audit log's guard disabled, checks the chain, and rolls everything back. */
async function tampered(tamper: string | string[], check: (tx: DbOrTx) => Promise<void>): Promise<void> {
  await expect(
    ctx.db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change`);
      for (const statement of [tamper].flat()) await tx.execute(sql.raw(statement));
      await tx.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change`);
      await check(tx);
      throw new Rollback();
    }),
  ).rejects.toBeInstanceOf(Rollback);
}

/** The database's own message of a refused statement (drizzle wraps it). */
async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (err) {
    const e = err as Error & { cause?: Error };
    return e.cause?.message ?? e.message;
  }
  return 'not refused';
}

async function seqs(): Promise<{ id: number; seq: number }[]> {
  return (await rowsOf<{ id: string; seq: string }>(ctx.db, sql`SELECT id, chain_seq AS seq FROM audit_log ORDER BY chain_seq`)).map(
    (r) => ({
      id: Number(r.id),
      seq: Number(r.seq),
    }),
  );
}

beforeAll(async () => {
  ctx = await createTestContext();
  for (let i = 1; i <= 5; i++)
    await audit(ctx.db, alice, {
      entityName: 'product',
      entityId: i,
      entityLabel: `KC-${i}`,
      action: 'UPDATE',
      businessUnitId: 9001,
      // text a JSON writer escapes, non-Latin and right-to-left text, numbers of every kind
      changes: {
        name: { from: 'a "quoted"\\ \n\t\u0001 é ✓ שלום 😀', to: `=SUM(${i})` },
        n: 1.5,
        big: 12345678901234,
        nested: [null, true],
      },
    });
  await audit(ctx.db, null, { entityName: 'manufacturer', action: 'SETTINGS' });
});
afterAll(() => ctx.close());

describe('the audit chain', () => {
  it('numbers every row 1, 2, 3, … and verifies, whatever the rows hold', async () => {
    const rows = await seqs();
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
    const result = await verifyAuditChain(ctx.db);
    expect(result).toEqual({ valid: true, checked: rows.length });
    expect(await chainHead(ctx.db)).toMatchObject({ seq: rows.length });
  });

  it('does not fork under concurrent writers: 20 parallel audited transactions', async () => {
    const before = (await seqs()).length;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ctx.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT 1`);
          await audit(tx, alice, { entityName: 'document', entityId: i, action: 'CREATE', businessUnitId: 9002 });
          await audit(tx, alice, { entityName: 'file', entityId: i, action: 'CREATE', businessUnitId: 9002 });
        }),
      ),
    );
    const rows = await seqs();
    expect(rows.length).toBe(before + 40);
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
    expect(await verifyAuditChain(ctx.db)).toEqual({ valid: true, checked: before + 40 });
  });

  it('chains the rows of one statement (a bulk insert), of many statements in one transaction and of savepoints kept or rolled back', async () => {
    await ctx.db.execute(sql`INSERT INTO audit_log (entity_name, entity_id, action, business_unit_id)
      SELECT 'product', i::text, 'IMPORTED', 9001 FROM generate_series(1, 300) AS i`);
    await ctx.db.transaction(async (tx) => {
      await audit(tx, alice, { entityName: 'product', entityId: 1, action: 'UPDATE' });
      await expect(
        tx.transaction(async (inner) => {
          await audit(inner, alice, { entityName: 'product', entityId: 2, action: 'UPDATE' });
          throw new Rollback();
        }),
      ).rejects.toBeInstanceOf(Rollback);
      for (let i = 0; i < 50; i++) await audit(tx, alice, { entityName: 'product', entityId: i, action: 'UPDATE' });
    });
    const rows = await seqs();
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
    expect(await chainHead(ctx.db)).toMatchObject({ seq: rows.length });
    expect((await verifyAuditChain(ctx.db)).valid).toBe(true);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of audit rows, and changes of the chain head', async () => {
    expect(await refusal(ctx.db.execute(sql`UPDATE audit_log SET action = 'X' WHERE chain_seq = 2`))).toMatch(
      /audit log cannot be changed/,
    );
    expect(await refusal(ctx.db.execute(sql`DELETE FROM audit_log WHERE chain_seq = 2`))).toMatch(/audit log cannot be changed/);
    expect(await refusal(ctx.db.execute(sql`TRUNCATE audit_log`))).toMatch(/audit log cannot be changed/);
    expect(await refusal(ctx.db.execute(sql`UPDATE audit_chain SET seq = 1`))).toMatch(/head changes only with the audit log/);
    expect(await refusal(ctx.db.execute(sql`DELETE FROM audit_chain`))).toMatch(/head changes only with the audit log/);
    expect((await verifyAuditChain(ctx.db)).valid).toBe(true);
  });

  it('names the row changed by hand with the guard disabled', async () => {
    const third = (await seqs())[2];
    await tampered(`UPDATE audit_log SET login = 'mallory@example.com' WHERE chain_seq = 3`, async (tx) => {
      expect(await verifyAuditChain(tx)).toEqual({ valid: false, checked: 3, firstInvalid: { id: third.id, seq: 3, reason: 'hash' } });
    });
    // a change inside the stored JSON, and of the instant
    await tampered(`UPDATE audit_log SET changes = jsonb_set(changes, '{n}', '2') WHERE chain_seq = 4`, async (tx) => {
      expect((await verifyAuditChain(tx)).firstInvalid).toMatchObject({ seq: 4, reason: 'hash' });
    });
    await tampered(`UPDATE audit_log SET at = at - interval '1 microsecond' WHERE chain_seq = 5`, async (tx) => {
      expect((await verifyAuditChain(tx)).firstInvalid).toMatchObject({ seq: 5, reason: 'hash' });
    });
    // a row rewritten with a hash recomputed for it still breaks the next row
    await tampered(
      [
        `UPDATE audit_log SET action = 'DELETE' WHERE chain_seq = 2`,
        `UPDATE audit_log a SET hash = encode(sha256(convert_to(p.hash || audit_log_canonical(a), 'UTF8')), 'hex')
         FROM audit_log p WHERE a.chain_seq = 2 AND p.chain_seq = 1`,
      ],
      async (tx) => {
        expect((await verifyAuditChain(tx)).firstInvalid).toMatchObject({ seq: 3, reason: 'hash' });
      },
    );
    expect((await verifyAuditChain(ctx.db)).valid).toBe(true);
  });

  it('names the place of a removed row, and removed last rows', async () => {
    const rows = await seqs();
    await tampered(`DELETE FROM audit_log WHERE chain_seq = 4`, async (tx) => {
      expect(await verifyAuditChain(tx)).toEqual({
        valid: false,
        checked: 3,
        firstInvalid: { id: rows[4].id, seq: 4, reason: 'sequence' },
      });
    });
    const last = rows.length;
    await tampered(`DELETE FROM audit_log WHERE chain_seq >= ${last - 1}`, async (tx) => {
      expect(await verifyAuditChain(tx)).toEqual({
        valid: false,
        checked: last - 2,
        firstInvalid: { id: null, seq: last - 1, reason: 'head' },
      });
    });
    expect((await verifyAuditChain(ctx.db)).valid).toBe(true);
  });
});

describe('GET /api/audit-logs/verify', () => {
  const verify = async (token: string | undefined, query = '') =>
    as(ctx.app, token)({ method: 'GET', url: `/api/audit-logs/verify${query}` });
  const tokenWith = async (rights: AccessRight[], units: number[] | 'all') =>
    tokenFor(ctx, (await makeUserWithRights(ctx.db, rights, units)).id);

  it('answers 401 without a token, 403 without AUDIT_LOG_ALL_READ in the unit named (the global scope without one)', async () => {
    expect((await verify(undefined)).statusCode).toBe(401);
    expect((await verify(await tokenWith(['AUDIT_LOG_PUBLISH_READ', 'PRODUCT_READ'], 'all'))).statusCode).toBe(403);
    const unit = await makeBusinessUnit(ctx.db);
    const unitReader = await tokenWith(['AUDIT_LOG_ALL_READ'], [unit.id]);
    expect((await verify(unitReader)).statusCode).toBe(403);
    expect((await verify(unitReader, `?business-unit=${unit.id}`)).statusCode).toBe(200);
  });

  it('answers the whole chain valid, and the first row that does not match once one is changed', async () => {
    const token = await tokenWith(['AUDIT_LOG_ALL_READ'], [0]);
    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    const rows = await seqs();
    expect(res.json()).toEqual({ valid: true, checked: rows.length });
    await ctx.db.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change`);
    await ctx.db.execute(sql`UPDATE audit_log SET entity_label = 'KC-99' WHERE chain_seq = 2`);
    await ctx.db.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change`);
    expect((await verify(token)).json()).toEqual({ valid: false, checked: 2, firstInvalid: { id: rows[1].id, seq: 2, reason: 'hash' } });
  });
});

describe('GET /api/audit-logs/export', () => {
  const exported = async (token: string | undefined, query = '') =>
    as(ctx.app, token)({ method: 'GET', url: `/api/audit-logs/export${query}` });
  let unit: { id: number };

  beforeAll(async () => {
    unit = await makeBusinessUnit(ctx.db);
    await audit(ctx.db, alice, {
      entityName: 'product',
      entityId: 1,
      entityLabel: '=HYPERLINK("http://x")',
      action: 'CREATE',
      businessUnitId: unit.id,
    });
    await audit(ctx.db, alice, {
      entityName: 'product',
      entityId: 1,
      entityLabel: 'A, "B"',
      action: 'UPDATE',
      businessUnitId: unit.id,
      changes: { name: { from: 'A', to: 'B' } },
    });
    await audit(ctx.db, alice, { entityName: 'publication', entityId: 4, action: 'PUBLISH', businessUnitId: unit.id, category: 'publish' });
  });

  it("writes the unit's filtered log as CSV, oldest first, cells neutralised, with each row's place and hash", async () => {
    const token = tokenFor(ctx, (await makeUserWithRights(ctx.db, ['AUDIT_LOG_ALL_READ'], [unit.id])).id);
    const res = await exported(await token, `?business-unit=${unit.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="audit-log-${unit.id}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('Seq,Id,At (UTC),Login,User id,Business unit,Entity,Entity id,Entity label,Action,Category,Changes,Hash');
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('');
    expect(lines[1]).toContain(`,alice@example.com,7,${unit.id},product,1,"'=HYPERLINK(""http://x"")",CREATE,general,,`);
    expect(lines[2]).toContain(`,"A, ""B""",UPDATE,general,"{""name"":{""to"":""B"",""from"":""A""}}",`);
    expect(lines[3]).toMatch(/,PUBLISH,publish,,[0-9a-f]{64}$/);
    const seqs = lines.slice(1, 4).map((l) => Number(l.split(',')[0]));
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    const filtered = await exported(await token, `?business-unit=${unit.id}&action=UPDATE`);
    expect(filtered.body.split('\r\n')).toHaveLength(3);
  });

  it('gives a publish reader only the publish entries, and others nothing', async () => {
    const publishReader = await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['AUDIT_LOG_PUBLISH_READ'], [unit.id])).id);
    const lines = (await exported(publishReader, `?business-unit=${unit.id}`)).body.split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',PUBLISH,publish,');
    const nobody = await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['PRODUCT_READ'], [unit.id])).id);
    expect((await exported(nobody, `?business-unit=${unit.id}`)).statusCode).toBe(403);
    expect((await exported(undefined, `?business-unit=${unit.id}`)).statusCode).toBe(401);
  });
});

describe('the anchor kept outside the database (npm run audit:anchor, the daily job)', () => {
  /** The whole chain rewritten from `seq` on, hashes recomputed and the head moved with it: recomputation alone finds nothing. */
  const rewriteFrom = (seq: number) => [
    `UPDATE audit_log SET login = 'mallory@example.com' WHERE chain_seq = ${seq}`,
    `DO $$ DECLARE r audit_log; prev text; BEGIN
       SELECT hash INTO prev FROM audit_log WHERE chain_seq = ${seq - 1};
       FOR r IN SELECT * FROM audit_log WHERE chain_seq >= ${seq} ORDER BY chain_seq LOOP
         prev := encode(sha256(convert_to(prev || audit_log_canonical(r), 'UTF8')), 'hex');
         UPDATE audit_log SET hash = prev WHERE id = r.id;
       END LOOP;
     END $$`,
    'ALTER TABLE audit_chain DISABLE TRIGGER audit_chain_no_change',
    'UPDATE audit_chain c SET hash = a.hash FROM audit_log a WHERE c.manufacturer_id = 1 AND a.chain_seq = c.seq',
    'ALTER TABLE audit_chain ENABLE TRIGGER audit_chain_no_change',
  ];

  it('writes the head to storage and to the JSON log, and the verification compares with it', async () => {
    const token = await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['AUDIT_LOG_ALL_READ'], [0])).id);
    const verify = async () => (await as(ctx.app, token)({ method: 'GET', url: '/api/audit-logs/verify' })).json();
    // the API test above changed a row by hand: put it back, an intact chain to start from
    await ctx.db.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change`);
    await ctx.db.execute(sql`UPDATE audit_log SET entity_label = 'KC-2' WHERE chain_seq = 2`);
    await ctx.db.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change`);
    expect((await verifyAuditChain(ctx.db)).valid).toBe(true);
    const head = await chainHead(ctx.db);
    const [last] = await rowsOf<{ id: string; hash: string }>(ctx.db, sql`SELECT id, hash FROM audit_log WHERE chain_seq = ${head?.seq}`);
    const out: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string) => out.push(String(chunk)) > 0) as typeof process.stdout.write;
    try {
      await ctx.app.deps.jobs.send(AUDIT_ANCHOR_QUEUE, {});
      await ctx.app.deps.jobs.drain();
    } finally {
      process.stdout.write = write;
    }
    const anchor = { manufacturerId: 1, seq: head?.seq, id: Number(last.id), hash: last.hash, anchoredAt: expect.any(String) };
    expect(JSON.parse((await ctx.app.deps.files.get('audit-anchors/1/latest.json'))?.toString() ?? '{}')).toEqual(anchor);
    expect(out.map((l) => JSON.parse(l))).toContainEqual(expect.objectContaining({ msg: 'audit chain anchored', anchor }));
    expect(await verify()).toMatchObject({ anchor });

    // later rows do not disturb it: the anchored row is still there as it was
    await audit(ctx.db, alice, { entityName: 'manufacturer', action: 'SETTINGS' });
    expect(await verifyAuditChainAnchored(ctx.app.deps)).toMatchObject({ valid: true, anchor });
  });

  it('detects the chain rewritten from a row on, head included, which recomputation alone cannot', async () => {
    await writeAuditAnchors(ctx.app.deps);
    const rows = await seqs();
    await tampered(rewriteFrom(rows.length - 1), async (tx) => {
      const chain = await verifyAuditChain(tx);
      const anchored = await verifyAuditChainAnchored({ db: tx, files: ctx.app.deps.files });
      expect(anchored).toMatchObject({ valid: false, firstInvalid: { id: rows[rows.length - 1].id, seq: rows.length, reason: 'anchor' } });
      // recomputation alone finds the rewritten chain intact
      expect(chain).toEqual({ valid: true, checked: rows.length });
    });
    // an anchor that is not one is reported, never trusted
    await ctx.app.deps.files.putAt('audit-anchors/1/latest.json', Buffer.from('{"seq": "x"}'));
    expect(await verifyAuditChainAnchored(ctx.app.deps)).toMatchObject({ valid: false, firstInvalid: { reason: 'anchor' }, anchor: null });
  });
});
