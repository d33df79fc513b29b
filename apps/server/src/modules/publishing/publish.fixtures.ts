import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { type file, fileVersion, region, regionCountry } from '../../db/schema/index.js';
import { makeProduct, makeProductType } from '../../factories/catalogue-factories.js';
import { makeDocument, makeDocumentFile, makeDocumentType } from '../../factories/document-factories.js';
import { makeBusinessUnit } from '../../factories/organisation-factories.js';
import { createPublication } from './publications.js';

/** Builders of the publishing tests: a unit that is ready to publish, and its parts. */
let n = 0;
const tag = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

/** An interface region of the unit with these countries (none: a region without countries). */
export async function makeInterfaceRegion(db: DbOrTx, businessUnitId: number, countries: string[] = ['BE'], name = `Region ${tag()}`) {
  const [row] = await db.insert(region).values({ kind: 'INTERFACE', businessUnitId, name }).returning();
  if (countries.length) {
    await db
      .insert(regionCountry)
      .values(countries.map((countryIsoCode) => ({ regionId: row.id, businessUnitId, kind: 'INTERFACE', countryIsoCode })));
  }
  return row;
}

/** A file of the document whose versions are given oldest first; binary: a key of its own. */
export async function makePublishFile(
  db: DbOrTx,
  doc: { id: number; businessUnitId: number },
  versions: { publishDate?: Date | null; binary?: boolean }[] = [{ binary: true }],
  over: Partial<typeof file.$inferInsert> = {},
) {
  const row = await makeDocumentFile(
    db,
    doc,
    versions.map((v) => ({ publishDate: v.publishDate ?? null, binaryKey: v.binary ? `files/test/${tag()}.pdf` : null })),
    over,
  );
  const rows = await db.select().from(fileVersion).where(eq(fileVersion.fileId, row.id)).orderBy(fileVersion.versionDate, fileVersion.id);
  return { ...row, versionIds: rows.map((v) => v.id) };
}

/**
 * A unit ready to publish: English interface and document languages, an interface region with a
 * country, an enabled product type searchable by key code for HCP with one product, and a
 * document with one file whose version has a binary.
 */
export async function makeReadyUnit(db: DbOrTx) {
  const unit = await makeBusinessUnit(db, { documentLanguages: ['en'] });
  const interfaceRegion = await makeInterfaceRegion(db, unit.id);
  const type = await makeProductType(db, unit.id);
  const product = await makeProduct(db, type);
  const docType = await makeDocumentType(db, unit.id);
  const doc = await makeDocument(db, unit.id, docType.id);
  const docFile = await makePublishFile(db, doc);
  return { unit, interfaceRegion, type, product, docType, doc, file: docFile };
}

/** A new live publication of the unit as it stands (no dates stamped): how the site's tests publish. */
export function publishAsIs(db: Db, businessUnitId: number) {
  return db.transaction((tx) =>
    createPublication(tx, {
      businessUnitId,
      actor: { userId: null, login: 'publisher' },
      includeFuture: false,
      customDate: null,
      stamped: { products: 0, files: 0, broughtForward: 0 },
    }),
  );
}
