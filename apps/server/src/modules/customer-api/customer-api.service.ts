import { customerApi as api, type CustomerDocument, type CustomerProduct, pathOf } from '@vellum/contract';
import type { DbOrTx } from '../../db/client.js';
import { fromJson } from '../../db/sql.js';
import { notFound } from '../../platform/errors.js';
import { type LivePublication, liveSite, publishedSites } from '../public-read/index.js';
import { findProducts, findProductVersions, findPublicVersion, productIsPublished, type VersionRow } from './customer-api.repo.js';

/**
 * The customer API's answers (decision 0076): what a unit's live publication holds for everyone
 * at the instant of the request, never a draft, a scheduled item or a restricted document.
 */

const iso = (value: Date | string) => new Date(value).toISOString();

/** The unit's live publication while its website is live; 404 otherwise (unknown, never published, deactivated). */
async function liveOf(db: DbOrTx, businessUnitId: number, at: Date): Promise<LivePublication> {
  const live = await liveSite(db, { id: businessUnitId }, at);
  if (!live?.site.unit.active) throw notFound('businessUnit');
  return live;
}

export async function listUnits(db: DbOrTx, at: Date) {
  const sites = await publishedSites(db, at);
  const units = [];
  for (const site of sites) {
    const live = await liveSite(db, { slug: site.slug }, at);
    if (live) units.push({ businessUnitId: live.businessUnitId, slug: site.slug, name: site.name });
  }
  return units;
}

export async function listProducts(
  db: DbOrTx,
  businessUnitId: number,
  q: { page: number; size: number; keyCode?: string; productTypeId?: number },
  at: Date,
) {
  const live = await liveOf(db, businessUnitId, at);
  const names = new Map(live.site.productTypes.map((t) => [t.id, t.name]));
  const rows = await findProducts(db, {
    contentId: live.contentId,
    at,
    keyCode: q.keyCode || undefined,
    productTypeId: q.productTypeId,
    limit: q.size,
    offset: q.page * q.size,
  });
  const items: CustomerProduct[] = rows.map((r) => ({
    productId: r.productId,
    productTypeId: r.productTypeId,
    productTypeName: names.get(r.productTypeId) ?? '',
    keyCode: r.keyCode,
    publishDate: iso(r.publishDate),
    attributes: fromJson(r.attributes),
  }));
  return { items, total: rows[0]?.total ?? (q.page === 0 ? 0 : await countOnly(db, live, q, at)) };
}

/** The total when the page asked for lies past the last one (its rows carry no count). */
async function countOnly(db: DbOrTx, live: LivePublication, q: { keyCode?: string; productTypeId?: number }, at: Date) {
  const [first] = await findProducts(db, {
    contentId: live.contentId,
    at,
    keyCode: q.keyCode || undefined,
    productTypeId: q.productTypeId,
    limit: 1,
    offset: 0,
  });
  return first?.total ?? 0;
}

const downloadUrl = (businessUnitId: number, fileVersionId: number) => pathOf(api.download, { businessUnitId, fileVersionId });

export async function productDocuments(db: DbOrTx, businessUnitId: number, productId: number, at: Date): Promise<CustomerDocument[]> {
  const live = await liveOf(db, businessUnitId, at);
  if (!(await productIsPublished(db, live.contentId, productId, at))) throw notFound('product');
  const documents: CustomerDocument[] = [];
  for (const r of await findProductVersions(db, live.contentId, productId, at)) {
    let document = documents.at(-1);
    if (document?.documentId !== r.documentId) {
      document = { documentId: r.documentId, number: r.number, name: r.name, documentTypeId: r.documentTypeId, files: [] };
      documents.push(document);
    }
    let file = document.files.at(-1);
    if (file?.fileId !== r.fileId) {
      file = {
        fileId: r.fileId,
        name: r.fileName,
        countries: r.countries,
        languages: r.languages,
        restOfTheWorld: r.restOfTheWorld,
        versions: [],
      };
      document.files.push(file);
    }
    file.versions.push({
      fileVersionId: r.fileVersionId,
      label: r.label,
      versionDate: r.versionDate,
      validTo: r.validTo,
      publishDate: iso(r.publishDate),
      fileName: r.binaryName,
      size: r.binarySize === null ? null : Number(r.binarySize),
      mediaType: r.mediaType,
      sha256: r.sha256,
      downloadUrl: downloadUrl(businessUnitId, r.fileVersionId),
    });
  }
  return documents;
}

/** A version to download: public now, of a document open to everyone, in the unit's live publication; 404 otherwise. */
export async function versionToDownload(db: DbOrTx, businessUnitId: number, fileVersionId: number, at: Date): Promise<VersionRow> {
  const live = await liveOf(db, businessUnitId, at);
  const row = await findPublicVersion(db, live.contentId, fileVersionId, at);
  if (!row) throw notFound('fileVersion');
  return row;
}
