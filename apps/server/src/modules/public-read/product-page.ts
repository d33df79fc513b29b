import type { DbOrTx } from '../../db/client.js';
import { type ProductQuery, productAsked, publicProduct } from './catalogue.js';
import { documentsOf, visitorFilesFilter } from './documents.js';
import * as repo from './documents.repo.js';
import type { LivePublication, PublicDocument, PublicProduct, Visitor } from './public-read.types.js';

export interface ProductPage {
  product: PublicProduct;
  /** As `productDocuments` lists them for the visitor (empty when the site does not serve them). */
  documents: PublicDocument[];
  /**
   * With a lot: false when no lot range of the product holds it (an unknown lot: the documents are
   * those for all lots, and the page says so; decision 0048); null without a lot.
   */
  lotKnown: boolean | null;
}

/**
 * The product page's answer in one statement: the product as `product` finds it and its documents
 * as `productDocuments` lists them for the visitor; null when there is no such product for them.
 */
export async function productPage(
  db: DbOrTx,
  live: LivePublication,
  q: ProductQuery,
  visitor: Visitor,
  at: Date,
): Promise<ProductPage | null> {
  const asked = productAsked(live, q, at);
  if (!asked) return null;
  const files = visitorFilesFilter(live, visitor, at);
  const row = await repo.productPage(db, asked.filter, asked.ref, files);
  if (!row.product) return null;
  return {
    product: publicProduct(live, asked, row.product, q.language),
    documents: files ? documentsOf(live, row.files, visitor) : [],
    lotKnown: row.lotKnown,
  };
}
