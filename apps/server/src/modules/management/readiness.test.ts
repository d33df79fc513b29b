import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const ready = () => ctx.app.inject({ method: 'GET', url: '/management/ready' });

describe('GET /management/ready', () => {
  it('is 200 UP when the database and the storage answer and every migration is applied', async () => {
    const res = await ready();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('UP');
    expect(body.checks.database).toEqual({ status: 'UP' });
    expect(body.checks.storage).toEqual({ status: 'UP' });
    expect(body.checks.migrations.status).toBe('UP');
    expect(body.checks.migrations.expected).toBeGreaterThan(20);
    expect(body.checks.migrations.applied).toBe(body.checks.migrations.expected);
  });

  it('is 503 naming the storage when the storage does not answer', async () => {
    const files = ctx.app.deps.files;
    ctx.app.deps.files = { ...files, probe: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.9:9000')) };
    try {
      const res = await ready();
      expect(res.statusCode).toBe(503);
      const body = res.json();
      expect(body.status).toBe('DOWN');
      expect(body.checks.storage).toEqual({ status: 'DOWN', error: 'unreachable' });
      expect(body.checks.database.status).toBe('UP');
      // where the storage is stays in the log, not in a public answer
      expect(res.body).not.toContain('10.0.0.9');
    } finally {
      ctx.app.deps.files = files;
    }
  });

  it('is 503 naming the database (and the migrations it cannot read) when the database does not answer', async () => {
    const db = ctx.app.deps.db;
    ctx.app.deps.db = { execute: () => Promise.reject(new Error('Connection terminated unexpectedly')) } as unknown as Db;
    try {
      const res = await ready();
      expect(res.statusCode).toBe(503);
      const { checks } = res.json();
      expect(checks.database).toEqual({ status: 'DOWN', error: 'unreachable' });
      expect(checks.migrations.status).toBe('DOWN');
      expect(checks.storage.status).toBe('UP');
    } finally {
      ctx.app.deps.db = db;
    }
  });

  it('is 503 while a migration this build ships is not applied to the database', async () => {
    // the database as an older server left it: its last migration not yet applied
    await ctx.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const res = await ready();
    expect(res.statusCode).toBe(503);
    const { status, checks } = res.json();
    expect(status).toBe('DOWN');
    expect(checks.migrations).toMatchObject({ status: 'DOWN', error: '1 pending' });
    expect(checks.migrations.applied).toBe(checks.migrations.expected - 1);
    expect(checks.database.status).toBe('UP');
  });
});
