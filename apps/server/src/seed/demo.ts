import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { appUser, region, regionCountry, role, ticket } from '../db/schema/index.js';
import { makeBusinessUnit, makeSuperAdmin, makeUser, makeUserGroup, setManufacturer } from '../factories/organisation-factories.js';
import type { FileStore } from '../platform/file-store.js';
import { seedBulkDemo } from './bulk-demo.js';
import { seedCatalogueDemo } from './catalogue-demo.js';
import {
  CARDIOLOGY_FILES,
  DEMO_REGION,
  DRAFT_FILE,
  ORTHOPAEDICS_FILES,
  reviseDemoFile,
  StoredObjects,
  seedDemoFiles,
} from './demo-files.js';
import { publishDemoUnit } from './demo-publish.js';
import { seedDocumentDemo } from './document-demo.js';

/** Demo logins (demo only; the README lists them). */
export const DEMO_USERS = {
  admin: { login: 'admin@vellum.demo', password: 'Admin#2026' },
  manager: { login: 'manager@vellum.demo', password: 'Manager#2026' },
  editor: { login: 'editor@vellum.demo', password: 'Editor#2026' },
  viewer: { login: 'viewer@vellum.demo', password: 'Viewer#2026' },
  auditor: { login: 'auditor@vellum.demo', password: 'Auditor#2026' },
} as const;

/**
 * The demo units' layout. Their site's header text (white: lightHeaderText) on the main colour and the
 * buttons' text on the highlight colour pass WCAG's 4.5:1 (demo.test.ts computes it).
 */
export const DEMO_UNITS = {
  cardiology: { slug: 'cardiology', displayName: 'Cardiology', mainColor: '#b91c1c', highlightColor: '#7f1d1d', lightHeaderText: true },
  orthopaedics: {
    slug: 'orthopaedics',
    displayName: 'Orthopaedics',
    mainColor: '#1d4ed8',
    highlightColor: '#1e3a8a',
    lightHeaderText: true,
  },
} as const;

/** The languages of the demo units' websites and documents. */
const DEMO_LANGUAGES = ['en', 'fr', 'nl', 'de'];

/**
 * A demo manufacturer with two business units and users of different roles, when no user exists yet.
 * `publicUrl` is config.publicUrl: the demo public website is served by this instance under /site.
 * With a file store (the server's start), the demo documents get their PDF files and both units are
 * published through the publish service, so that their websites work at once (decision 0052);
 * without one (the benchmarks), nothing is published and no document has a file.
 */
export async function seedDemoIfEmpty(db: Db, publicUrl = 'http://localhost:8080', files?: FileStore): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(appUser);
  if (count > 0) return false;
  const seeded = await storing(db, files, async (tx, stored) => {
    const base = await seedBase(tx, publicUrl);
    if (stored) {
      await seedDemoFiles(tx, stored, base.cardiology.id, CARDIOLOGY_FILES);
      await seedDemoFiles(tx, stored, base.orthopaedics.id, ORTHOPAEDICS_FILES);
    }
    await seedBulkDemo(tx, stored, base.cardiology, base.admin);
    return base;
  });
  if (!files) return true;

  // published as the demo administrator: publication #1 of each unit; then a new version of one
  // Cardiology file, published as #2 (1.0 stays in its history); then a file not yet published
  const actor = { userId: seeded.admin.id, login: seeded.admin.login };
  await publishDemoUnit(db, actor, seeded.cardiology.id);
  await publishDemoUnit(db, actor, seeded.orthopaedics.id);
  await storing(db, files, (tx, stored) => reviseDemoFile(tx, stored!, seeded.cardiology.id, CARDIOLOGY_FILES));
  await publishDemoUnit(db, actor, seeded.cardiology.id);
  await storing(db, files, (tx, stored) => seedDemoFiles(tx, stored!, seeded.cardiology.id, [DRAFT_FILE]));
  return true;
}

/** Runs `work` in a transaction; the objects it stored are removed again when the transaction fails. */
async function storing<T>(db: Db, files: FileStore | undefined, work: (tx: DbOrTx, stored: StoredObjects | undefined) => Promise<T>) {
  const stored = files && new StoredObjects(files);
  try {
    return await db.transaction((tx) => work(tx, stored));
  } catch (err) {
    await stored?.removeAll();
    throw err;
  }
}

/** The manufacturer, the units with their website region and languages, the users, the catalogue and the documents. */
async function seedBase(tx: DbOrTx, publicUrl: string) {
  await setManufacturer(tx, { name: 'Acme Medical', publicWebsiteUrl: `${publicUrl.replace(/\/$/, '')}/site` });
  // website and document languages and a website region: what a unit needs before its first publish
  const unit = (layout: (typeof DEMO_UNITS)[keyof typeof DEMO_UNITS]) =>
    makeBusinessUnit(tx, { ...layout, interfaceLanguages: DEMO_LANGUAGES, documentLanguages: DEMO_LANGUAGES });
  const cardio = await unit(DEMO_UNITS.cardiology);
  const ortho = await unit(DEMO_UNITS.orthopaedics);
  for (const u of [cardio, ortho]) {
    const [europe] = await tx.insert(region).values({ kind: 'INTERFACE', businessUnitId: u.id, name: 'Europe' }).returning();
    await tx
      .insert(regionCountry)
      .values(DEMO_REGION.map((countryIsoCode) => ({ regionId: europe.id, businessUnitId: u.id, kind: 'INTERFACE', countryIsoCode })));
  }
  const roleId = async (name: string) => (await tx.select({ id: role.id }).from(role).where(eq(role.name, name)))[0].id;
  const person = (login: string, password: string, firstName: string, lastName: string) =>
    makeUser(tx, { login, email: login, password, firstName, lastName });

  const admin = await makeSuperAdmin(tx, {
    login: DEMO_USERS.admin.login,
    password: DEMO_USERS.admin.password,
    firstName: 'Ada',
    lastName: 'Admin',
  });
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
  // an open help ticket, so the support staff's list (general settings → support tickets) shows one
  await tx.insert(ticket).values({
    subject: 'Scheduled export e-mail not received',
    description: 'The weekly export of Cardiology was scheduled for Monday; nobody on the list received it. Could you check?',
    url: `/my-business-units/${cardio.id}/scheduled-exports`,
    ticketType: 'SUPPORT_REQUEST',
    requesterId: manager.id,
    requesterLogin: manager.login,
    requesterEmail: manager.email,
    businessUnitId: cardio.id,
  });
  return { admin, cardiology: cardio, orthopaedics: ortho };
}
