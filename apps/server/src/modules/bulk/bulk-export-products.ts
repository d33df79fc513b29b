import type { BulkFileFormat } from '@vellum/contract';
import type { Deps } from '../../platform/deps.js';
import { type BulkJobRow, findProductTypeOf, productPage, type SheetProduct, sheetDefinitions } from './bulk.repo.js';
import type { ExportSource } from './bulk-export.js';
import { neutralised, txtLine, workbookOf, XLS_MAX_ROWS, type ZipEntry } from './bulk-sheet.js';

/** Products read per statement while an export streams. */
const PAGE_SIZE = 1000;

const encoder = new TextEncoder();

/** The header of a product type's sheet: key code, each attribute by name and slug, groups, lot ranges (the template's columns). */
export function productHeader(definitions: readonly { name: string; slug: string }[]): string[] {
  return ['Key code', ...definitions.map((d) => `${d.name} [${d.slug}]`), 'Product groups', 'Lot ranges'];
}

/** A product's row: its values in the header's order; groups and lot ranges by name, one per line. */
function rowOf(p: SheetProduct, definitions: readonly { id: number }[]): string[] {
  return [p.keyCode, ...definitions.map((d) => p.values[String(d.id)] ?? ''), p.groups.join('\n'), p.lotRanges.join('\n')].map(neutralised);
}

async function* productsOf(deps: Deps, productTypeId: number): AsyncGenerator<SheetProduct[]> {
  let after: string | null = null;
  for (;;) {
    const page = await productPage(deps.db, productTypeId, after, PAGE_SIZE);
    if (page.length === 0) return;
    yield page;
    after = page[page.length - 1]?.sortKey ?? null;
    if (page.length < PAGE_SIZE) return;
  }
}

/**
 * The products' export (decision 0056): the product type's products into one sheet; TXT streams
 * page by page, XLS and ODS are built whole by the spreadsheet library.
 */
export async function productExport(deps: Deps, job: BulkJobRow): Promise<ExportSource> {
  const type = job.productTypeId === null ? undefined : await findProductTypeOf(deps.db, job.productTypeId);
  if (!type) throw new Error('The product type no longer exists.');
  const typeId = type.id;
  const definitions = await sheetDefinitions(deps.db, typeId);
  const header = productHeader(definitions).map(neutralised);
  let rows = 0;
  const sheetName = type.name;
  async function* sheet(format: BulkFileFormat): AsyncGenerator<Uint8Array> {
    if (format === 'TXT') {
      yield encoder.encode(txtLine(header));
      for await (const page of productsOf(deps, typeId)) {
        rows += page.length;
        yield encoder.encode(page.map((p) => txtLine(rowOf(p, definitions))).join(''));
      }
      return;
    }
    const all: string[][] = [header];
    for await (const page of productsOf(deps, typeId)) {
      rows += page.length;
      if (format === 'XLS' && rows + 1 > XLS_MAX_ROWS) {
        throw new Error(`An XLS sheet holds at most ${XLS_MAX_ROWS - 1} products; export as TXT or ODS.`);
      }
      for (const p of page) all.push(rowOf(p, definitions));
    }
    yield workbookOf(all, format, sheetName);
  }
  return {
    subject: `the products of ${type.name}`,
    noun: 'products',
    entries: (format): ZipEntry[] => [{ name: `products-${type.slug}.${format.toLowerCase()}`, chunks: sheet(format) }],
    count: () => rows,
  };
}
