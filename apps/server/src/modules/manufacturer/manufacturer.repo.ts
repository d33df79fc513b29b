import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { manufacturer } from '../../db/schema/index.js';

/** The single manufacturer row of this installation. */
export const MANUFACTURER_ID = 1;

export type ManufacturerRow = typeof manufacturer.$inferSelect;
export type ManufacturerSettingsValues = Omit<
  ManufacturerRow,
  'id' | 'name' | 'logoKey' | 'audienceImageHcpKey' | 'audienceImagePatientKey' | 'bulkUploadsActive' | 'version'
>;
export type ManufacturerImageColumn = 'logoKey' | 'audienceImageHcpKey' | 'audienceImagePatientKey';

export async function findManufacturer(db: DbOrTx, forUpdate = false): Promise<ManufacturerRow | undefined> {
  const query = db.select().from(manufacturer).where(eq(manufacturer.id, MANUFACTURER_ID));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateManufacturerName(db: DbOrTx, name: string): Promise<ManufacturerRow | undefined> {
  const [row] = await db.update(manufacturer).set({ name }).where(eq(manufacturer.id, MANUFACTURER_ID)).returning();
  return row;
}

/** Updates the settings when `version` is still the stored one; undefined otherwise. */
export async function updateManufacturerSettings(
  db: DbOrTx,
  values: ManufacturerSettingsValues,
  version: number,
): Promise<ManufacturerRow | undefined> {
  const [row] = await db
    .update(manufacturer)
    .set({ ...values, version: version + 1 })
    .where(and(eq(manufacturer.id, MANUFACTURER_ID), eq(manufacturer.version, version)))
    .returning();
  return row;
}

export async function setManufacturerImageKey(db: DbOrTx, column: ManufacturerImageColumn, key: string): Promise<void> {
  await db
    .update(manufacturer)
    .set({ [column]: key })
    .where(eq(manufacturer.id, MANUFACTURER_ID));
}
