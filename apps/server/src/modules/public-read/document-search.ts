import type { DbOrTx } from '../../db/client.js';
import type { PublishedSite } from '../publishing/published-site.js';
import { audienceTypes, servesAudience } from './catalogue.js';
import * as repo from './document-search.repo.js';
import { groupsOf, productDocument } from './documents.js';
import { offersCountry, translator } from './live-site.js';
import type { Audience, LivePublication, PublicDocument, Visitor } from './public-read.types.js';

/**
 * The document search of the public website (decision 0045): the unit's documents found by
 * number, name and the document attributes its settings make searchable, each listed with the
 * files the visitor would see on the page of its first product (which gives the download its
 * product context). Restricted documents follow the product page's rule (a verified e-mail of an
 * enabled group); the search itself may be restricted to the document search access e-mails.
 */

const MAX_PAGE_SIZE = 100;

/** Whether the visitor may search: `off` (the unit has no document search), `locked` (restricted, e-mail not verified for it), `open`. */
export function documentSearchAccess(site: PublishedSite, verifiedEmail: string | undefined): 'off' | 'locked' | 'open' {
  const settings = site.unit.settings;
  if (!site.unit.active || !settings.documentSearch) return 'off';
  if (!settings.documentSearchRestricted) return 'open';
  const email = verifiedEmail?.trim().toLowerCase();
  return email && site.documentSearchEmails.includes(email) ? 'open' : 'locked';
}

/** Whether an address may ask for an e-mail link at all: in an enabled restricted group, or allowed the restricted document search. */
export function mayVerifyEmail(site: PublishedSite, email: string): boolean {
  const settings = site.unit.settings;
  if (groupsOf(site, email).length > 0) return true;
  return settings.documentSearch && settings.documentSearchRestricted && site.documentSearchEmails.includes(email.trim().toLowerCase());
}

export type DocumentSearchMatch = 'EXACT' | 'PARTIAL' | 'DROPDOWN';

/** A searchable document attribute (documentAttribute on, searchType SEARCHABLE_*), named in the visitor's language. */
export interface DocumentSearchAttribute {
  attributeDefinitionId: number;
  name: string;
  match: DocumentSearchMatch;
}

/** The fields the unit's documentSearchVisualisation asks for: ADVANCED (number, name, one per attribute), CROSS_FIELD (one text), or both. */
export function documentSearchFields(
  site: PublishedSite,
  language: string,
): { crossField: boolean; advanced: boolean; attributes: DocumentSearchAttribute[] } {
  const settings = site.unit.settings;
  const t = translator(site, language);
  const attributes = settings.documentAttribute
    ? site.documentAttributeDefinitions.flatMap((d): DocumentSearchAttribute[] => {
        const match =
          d.searchType === 'SEARCHABLE_EXACT'
            ? 'EXACT'
            : d.searchType === 'SEARCHABLE_PARTIAL'
              ? 'PARTIAL'
              : d.searchType === 'SEARCHABLE_DROPDOWN'
                ? 'DROPDOWN'
                : null;
        return match ? [{ attributeDefinitionId: d.id, name: t(`document_attribute_definition.${d.id}.name`, d.name), match }] : [];
      })
    : [];
  const v = settings.documentSearchVisualisation;
  return { crossField: v !== 'ADVANCED', advanced: v !== 'CROSS_FIELD', attributes };
}

export interface DocumentSearchQuery {
  /** The cross-field text (number, name or a searchable attribute's value). */
  text?: string;
  number?: string;
  name?: string;
  /** Values of searchable attributes by definition id. */
  attributes: Record<number, string>;
  page: number;
  size: number;
}

export interface DocumentSearchHit {
  document: PublicDocument;
  /** The product whose page lists the document's files for the visitor (the download's context). */
  product: { productId: number; productTypeId: number; keyCode: string };
}

export interface DocumentSearchResult {
  items: DocumentSearchHit[];
  total: number;
  page: number;
  size: number;
}

function filterOf(live: LivePublication, visitor: Visitor, at: Date) {
  const { site } = live;
  if (!servesAudience(site, visitor.audience) || !offersCountry(site, visitor.country)) return null;
  return {
    contentId: live.contentId,
    at,
    productTypeIds: audienceTypes(site, visitor.audience).map((t) => t.id),
    documentTypeIds: site.documentTypes.filter((t) => (visitor.audience === 'HCP' ? t.hcp : t.patient)).map((t) => t.id),
    groupIds: groupsOf(site, visitor.verifiedEmail),
    country: visitor.country.toUpperCase(),
    language: site.unit.settings.latestVersionVisualisationOption === 'COUNTRY' ? null : visitor.language.toLowerCase(),
  };
}

/**
 * A page of the documents the visitor may see that match every criterion given (criteria on
 * fields the unit's settings do not offer are ignored). Null when the document search is not
 * open to the visitor or the site does not serve them.
 */
export async function searchDocuments(
  db: DbOrTx,
  live: LivePublication,
  query: DocumentSearchQuery,
  visitor: Visitor,
  at: Date,
): Promise<DocumentSearchResult | null> {
  const { site } = live;
  if (documentSearchAccess(site, visitor.verifiedEmail) !== 'open') return null;
  const base = filterOf(live, visitor, at);
  if (!base) return null;
  const fields = documentSearchFields(site, visitor.language);
  const size = Math.min(Math.max(1, Math.trunc(query.size)), MAX_PAGE_SIZE);
  const page = Math.max(0, Math.trunc(query.page));
  const attributes = fields.advanced
    ? fields.attributes.flatMap((a) => {
        const value = query.attributes[a.attributeDefinitionId]?.trim();
        return value
          ? [
              {
                attributeDefinitionId: a.attributeDefinitionId,
                value,
                match: a.match === 'PARTIAL' ? ('PARTIAL' as const) : ('EXACT' as const),
              },
            ]
          : [];
      })
    : [];
  const rows = await repo.searchDocuments(
    db,
    {
      ...base,
      text: fields.crossField ? query.text?.trim() || undefined : undefined,
      textAttributeIds: fields.attributes.map((a) => a.attributeDefinitionId),
      number: fields.advanced ? query.number?.trim() || undefined : undefined,
      name: fields.advanced ? query.name?.trim() || undefined : undefined,
      attributes,
    },
    { limit: size, offset: page * size },
  );
  const total = rows[0]?.total ?? 0;
  const items: DocumentSearchHit[] = [];
  for (const r of rows) {
    if (r.documentId === null || r.productId === null || r.productTypeId === null || r.keyCode === null) continue;
    const document = await productDocument(db, live, r.productId, r.documentId, visitor, at);
    if (document) items.push({ document, product: { productId: r.productId, productTypeId: r.productTypeId, keyCode: r.keyCode } });
  }
  return { items, total, page, size };
}

/** The values a dropdown attribute of the document search offers: those of documents the visitor may see. */
export async function documentDropdownValues(
  db: DbOrTx,
  live: LivePublication,
  attributeDefinitionId: number,
  visitor: { audience: Audience; verifiedEmail?: string },
): Promise<string[]> {
  const { site } = live;
  return repo.documentAttributeValues(db, {
    contentId: live.contentId,
    attributeDefinitionId,
    documentTypeIds: site.documentTypes.filter((t) => (visitor.audience === 'HCP' ? t.hcp : t.patient)).map((t) => t.id),
    groupIds: groupsOf(site, visitor.verifiedEmail),
  });
}
