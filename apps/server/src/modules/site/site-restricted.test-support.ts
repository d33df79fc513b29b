import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { fileLanguage, fileVersion, publicUserGroup, publicUserGroupDocument } from '../../db/schema/index.js';
import { makeProduct, makeProductType } from '../../factories/catalogue-factories.js';
import { makeDocument, makeDocumentFile, makeDocumentType } from '../../factories/document-factories.js';
import { makeBusinessUnit } from '../../factories/organisation-factories.js';
import type { TestContext } from '../../test/harness.js';
import { makeInterfaceRegion, publishAsIs } from '../publishing/publish.fixtures.js';

/** A document of the restricted site: shown to everyone, or only to the members of its groups. */
interface SiteDocument {
  number: string;
  name: string;
  fileName: string;
  restricted: boolean;
}

/** A public user group of the site, which every restricted document belongs to. */
interface SiteGroup {
  name: string;
  enabled: boolean;
  emails: string[];
}

export interface RestrictedSite {
  slug: string;
  unitId: number;
  typeSlug: string;
  productId: number;
  /** The file of each document, by the document's number. */
  fileIds: Record<string, number>;
  /** The bytes of every file (a PDF). */
  bytes: Buffer;
}

const past = () => new Date(Date.now() - 24 * 60 * 60 * 1000);

/**
 * The public website's restricted documents' test site (decisions 0045, 0075), published: a unit in
 * English and French with public user groups on, Belgium as its country, one product `keyCode` of
 * an HCP type searchable by exact key code, and the documents linked to it, each with one French
 * file for the rest of the world holding the same PDF bytes.
 */
export async function makeRestrictedSite(
  ctx: TestContext,
  { keyCode, documents, groups }: { keyCode: string; documents: SiteDocument[]; groups: SiteGroup[] },
): Promise<RestrictedSite> {
  const db = ctx.db;
  const unit = await makeBusinessUnit(db, {
    documentLanguages: ['en', 'fr'],
    interfaceLanguages: ['en', 'fr'],
    publicUserGroupActive: true,
  });
  await makeInterfaceRegion(db, unit.id, ['BE']);
  const type = await makeProductType(db, unit.id, { keyCodeSearchTypeHcp: 'SEARCHABLE_EXACT' });
  const product = await makeProduct(db, type, { keyCode, publishDate: past() });
  const docType = await makeDocumentType(db, unit.id, { hcp: true });
  const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2000)]);
  const fileIds: Record<string, number> = {};
  const restricted: number[] = [];
  for (const d of documents) {
    const doc = await makeDocument(db, unit.id, docType.id, { number: d.number, name: d.name }, { productIds: [product.id] });
    const key = await ctx.app.deps.files.put('files/site-restricted-test', bytes, 'pdf');
    const f = await makeDocumentFile(db, doc, [{ label: '1.0', versionDate: '2026-01-01', publishDate: past(), binaryKey: key }], {
      name: `File ${d.fileName}`,
      restOfTheWorld: true,
    });
    await db.insert(fileLanguage).values({ fileId: f.id, languageIsoCode: 'fr' });
    await db
      .update(fileVersion)
      .set({
        binaryName: d.fileName,
        binarySize: bytes.length,
        mediaType: 'application/pdf',
        sha256: createHash('sha256').update(bytes).digest('hex'),
      })
      .where(eq(fileVersion.fileId, f.id));
    fileIds[d.number] = f.id;
    if (d.restricted) restricted.push(doc.id);
  }
  for (const g of groups) {
    const [group] = await db
      .insert(publicUserGroup)
      .values({ businessUnitId: unit.id, ...g })
      .returning();
    if (restricted.length > 0)
      await db.insert(publicUserGroupDocument).values(restricted.map((documentId) => ({ publicUserGroupId: group.id, documentId })));
  }
  await publishAsIs(db, unit.id);
  const home = await ctx.app.inject({ method: 'GET', url: `/site/${unit.slug}/be/fr/hcp` });
  const typeSlug = /href="\/site\/[^/]+\/be\/fr\/hcp\/([^"/?_][^"/?]*)"/.exec(home.body)?.[1] ?? '';
  return { slug: unit.slug, unitId: unit.id, typeSlug, productId: product.id, fileIds, bytes };
}
