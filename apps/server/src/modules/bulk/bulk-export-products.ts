import type { Deps } from '../../platform/deps.js';
import { type BulkJobRow, findProductTypeOf, productPage, type SheetProduct, sheetDefinitions } from './bulk.repo.js';
import type { ExportSource } from './bulk-export.js';
import { neutralised, sheetBytes, type ZipEntry } from './bulk-sheet.js';

/** Products read per statement while an export streams. */
const PAGE_SIZE = 1000;

/** The column of a product's end-of-life date (decision 0081): present and blank clears it, absent keeps it. */
export const END_OF_LIFE = 'End of life date';

/** The header of a product type's sheet: key code, each attribute by name and slug, groups, lot ranges, end-of-life date (the template's columns). */
export function productHeader(definitions: readonly { name: string; slug: string }[]): string[] {
  return ['Key code', ...definitions.map((d) => `${d.name} [${d.slug}]`), 'Product groups', 'Lot ranges', END_OF_LIFE];
}

/** A product's row: its values in the header's order; groups and lot ranges by name, one per line; the end-of-life date as YYYY-MM-DD. */
function rowOf(p: SheetProduct, definitions: readonly { id: number }[]): string[] {
  return [
    p.keyCode,
    ...definitions.map((d) => p.values[String(d.id)] ?? ''),
    p.groups.join('\n'),
    p.lotRanges.join('\n'),
    p.endOfLifeDate ?? '',
  ].map(neutralised);
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
 * The products' export (decision 0056): the product type's products into one sheet; TXT and ODS
 * stream page by page (decision 0067), XLS is built whole by the spreadsheet library (at most
 * 65,535 rows).
 */
export async function productExport(deps: Deps, job: BulkJobRow): Promise<ExportSource> {
  const type = job.productTypeId === null ? undefined : await findProductTypeOf(deps.db, job.productTypeId);
  if (!type) throw new Error('The product type no longer exists.');
  const typeId = type.id;
  const definitions = await sheetDefinitions(deps.db, typeId);
  const header = productHeader(definitions).map(neutralised);
  let rows = 0;
  const sheetName = type.name;
  /** The products' rows a page at a time, counted as they are read: every format's rows. */
  async function* rowPages(): AsyncGenerator<string[][]> {
    for await (const page of productsOf(deps, typeId)) {
      rows += page.length;
      yield page.map((p) => rowOf(p, definitions));
    }
  }
  return {
    what: { entity: 'products', name: type.name },
    entries: (format): ZipEntry[] => [
      {
        name: `products-${type.slug}.${format.toLowerCase()}`,
        chunks: sheetBytes(format, { name: sheetName, header, pages: rowPages(), noun: 'products' }),
      },
    ],
    count: () => rows,
  };
}
