import type { RegionKind } from '@vellum/contract';
import { and, asc, count, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { region, regionCountry } from '../../db/schema/index.js';
import { isRowId, likePattern } from '../../db/sql.js';
import type { PageRequest } from '../../platform/paging.js';

export type RegionRow = typeof region.$inferSelect;

export const regionSortable = { id: region.id, name: region.name };

export async function findRegion(db: DbOrTx, kind: RegionKind, id: number, forUpdate = false): Promise<RegionRow | undefined> {
  if (!isRowId(id)) return undefined;
  const query = db
    .select()
    .from(region)
    .where(and(eq(region.id, id), eq(region.kind, kind)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function countRegions(db: DbOrTx, kind: RegionKind, businessUnitId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(region)
    .where(and(eq(region.kind, kind), eq(region.businessUnitId, businessUnitId)));
  return row?.n ?? 0;
}

export async function listRegions(
  db: DbOrTx,
  kind: RegionKind,
  businessUnitId: number,
  search: string | undefined,
  page: PageRequest,
): Promise<{ rows: RegionRow[]; total: number }> {
  const where = and(
    eq(region.kind, kind),
    eq(region.businessUnitId, businessUnitId),
    search ? ilike(region.name, likePattern(search)) : undefined,
  );
  const rows = await db
    .select()
    .from(region)
    .where(where)
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset);
  const [{ total }] = await db.select({ total: count() }).from(region).where(where);
  return { rows, total };
}

/** The countries of each region, by ISO code. */
export async function countriesOf(db: DbOrTx, regionIds: number[]): Promise<{ regionId: number; code: string }[]> {
  if (regionIds.length === 0) return [];
  return db
    .select({ regionId: regionCountry.regionId, code: regionCountry.countryIsoCode })
    .from(regionCountry)
    .where(inArray(regionCountry.regionId, regionIds))
    .orderBy(asc(regionCountry.countryIsoCode));
}

export async function regionNameTaken(db: DbOrTx, kind: RegionKind, businessUnitId: number, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: region.id })
    .from(region)
    .where(
      and(
        eq(region.kind, kind),
        eq(region.businessUnitId, businessUnitId),
        sql`lower(${region.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(region.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The first of the countries that another region of this kind in the unit already holds. */
export async function countryHeldElsewhere(
  db: DbOrTx,
  kind: RegionKind,
  businessUnitId: number,
  codes: readonly string[],
  exceptRegionId?: number,
): Promise<{ country: string; region: string } | undefined> {
  if (codes.length === 0) return undefined;
  const [row] = await db
    .select({ country: regionCountry.countryIsoCode, region: region.name })
    .from(regionCountry)
    .innerJoin(region, eq(region.id, regionCountry.regionId))
    .where(
      and(
        eq(regionCountry.kind, kind),
        eq(regionCountry.businessUnitId, businessUnitId),
        inArray(regionCountry.countryIsoCode, [...codes]),
        exceptRegionId === undefined ? undefined : ne(regionCountry.regionId, exceptRegionId),
      ),
    )
    .orderBy(asc(regionCountry.countryIsoCode))
    .limit(1);
  return row;
}

export async function insertRegion(db: DbOrTx, values: { kind: RegionKind; businessUnitId: number; name: string }): Promise<RegionRow> {
  const [row] = await db.insert(region).values(values).returning();
  return row;
}

/** Renames when `version` is still the stored one; undefined otherwise (a concurrent change). */
export async function updateRegion(db: DbOrTx, id: number, version: number, name: string): Promise<RegionRow | undefined> {
  const [row] = await db
    .update(region)
    .set({ name, version: sql`${region.version} + 1` })
    .where(and(eq(region.id, id), eq(region.version, version)))
    .returning();
  return row;
}

/** Replaces the countries of a region. */
export async function setRegionCountries(db: DbOrTx, row: RegionRow, codes: readonly string[]): Promise<void> {
  await db.delete(regionCountry).where(eq(regionCountry.regionId, row.id));
  if (codes.length === 0) return;
  await db
    .insert(regionCountry)
    .values(codes.map((countryIsoCode) => ({ regionId: row.id, businessUnitId: row.businessUnitId, kind: row.kind, countryIsoCode })));
}

/** Deletes the region; its countries go with it. */
export async function deleteRegion(db: DbOrTx, id: number): Promise<void> {
  await db.delete(region).where(eq(region.id, id));
}

/** How many regions of each kind the unit holds. */
export async function countUnitRegions(db: DbOrTx, businessUnitId: number): Promise<Record<RegionKind, number>> {
  const rows = await db
    .select({ kind: region.kind, n: count() })
    .from(region)
    .where(eq(region.businessUnitId, businessUnitId))
    .groupBy(region.kind);
  const of = (k: RegionKind) => rows.find((r) => r.kind === k)?.n ?? 0;
  return { INTERFACE: of('INTERFACE'), DOCUMENT: of('DOCUMENT') };
}

/** The unit's regions of a kind (only the given ids when set), by name. */
export async function regionsOfUnit(db: DbOrTx, kind: RegionKind, businessUnitId: number, ids?: readonly number[]): Promise<RegionRow[]> {
  if (ids && ids.length === 0) return [];
  return db
    .select()
    .from(region)
    .where(and(eq(region.kind, kind), eq(region.businessUnitId, businessUnitId), ids ? inArray(region.id, [...ids]) : undefined))
    .orderBy(asc(sql`lower(${region.name})`), asc(region.id));
}

/** The unit's regions of a kind as a statement for the translations list (decision 0089): id, label, name. */
export function regionTextsQuery(kind: RegionKind, businessUnitId: number): SQL {
  return sql`SELECT ${region.id} AS id, ${region.name} AS label, ${region.name} AS "name" FROM ${region}
    WHERE ${region.kind} = ${kind} AND ${region.businessUnitId} = ${businessUnitId}`;
}
