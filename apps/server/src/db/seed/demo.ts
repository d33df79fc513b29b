import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { appUser, region, regionCountry, role } from '../schema/index.js';
import { seedCatalogueDemo } from './catalogue-demo.js';
import { seedDocumentDemo } from './document-demo.js';
import { makeBusinessUnit, makeSuperAdmin, makeUser, makeUserGroup, setManufacturer } from './factories.js';

/** Demo logins (demo only; the README lists them). */
export const DEMO_USERS = {
  admin: { login: 'admin@vellum.demo', password: 'Admin#2026' },
  manager: { login: 'manager@vellum.demo', password: 'Manager#2026' },
  editor: { login: 'editor@vellum.demo', password: 'Editor#2026' },
  viewer: { login: 'viewer@vellum.demo', password: 'Viewer#2026' },
  auditor: { login: 'auditor@vellum.demo', password: 'Auditor#2026' },
} as const;

/**
 * A demo manufacturer with two business units and users of different roles, when no user exists yet.
 * `publicUrl` is config.publicUrl: the demo public website is served by this instance under /site.
 */
export async function seedDemoIfEmpty(db: Db, publicUrl = 'http://localhost:8080'): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(appUser);
  if (count > 0) return false;
  await db.transaction(async (tx) => {
    await setManufacturer(tx, { name: 'Acme Medical', publicWebsiteUrl: `${publicUrl.replace(/\/$/, '')}/site` });
    // document languages and an interface region: what a unit needs before its first publish
    const documentLanguages = ['en', 'fr', 'de', 'nl'];
    const cardio = await makeBusinessUnit(tx, { slug: 'cardiology', displayName: 'Cardiology', mainColor: '#b91c1c', documentLanguages });
    const ortho = await makeBusinessUnit(tx, {
      slug: 'orthopaedics',
      displayName: 'Orthopaedics',
      mainColor: '#1d4ed8',
      documentLanguages,
    });
    for (const unit of [cardio, ortho]) {
      const [europe] = await tx.insert(region).values({ kind: 'INTERFACE', businessUnitId: unit.id, name: 'Europe' }).returning();
      await tx.insert(regionCountry).values(
        ['AT', 'BE', 'DE', 'FR', 'LU', 'NL'].map((countryIsoCode) => ({
          regionId: europe.id,
          businessUnitId: unit.id,
          kind: 'INTERFACE',
          countryIsoCode,
        })),
      );
    }
    const roleId = async (name: string) => (await tx.select({ id: role.id }).from(role).where(eq(role.name, name)))[0].id;
    const person = (login: string, password: string, firstName: string, lastName: string) =>
      makeUser(tx, { login, email: login, password, firstName, lastName });

    await makeSuperAdmin(tx, { login: DEMO_USERS.admin.login, password: DEMO_USERS.admin.password, firstName: 'Ada', lastName: 'Admin' });
    const manager = await person(DEMO_USERS.manager.login, DEMO_USERS.manager.password, 'Mia', 'Manager');
    const editor = await person(DEMO_USERS.editor.login, DEMO_USERS.editor.password, 'Eddie', 'Editor');
    const viewer = await person(DEMO_USERS.viewer.login, DEMO_USERS.viewer.password, 'Vera', 'Viewer');
    const auditor = await person(DEMO_USERS.auditor.login, DEMO_USERS.auditor.password, 'Otto', 'Auditor');
    await makeUserGroup(tx, {
      name: 'Cardiology managers',
      roleId: await roleId('Business unit manager'),
      businessUnitIds: [cardio.id],
      userIds: [manager.id],
    });
    await makeUserGroup(tx, {
      name: 'Content editors',
      roleId: await roleId('Content editor'),
      businessUnitIds: [cardio.id, ortho.id],
      userIds: [editor.id],
    });
    await makeUserGroup(tx, {
      name: 'Orthopaedics viewers',
      roleId: await roleId('Viewer'),
      businessUnitIds: [ortho.id],
      userIds: [viewer.id],
    });
    await makeUserGroup(tx, { name: 'Auditors', roleId: await roleId('Auditor'), allBusinessUnits: true, userIds: [auditor.id] });
    await seedCatalogueDemo(tx, { cardiology: cardio, orthopaedics: ortho });
    await seedDocumentDemo(tx, { cardiology: cardio, orthopaedics: ortho });
  });
  return true;
}
