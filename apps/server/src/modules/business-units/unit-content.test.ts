import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/sql.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { keepsTheUnit, UNIT_CONTENT } from './unit-content.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A foreign key of the schema: from a table to another, and what a delete of the referenced row does (pg_constraint.confdeltype). */
interface ForeignKey {
  from: string;
  to: string;
  onDelete: 'a' | 'r' | 'c' | 'n' | 'd';
}

const name = (t: PgTable) => getTableName(t);

describe('the unit lifecycle list (unit-content.ts)', () => {
  let unitTables: string[];
  let keys: ForeignKey[];
  beforeAll(async () => {
    unitTables = (
      await rowsOf<{ table: string }>(
        ctx.db,
        sql`SELECT table_name AS "table" FROM information_schema.columns
            WHERE table_schema = current_schema() AND column_name = 'business_unit_id' ORDER BY 1`,
      )
    ).map((r) => r.table);
    keys = await rowsOf<ForeignKey>(
      ctx.db,
      sql`SELECT c.conrelid::regclass::text AS "from", c.confrelid::regclass::text AS "to", c.confdeltype AS "onDelete"
          FROM pg_constraint c WHERE c.contype = 'f'`,
    );
  });
  const listed = () =>
    UNIT_CONTENT.flatMap((a) => [...a.tables.entries()].map(([table, onDelete]) => ({ area: a.area, table: name(table), onDelete })));
  const keyOf = (from: string, to: string) => keys.filter((k) => k.from === from && k.to === to);

  it('names every table with a business_unit_id column, once', () => {
    expect(unitTables.length).toBeGreaterThan(20);
    const names = listed().map((t) => t.table);
    expect([...names].sort()).toEqual(unitTables);
    expect(new Set(names).size).toBe(names.length);
  });

  it('says what a delete of the unit does with each table, as the schema keys say', () => {
    for (const { area, table, onDelete } of listed()) {
      const toUnit = keyOf(table, 'business_unit');
      const where = `${area}: ${table}`;
      if (onDelete === 'keeps the unit') {
        expect(
          toUnit.map((k) => k.onDelete),
          where,
        ).toEqual([expect.stringMatching(/^[ar]$/)]);
      } else if (onDelete === 'deleted with the unit') {
        expect(
          toUnit.map((k) => k.onDelete),
          where,
        ).toEqual(['c']);
      } else if (onDelete === 'kept as history') {
        expect(toUnit, where).toEqual([]);
      } else {
        // carried along by its parent's key, and the parent is on the list too
        const parent = name(onDelete.deletedWith);
        expect(toUnit, where).toEqual([]);
        expect(
          keyOf(table, parent).map((k) => k.onDelete),
          where,
        ).toContain('c');
        expect(
          listed().map((t) => t.table),
          where,
        ).toContain(parent);
      }
    }
  });

  it('counts the rows of every area that keeps the unit, so the delete guard sees them', () => {
    for (const area of UNIT_CONTENT.filter(keepsTheUnit)) expect(area.count, area.area).toBeTypeOf('function');
  });
});
