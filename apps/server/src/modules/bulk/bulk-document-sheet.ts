import { neutralised } from './bulk-sheet.js';

/**
 * The documents' sheet (decision 0058): what the documents' export writes, the template shows and
 * the documents' import reads. One row per FILE; the document's columns are repeated on each of
 * its files' rows, and a document without files has one row whose file columns are blank. Rows of
 * the same document number must carry the same document columns.
 */

/** The document's columns, before its attributes. */
export const DOCUMENT_NUMBER = 'Document number';
export const DOCUMENT_NAME = 'Document name';
export const DOCUMENT_TYPE = 'Document type';
/** After the attributes: what the document documents. */
export const DOCUMENT_PRODUCTS = 'Products';
export const DOCUMENT_PRODUCT_GROUPS = 'Product groups';

/** The file's columns, in the sheet's order. */
export const FILE_COLUMNS = {
  name: 'File name',
  countries: 'Countries',
  languages: 'Document languages',
  lots: 'Lots',
  versionLabel: 'Version label',
  versionDate: 'Version date',
  validTo: 'Valid to',
  publishDate: 'Publish date',
  archiveDate: 'Archive date',
  remarks: 'Remarks',
  remarksActive: 'Remarks active',
  historical: 'Historical',
  file: 'File',
} as const;

/** The Countries cell of a file for the rest of the world (no country of its own). */
export const REST_OF_THE_WORLD = 'Rest of the world';
/** The Lots cell of a file for all lot numbers (no lot range of its own). */
export const ALL_LOTS = 'All';
/** The cells of the yes/no columns. */
export const YES = 'Yes';
export const NO = 'No';
/** Where a file's binary lies in the zip: `files/<document number>/<binary name>`. */
export const FILES_FOLDER = 'files';

/** A unit's document attribute definition as a column `Name [slug]`. */
export interface SheetDocumentDefinition {
  id: number;
  name: string;
  slug: string;
}

export const attributeColumn = (d: { name: string; slug: string }) => `${d.name} [${d.slug}]`;
/** A product group as its cell names it: `Group name [product-type-slug]` (group names are unique per product type only). */
export const productGroupCell = (g: { name: string; productTypeSlug: string }) => `${g.name} [${g.productTypeSlug}]`;

/** The header of a unit's documents' sheet. */
export function documentHeader(definitions: readonly SheetDocumentDefinition[]): string[] {
  return [
    DOCUMENT_NUMBER,
    DOCUMENT_NAME,
    DOCUMENT_TYPE,
    ...definitions.map(attributeColumn),
    DOCUMENT_PRODUCTS,
    DOCUMENT_PRODUCT_GROUPS,
    ...Object.values(FILE_COLUMNS),
  ];
}

/** A file of a document as its row needs it (its current version's label, dates and binary). */
export interface SheetFile {
  name: string;
  restOfTheWorld: boolean;
  countries: string[];
  languages: string[];
  allLotNumbers: boolean;
  lotRanges: string[];
  versionLabel: string;
  versionDate: string;
  validTo: string | null;
  /** ISO 8601 instants (UTC). */
  publishDate: string | null;
  archiveDate: string | null;
  remarks: string | null;
  remarksActive: boolean;
  historical: boolean;
  binaryKey: string | null;
  binaryName: string | null;
}

/** A document as its rows need it. */
export interface SheetDocument {
  number: string;
  sortKey: string;
  name: string;
  typeName: string;
  values: Record<string, string>;
  products: string[];
  groups: { name: string; productTypeSlug: string }[];
  files: SheetFile[];
}

/** A binary the export puts in the zip: its stored key and its path there. */
export interface SheetBinary {
  key: string;
  path: string;
}

/**
 * A name as one segment of a path in the zip: no separators, no control characters, none of the
 * characters Windows refuses, never `.` or `..` (a path never climbs out), at most 200 characters.
 */
export function pathSegment(name: string): string {
  const cleaned = name
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_')
    .trim()
    .slice(0, 200);
  return cleaned === '' || /^\.+$/.test(cleaned) ? '_' : cleaned;
}

/** `name (2).pdf` for the second binary of a document with the same name. */
function numbered(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

/**
 * The path of each file's binary in the zip (`files/<document number>/<binary name>`, or the file
 * name when the binary has none), unique within the document regardless of case; null for a file
 * without a binary.
 */
export function binaryPaths(doc: Pick<SheetDocument, 'number' | 'files'>): (string | null)[] {
  const folder = `${FILES_FOLDER}/${pathSegment(doc.number)}`;
  const taken = new Set<string>();
  return doc.files.map((f) => {
    if (!f.binaryKey) return null;
    const base = pathSegment(f.binaryName || f.name);
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = numbered(base, n);
    taken.add(name.toLowerCase());
    return `${folder}/${name}`;
  });
}

const lines = (values: readonly string[]) => values.join('\n');
const yesNo = (on: boolean) => (on ? YES : NO);

/**
 * A document's rows (one per file, one with blank file columns when it has none), each cell
 * neutralised, and the binaries its rows name.
 */
export function documentRows(
  doc: SheetDocument,
  definitions: readonly SheetDocumentDefinition[],
): { rows: string[][]; binaries: SheetBinary[] } {
  const documentCells = [
    doc.number,
    doc.name,
    doc.typeName,
    ...definitions.map((d) => doc.values[String(d.id)] ?? ''),
    lines(doc.products),
    lines(doc.groups.map(productGroupCell)),
  ];
  if (doc.files.length === 0) {
    return { rows: [[...documentCells, ...Object.values(FILE_COLUMNS).map(() => '')].map(neutralised)], binaries: [] };
  }
  const paths = binaryPaths(doc);
  const binaries: SheetBinary[] = [];
  const rows = doc.files.map((f, i) => {
    const path = paths[i] ?? null;
    if (path && f.binaryKey) binaries.push({ key: f.binaryKey, path });
    const fileCells = [
      f.name,
      f.restOfTheWorld ? REST_OF_THE_WORLD : lines(f.countries),
      lines(f.languages),
      f.allLotNumbers ? ALL_LOTS : lines(f.lotRanges),
      f.versionLabel,
      f.versionDate,
      f.validTo ?? '',
      f.publishDate ?? '',
      f.archiveDate ?? '',
      f.remarks ?? '',
      yesNo(f.remarksActive),
      yesNo(f.historical),
      path ?? '',
    ];
    return [...documentCells, ...fileCells].map(neutralised);
  });
  return { rows, binaries };
}
