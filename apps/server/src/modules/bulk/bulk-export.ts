import { Readable } from 'node:stream';
import type { BulkFileFormat } from '@vellum/contract';
import type { Deps } from '../../platform/deps.js';
import { emailOf, findJob, findProductTypeOf, productPage, type SheetProduct, sheetDefinitions, updateJob } from './bulk.repo.js';
import { exportDownloadLink } from './bulk-links.js';
import { neutralised, txtLine, workbookOf, XLS_MAX_ROWS, zipOf } from './bulk-sheet.js';

/** Products read per statement while an export streams. */
const PAGE_SIZE = 1000;

/** The queue of exports and what its jobs carry. */
export const EXPORT_QUEUE = 'bulk-export';
export interface ExportJobData {
  jobId: number;
}

const encoder = new TextEncoder();

/** The header of a product type's sheet: key code, each attribute by name and slug, groups, lot ranges (the template's columns). */
function headerOf(definitions: readonly { name: string; slug: string }[]): string[] {
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
 * Runs an export job: the product type's products into a sheet, zipped and stored as it is
 * written (TXT streams page by page; XLS and ODS are built whole by the spreadsheet library), then
 * the user is mailed the download link. A failure is written to the job's log (FAILED) and the
 * user told; the job is not retried for it.
 */
export async function runExport(deps: Deps, data: ExportJobData): Promise<void> {
  const job = await findJob(deps.db, data.jobId);
  if (job?.kind !== 'EXPORT' || job.status !== 'PROCESSING') return;
  const format = job.fileFormat as BulkFileFormat;
  const type = job.productTypeId === null ? undefined : await findProductTypeOf(deps.db, job.productTypeId);
  let rows = 0;
  try {
    if (!type) throw new Error('The product type no longer exists.');
    const definitions = await sheetDefinitions(deps.db, type.id);
    const header = headerOf(definitions).map(neutralised);
    const sheet = async function* (): AsyncGenerator<Uint8Array> {
      if (format === 'TXT') {
        yield encoder.encode(txtLine(header));
        for await (const page of productsOf(deps, type.id)) {
          rows += page.length;
          yield encoder.encode(page.map((p) => txtLine(rowOf(p, definitions))).join(''));
        }
        return;
      }
      const all: string[][] = [header];
      for await (const page of productsOf(deps, type.id)) {
        rows += page.length;
        if (format === 'XLS' && rows + 1 > XLS_MAX_ROWS) {
          throw new Error(`An XLS sheet holds at most ${XLS_MAX_ROWS - 1} products; export as TXT or ODS.`);
        }
        for (const p of page) all.push(rowOf(p, definitions));
      }
      yield workbookOf(all, format, type.name);
    };
    const name = `products-${type.slug}`;
    const stored = await deps.files.putStream('bulk-exports', Readable.from(zipOf(`${name}.${format.toLowerCase()}`, sheet())), 'zip', {
      contentType: 'application/zip',
    });
    await updateJob(deps.db, job.id, {
      status: 'SUCCESS',
      storageKey: stored.key,
      rowsTotal: rows,
      rowsDone: rows,
      processedDate: new Date(),
      log: `${rows} products exported as ${format} (${stored.size} bytes zipped).`,
    });
  } catch (err) {
    const message = messageOf(err);
    await updateJob(deps.db, job.id, { status: 'FAILED', processedDate: new Date(), log: `The export failed: ${message}` });
    await mailUser(deps, job.userId, {
      subject: 'Your export could not be made',
      text: `The export you requested could not be made: ${message}\n`,
    });
    return;
  }
  if (!type) return;
  // a mail that cannot be sent fails the attempt (logged by the queue); the export stays SUCCESS
  const link = await exportDownloadLink(deps, job);
  await mailUser(deps, job.userId, {
    subject: `Your export of the products of ${type.name} is ready`,
    text:
      `The export of the products of ${type.name} (${rows} products, ${format}) that you requested is ready.\n\n` +
      `Download it, signed in as yourself, within 7 days:\n${link}\n`,
  });
}

async function mailUser(deps: Deps, userId: number | null, mail: { subject: string; text: string }): Promise<void> {
  if (userId === null) return;
  const email = await emailOf(deps.db, userId);
  if (email) await deps.mailer.send({ to: email, ...mail });
}

/** What a failure says: a query's error is in its cause, the failed statement's text is not for the user. */
function messageOf(err: unknown): string {
  const cause = (err as { cause?: unknown })?.cause;
  if (cause instanceof Error) return cause.message;
  return err instanceof Error ? err.message : String(err);
}
