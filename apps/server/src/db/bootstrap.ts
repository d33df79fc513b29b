import { PREDEFINED_ROLES, SUPER_ADMIN_GROUP_NAME } from '@vellum/contract';
import { eq } from 'drizzle-orm';
import type { Db } from './client.js';
import { upsertGeography } from './reference-data.js';
import { businessUnit, manufacturer, role, userGroup, userGroupBusinessUnit } from './schema/index.js';

/**
 * Rows every installation has, created when missing and refreshed when the code's definition
 * changes: the manufacturer, the global business unit (id 0), the predefined roles and the
 * super-admin group (Administrator role, all business units), the continents, countries and
 * languages (decision 0022).
 */
export async function bootstrapReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(manufacturer).values({ id: 1, name: 'Manufacturer' }).onConflictDoNothing();
    await tx.insert(businessUnit).values({ id: 0, slug: 'global', displayName: 'Global', active: true }).onConflictDoNothing();
    for (const r of PREDEFINED_ROLES) {
      await tx
        .insert(role)
        .values({ name: r.name, description: r.description, predefined: true, rights: [...r.rights] })
        .onConflictDoUpdate({
          target: role.name,
          set: { description: r.description, predefined: true, rights: [...r.rights] },
        });
    }
    const [admin] = await tx.select({ id: role.id }).from(role).where(eq(role.name, 'Administrator'));
    const [group] = await tx
      .insert(userGroup)
      .values({ name: SUPER_ADMIN_GROUP_NAME, allBusinessUnits: true, superAdmin: true, roleId: admin.id })
      .onConflictDoUpdate({ target: userGroup.name, set: { allBusinessUnits: true, superAdmin: true, roleId: admin.id } })
      .returning({ id: userGroup.id });
    await tx.insert(userGroupBusinessUnit).values({ userGroupId: group.id, businessUnitId: 0 }).onConflictDoNothing();
    await upsertGeography(tx);
  });
}
