import type { BulkFileFormat } from '@vellum/contract';
import type { Deps } from '../../platform/deps.js';
import type { BulkJobRow } from './bulk.repo.js';
import { documentPage, documentSheetDefinitions, findUnitOf } from './bulk-document.repo.js';
import { documentHeader, documentRows, type SheetBinary, type SheetDocument } from './bulk-document-sheet.js';
import type { ExportSource } from './bulk-export.js';
import { neutralised, sheetBytes, type ZipEntry } from './bulk-sheet.js';

/** Documents read per statement while an export streams (each with its files: fewer than products). */
const PAGE_SIZE = 200;

const encoder = new TextEncoder();

async function* documentsOf(deps: Deps, businessUnitId: number): AsyncGenerator<SheetDocument[]> {
  let after: string | null = null;
  for (;;) {
    const page = await documentPage(deps.db, businessUnitId, after, PAGE_SIZE);
    if (page.length === 0) return;
    yield page;
    after = page[page.length - 1]?.sortKey ?? null;
    if (page.length < PAGE_SIZE) return;
  }
}

/** A stored binary's bytes as they are read from the file store, one chunk at a time. */
async function* binaryOf(deps: Deps, binary: SheetBinary): AsyncGenerator<Uint8Array> {
  const stream = await deps.files.open(binary.key);
  if (!stream) throw new Error(`The binary of ${binary.path} is missing from the storage.`);
  for await (const chunk of stream) yield typeof chunk === 'string' ? encoder.encode(chunk) : (chunk as Uint8Array);
}

/**
 * The documents' export (decision 0058): the unit's documents into one sheet (one row per current
 * file), then each named binary streamed from the file store into the zip, stored without
 * compression, one at a time. The sheet is written first; the binaries' keys and paths are
 * gathered while it is written (a few hundred bytes per file), so that the zip holds exactly the
 * binaries its sheet names.
 */
export async function documentExport(deps: Deps, job: BulkJobRow): Promise<ExportSource> {
  const unit = await findUnitOf(deps.db, job.businessUnitId);
  if (!unit) throw new Error('The business unit no longer exists.');
  const unitId = unit.id;
  const slug = unit.slug;
  const definitions = await documentSheetDefinitions(deps.db, unitId);
  const header = documentHeader(definitions).map(neutralised);
  const binaries: SheetBinary[] = [];
  let documents = 0;

  /** The documents' rows (one per current file) a page of documents at a time, their binaries gathered: every format's rows. */
  async function* rowPages(): AsyncGenerator<string[][]> {
    for await (const page of documentsOf(deps, unitId)) {
      documents += page.length;
      const lines: string[][] = [];
      for (const doc of page) {
        const written = documentRows(doc, definitions);
        binaries.push(...written.binaries);
        lines.push(...written.rows);
      }
      yield lines;
    }
  }

  async function* entries(format: BulkFileFormat): AsyncGenerator<ZipEntry> {
    yield {
      name: `documents-${slug}.${format.toLowerCase()}`,
      chunks: sheetBytes(format, { name: 'Documents', header, pages: rowPages(), noun: 'rows' }),
    };
    // the sheet has been written (the zip pulls an entry's chunks to the end before the next entry)
    for (const binary of binaries) yield { name: binary.path, chunks: binaryOf(deps, binary), stored: true };
  }

  return {
    what: { entity: 'documents', name: slug },
    entries,
    count: () => documents,
  };
}
