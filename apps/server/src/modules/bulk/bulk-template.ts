import {
  ATTRIBUTE_VALUE_MAX,
  BULK_ZIP_MAX_BYTES,
  BulkErrorKeys,
  type BulkFileFormat,
  type bulkTemplateQuery,
  DOCUMENT_LINKS_MAX,
  DOCUMENT_NAME_MAX,
  FILE_BINARY_MAX_BYTES,
  FILE_NAME_MAX,
  FILE_REMARKS_MAX,
  FILE_VERSION_LABEL_MAX,
  LOT_NUMBER_MAX,
} from '@vellum/contract';
import type { z } from 'zod';
import type { Deps } from '../../platform/deps.js';
import { fieldError } from '../../platform/errors.js';
import { findProductTypeOf, sheetDefinitions } from './bulk.repo.js';
import { documentSheetDefinitions, findUnitOf } from './bulk-document.repo.js';
import {
  ALL_LOTS,
  attributeColumn,
  DOCUMENT_NAME,
  DOCUMENT_NUMBER,
  DOCUMENT_PRODUCT_GROUPS,
  DOCUMENT_PRODUCTS,
  DOCUMENT_TYPE,
  documentHeader,
  FILE_COLUMNS,
  FILES_FOLDER,
  NO,
  productGroupCell,
  REST_OF_THE_WORLD,
  YES,
} from './bulk-document-sheet.js';
import { END_OF_LIFE, productHeader } from './bulk-export-products.js';
import { neutralised, txtLine, workbookFile, XLS_MAX_ROWS } from './bulk-sheet.js';
import { countryCodes, documentTypesOf, groupNamesOf, lotRangeNamesOf, unitExamples, worldWide } from './bulk-template.repo.js';
import { XLS_LIMITS } from './import/xls-rows.js';

/**
 * GET api/bulk/template (decision 0058): the sheet a user fills for an import, with the columns
 * the export writes and the import reads, an explanation of each and one example row. TXT holds
 * the explanation in `#` comment lines before the header; XLS and ODS on a second sheet "Columns".
 */

type Query = z.output<typeof bulkTemplateQuery>;

/** One column: its header, whether a row must fill it, and what it holds (allowed values, limits). */
interface ColumnHelp {
  column: string;
  mandatory: string;
  explanation: string;
}

interface Template {
  /** The first sheet's name (XLS, ODS). */
  sheetName: string;
  /** Lines said before the columns' explanations. */
  intro: string[];
  columns: ColumnHelp[];
  header: string[];
  example: string[];
  fileName: string;
}

const MB = 1024 * 1024;
const sizes = `The zip is at most ${BULK_ZIP_MAX_BYTES / (1024 * MB)} GB`;
const yes = 'Yes';
const no = 'No';

/** A list of allowed names, cut after 100 with how many more there are. */
function listed(names: readonly string[], none: string): string {
  if (names.length === 0) return none;
  const shown = names.slice(0, 100).join(', ');
  return names.length > 100 ? `${shown} and more` : shown;
}

const COMMON_INTRO = [
  'Lines starting with # before the header are comments: they explain each column and are ignored by the import.',
  'The sheet is tab-separated UTF-8 (TXT) or an XLS or ODS workbook whose first sheet holds the rows; every cell is read as text.',
  `An XLS (Excel 97–2003) sheet holds at most ${XLS_MAX_ROWS.toLocaleString('en')} rows, the header included, and is read up to ${XLS_LIMITS.maxBytes / MB} MB; for bigger imports use XLSX, ODS or TXT.`,
  'A cell holding a tab, a double quote or a line break is enclosed in double quotes, its double quotes doubled.',
  'Cells holding several values (key codes, groups, countries, languages, lot ranges) have one value per line.',
  "A cell starting with =, +, -, @ may be written with a leading ' (as the export writes it) so that spreadsheets do not read it as a formula; the import removes that one '.",
  'Replace the example row with your rows; leave a cell blank to give no value.',
];

async function productTemplate(deps: Deps, unitId: number, productTypeId: number | undefined): Promise<Template> {
  if (productTypeId === undefined) throw fieldError('bulkTemplate', 'product-type', BulkErrorKeys.productTypeRequired);
  const type = await findProductTypeOf(deps.db, productTypeId);
  if (!type || type.businessUnitId !== unitId) throw fieldError('bulkTemplate', 'product-type', BulkErrorKeys.productTypeUnitMismatch);
  const unit = await findUnitOf(deps.db, unitId);
  const [definitions, groups, lotRanges] = await Promise.all([
    sheetDefinitions(deps.db, type.id),
    groupNamesOf(deps.db, type.id),
    lotRangeNamesOf(deps.db, type.id),
  ]);
  const columns: ColumnHelp[] = [
    {
      column: 'Key code',
      mandatory: yes,
      explanation:
        `The product's key code: 1 to ${ATTRIBUTE_VALUE_MAX} characters on one line, unique in the business unit regardless of case. ` +
        'A product of this product type with that key code is updated, otherwise one is created. Leading zeros are kept.',
    },
    ...definitions.map((d) => ({
      column: attributeColumn(d),
      mandatory: d.type === 'STRING' && d.isActive && d.isMandatory ? yes : no,
      explanation:
        d.type === 'MULTI_ARRAY'
          ? 'Lot numbers attribute: leave blank. A product’s lot numbers are those of its lot ranges (column Lot ranges).'
          : [
              `Text attribute: 1 to ${ATTRIBUTE_VALUE_MAX} characters on one line.`,
              d.isUnique ? 'Unique: no two products of the business unit may have the same value.' : '',
              d.isActive ? '' : 'Inactive: the forms do not set it; leave it blank.',
              d.meta ? `About it: ${d.meta.replace(/\s+/g, ' ').trim()}` : '',
            ]
              .filter(Boolean)
              .join(' '),
    })),
    {
      column: 'Product groups',
      mandatory: no,
      explanation: `Names of product groups of this product type, one per line. This product type's groups: ${listed(groups, 'none yet')}.`,
    },
    {
      column: 'Lot ranges',
      mandatory: no,
      explanation:
        `Names of lot ranges of this product type, one per line (each lot number of a range is at most ${LOT_NUMBER_MAX} characters; ` +
        `ranges are made on the lot ranges page). This product type's current lot ranges: ${listed(lotRanges, 'none yet')}.`,
    },
    {
      column: END_OF_LIFE,
      mandatory: no,
      explanation:
        'The date the product reaches its end of life, as YYYY-MM-DD (retention counts from it). A blank cell clears it; ' +
        'without this column an update keeps each product’s date.',
    },
  ];
  const example = [
    'EXAMPLE-0001',
    ...definitions.map((d) => (d.type === 'STRING' && d.isActive ? `Example ${d.name}` : '')),
    groups[0] ?? '',
    lotRanges[0] ?? '',
    '',
  ];
  return {
    sheetName: 'Products',
    intro: [
      `Vellum import template: the products of the product type ${type.name} [${type.slug}] of the business unit ${unit?.slug ?? unitId}.`,
      `${sizes}, holding this one sheet.`,
      ...COMMON_INTRO,
    ],
    columns,
    header: productHeader(definitions),
    example,
    fileName: `template-products-${type.slug}`,
  };
}

async function documentTemplate(deps: Deps, unitId: number): Promise<Template> {
  const unit = await findUnitOf(deps.db, unitId);
  const [definitions, types, countries, examples, worldWideSite] = await Promise.all([
    documentSheetDefinitions(deps.db, unitId),
    documentTypesOf(deps.db, unitId),
    countryCodes(deps.db),
    unitExamples(deps.db, unitId),
    worldWide(deps.db),
  ]);
  const languages = unit?.documentLanguages ?? [];
  const activeTypes = types.filter((t) => t.active).map((t) => t.name);
  const maxFile = `${FILE_BINARY_MAX_BYTES / MB} MB`;
  const columns: ColumnHelp[] = [
    {
      column: DOCUMENT_NUMBER,
      mandatory: yes,
      explanation:
        'The document number: 1 to 50 characters on one line, unique in the business unit regardless of case. A document with that number is ' +
        'updated, otherwise one is created. One row per file: the document columns are repeated, identical, on each of its files’ rows; a ' +
        'document without files has one row with blank file columns.',
    },
    { column: DOCUMENT_NAME, mandatory: yes, explanation: `1 to ${DOCUMENT_NAME_MAX} characters on one line.` },
    {
      column: DOCUMENT_TYPE,
      mandatory: yes,
      explanation: `The name of a document type of the business unit, as the admin shows it (an inactive type only for a document that has it already). Active types: ${listed(activeTypes, 'none yet')}.`,
    },
    ...definitions.map((d) => ({
      column: attributeColumn(d),
      mandatory: d.isActive && d.mandatory ? yes : no,
      explanation: [
        `Document attribute: 1 to ${ATTRIBUTE_VALUE_MAX} characters on one line.`,
        d.unique ? 'Unique: no two documents of the business unit may have the same value.' : '',
        d.isActive ? '' : 'Inactive: the forms do not set it; leave it blank.',
      ]
        .filter(Boolean)
        .join(' '),
    })),
    {
      column: DOCUMENT_PRODUCTS,
      mandatory: no,
      explanation: `Key codes of products of the business unit the document documents, one per line (at most ${DOCUMENT_LINKS_MAX}).`,
    },
    {
      column: DOCUMENT_PRODUCT_GROUPS,
      mandatory: no,
      explanation:
        `Product groups the document documents, one per line (at most ${DOCUMENT_LINKS_MAX}), each as "Group name [product-type-slug]" ` +
        '(group names are unique within a product type only).',
    },
    {
      column: FILE_COLUMNS.name,
      mandatory: 'Yes, on a row with a file',
      explanation: `The file's name: 1 to ${FILE_NAME_MAX} characters on one line, unique within its document regardless of case (the file is updated by it).`,
    },
    {
      column: FILE_COLUMNS.countries,
      mandatory: 'Yes, on a row with a file',
      explanation:
        `ISO 3166-1 alpha-2 country codes, one per line, or "${REST_OF_THE_WORLD}" (needs the right FILE_ROTW) for a file of every other country.` +
        (worldWideSite ? ` The public website is world-wide: every file is for "${REST_OF_THE_WORLD}".` : '') +
        ` Codes: ${countries.join(' ')}.`,
    },
    {
      column: FILE_COLUMNS.languages,
      mandatory: 'Yes, on a row with a file',
      explanation: `ISO codes of the business unit's document languages, one per line (at least one): ${listed(languages, 'none yet')}.`,
    },
    {
      column: FILE_COLUMNS.lots,
      mandatory: 'Yes, on a row with a file',
      explanation:
        `"${ALL_LOTS}" for every lot number, or names of lot ranges, one per line, of the products and product groups the document ` +
        'documents (not archived).',
    },
    {
      column: FILE_COLUMNS.versionLabel,
      mandatory: 'Yes, on a row with a file',
      explanation: `The current version's label (e.g. 2.1): 1 to ${FILE_VERSION_LABEL_MAX} characters, unique within the file. A new label adds a version.`,
    },
    { column: FILE_COLUMNS.versionDate, mandatory: 'Yes, on a row with a file', explanation: 'The version date, ISO 8601 (yyyy-mm-dd).' },
    { column: FILE_COLUMNS.validTo, mandatory: no, explanation: 'Valid until, ISO 8601 (yyyy-mm-dd), not before the version date.' },
    {
      column: FILE_COLUMNS.publishDate,
      mandatory: no,
      explanation:
        'When the current version is (or was) published, ISO 8601 with its offset (e.g. 2026-03-01T08:00:00Z), as the export writes it. ' +
        'The import does not publish: publish the documents from the admin (the publishing rules and rights apply there).',
    },
    {
      column: FILE_COLUMNS.archiveDate,
      mandatory: no,
      explanation:
        'When the file is retracted from the public site, ISO 8601 with its offset; blank for a current file. The import sets it when given; a blank cell leaves it as it is.',
    },
    {
      column: FILE_COLUMNS.remarks,
      mandatory: no,
      explanation: `Remarks on the file, at most ${FILE_REMARKS_MAX} characters, several lines allowed.`,
    },
    {
      column: FILE_COLUMNS.remarksActive,
      mandatory: no,
      explanation: `${YES} or ${NO} (default ${NO}): the remarks are shown on the public site. Changing it needs the right FILE_REMARK_ACTIVATE.`,
    },
    {
      column: FILE_COLUMNS.historical,
      mandatory: no,
      explanation: `${YES} or ${NO} (default ${NO}): a historical file. Changing it needs the right FILE_HISTORICAL.`,
    },
    {
      column: FILE_COLUMNS.file,
      mandatory: 'Yes, for a new file or a new version',
      explanation:
        `The path of the file's binary inside the zip, e.g. ${FILES_FOLDER}/<document number>/<file>.pdf (no .. and no leading /). ` +
        `Each binary is at most ${maxFile}; blank keeps the current binary.`,
    },
  ];
  const number = 'DOC-0001';
  const example = [
    number,
    'Instructions for use',
    activeTypes[0] ?? 'Instructions for use',
    ...definitions.map((d) => (d.isActive ? `Example ${d.name}` : '')),
    examples.keyCode ?? '',
    examples.group ? productGroupCell(examples.group) : '',
    'Instructions for use (English)',
    worldWideSite ? REST_OF_THE_WORLD : 'BE\nNL',
    languages[0] ?? 'en',
    ALL_LOTS,
    '1.0',
    new Date().toISOString().slice(0, 10),
    '',
    '',
    '',
    '',
    NO,
    NO,
    `${FILES_FOLDER}/${number}/ifu-en.pdf`,
  ];
  return {
    sheetName: 'Documents',
    intro: [
      `Vellum import template: the documents of the business unit ${unit?.slug ?? unitId} and their files.`,
      `${sizes}, holding this one sheet and the binaries it names (each at most ${maxFile}).`,
      ...COMMON_INTRO,
    ],
    columns,
    header: documentHeader(definitions),
    example,
    fileName: `template-documents-${unit?.slug ?? unitId}`,
  };
}

const CONTENT_TYPES: Record<BulkFileFormat, string> = {
  TXT: 'text/tab-separated-values; charset=utf-8',
  XLS: 'application/vnd.ms-excel',
  ODS: 'application/vnd.oasis.opendocument.spreadsheet',
};

/** A comment line of the TXT template: `# ` and the text on one line. */
const comment = (text: string) => `# ${text.replace(/[\r\n\t]+/g, ' ')}\r\n`;

/** The template's bytes in its format, its content type and file name; every cell neutralised. */
export async function bulkTemplate(deps: Deps, query: Query): Promise<{ bytes: Uint8Array; contentType: string; fileName: string }> {
  const unitId = query['business-unit'];
  const t = query.entity === 'PRODUCT' ? await productTemplate(deps, unitId, query['product-type']) : await documentTemplate(deps, unitId);
  const format = query['file-format'];
  const header = t.header.map(neutralised);
  const example = t.example.map(neutralised);
  const fileName = `${t.fileName}.${format.toLowerCase()}`;
  if (format === 'TXT') {
    const text = [
      ...t.intro.map(comment),
      comment('Columns:'),
      ...t.columns.map((c) => comment(`${c.column} (mandatory: ${c.mandatory}): ${c.explanation}`)),
      txtLine(header),
      txtLine(example),
    ].join('');
    return { bytes: new TextEncoder().encode(text), contentType: CONTENT_TYPES.TXT, fileName };
  }
  const help = [
    ['Column', 'Mandatory', 'Explanation'],
    ...t.columns.map((c) => [c.column, c.mandatory, c.explanation]),
    [],
    ...t.intro.map((line) => ['', '', line]),
  ].map((row) => row.map(neutralised));
  const bytes = await workbookFile(
    [
      { name: t.sheetName, rows: [header, example] },
      { name: 'Columns', rows: help },
    ],
    format,
  );
  return { bytes, contentType: CONTENT_TYPES[format], fileName };
}
