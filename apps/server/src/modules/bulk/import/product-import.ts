import { PGlite } from '@electric-sql/pglite';
import { BulkImportRowKeys as K, productCreateBody, productUpdateBody } from '@vellum/contract';
import type { DbOrTx } from '../../../db/client.js';
import { type Actor, audit } from '../../../platform/audit.js';
import type { Deps } from '../../../platform/deps.js';
import { AppError } from '../../../platform/errors.js';
import { valuesOf } from '../../products/products.repo.js';
import { createProductsOfType, deleteProduct, updateProduct } from '../../products/products.service.js';
import { findJob, findProductTypeOf, sheetDefinitions, updateJob } from '../bulk.repo.js';
import { neutralised, txtLine, workbookOf } from '../bulk-sheet.js';
import {
  cancelAsked,
  type ExistingProduct,
  groupsByName,
  importTypeOf,
  lotRangesByName,
  moveImport,
  productIdsOfType,
  productsByKeyCode,
  type RowErrorValues,
  replaceErrors,
} from '../bulk-upload.repo.js';
import { sheetRecords } from './sheet-records.js';
import { SheetUnreadable } from './txt-rows.js';
import { uploaderRefusal } from './uploader-right.js';
import { openZipSheet, ZipRefused, type ZipSheet } from './zip-sheet.js';

/** The queue of imports (and checks) and what its jobs carry. */
export const IMPORT_QUEUE = 'bulk-import';
export interface ImportJobData {
  jobId: number;
}

/** Rows checked between two looks at the progress and at a cancel. */
export const IMPORT_BATCH = 1000;
const VALUE_MAX = 200;

const KEY_CODE = 'Key code';
const GROUPS = 'Product groups';
const LOT_RANGES = 'Lot ranges';

/** The import stops and its transaction rolls back: cancelled by a user. */
class Cancelled extends Error {}
/** The transaction is rolled back on purpose (check only, or rejected rows with all-or-nothing). */
class Rollback extends Error {}
/** The sheet cannot be read as a product sheet: its errors, row 1 (the header). */
class SheetRefused extends Error {
  constructor(readonly errors: RowErrorValues[]) {
    super('sheet refused');
  }
}

/** An attribute definition as the sheet names it. */
type SheetDefinition = Awaited<ReturnType<typeof sheetDefinitions>>[number];

interface Columns {
  header: string[];
  keyCode: number;
  groups: number;
  lotRanges: number;
  /** Attribute columns: the cell's index and its definition. */
  attributes: { index: number; def: SheetDefinition }[];
}

/** Reads the header by the export's names: `Key code`, `Name [slug]` per attribute (matched by slug), `Product groups`, `Lot ranges`. */
function columnsOf(header: string[], definitions: readonly SheetDefinition[]): Columns {
  const errors: RowErrorValues[] = [];
  const bySlug = new Map(definitions.map((d) => [d.slug, d]));
  const seen = new Set<string>();
  const cols: Columns = { header, keyCode: -1, groups: -1, lotRanges: -1, attributes: [] };
  for (const [index, raw] of header.entries()) {
    const name = raw.trim();
    const err = (message: string) => errors.push({ row: 1, column: raw, message, params: { header: raw }, value: raw.slice(0, VALUE_MAX) });
    const slug = /\[([^\]]+)\]\s*$/.exec(name)?.[1]?.trim();
    const key = slug ? `slug:${slug}` : name.toLowerCase();
    if (name === '') continue; // a trailing empty column
    if (seen.has(key)) {
      err(K.duplicateColumn);
      continue;
    }
    seen.add(key);
    const def = slug === undefined ? undefined : bySlug.get(slug);
    if (slug !== undefined && !def) err(K.unknownColumn);
    else if (def) cols.attributes.push({ index, def });
    else if (key === KEY_CODE.toLowerCase()) cols.keyCode = index;
    else if (key === GROUPS.toLowerCase()) cols.groups = index;
    else if (key === LOT_RANGES.toLowerCase()) cols.lotRanges = index;
    else err(K.unknownColumn);
  }
  if (cols.keyCode < 0) errors.push({ row: 1, column: KEY_CODE, message: K.missingColumn, params: { header: KEY_CODE }, value: null });
  if (errors.length > 0) throw new SheetRefused(errors);
  return cols;
}

const linesOf = (cell: string | undefined) =>
  (cell ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

interface Outcome {
  rows: number;
  created: number;
  updated: number;
  removed: number;
  rejected: number;
  errors: RowErrorValues[];
  rejectedRows: { cells: string[]; messages: string[] }[];
}

/** A row of a batch: rejected while read, or the body the products service gets. */
type Prepared =
  | { kind: 'rejected'; row: number; cells: string[]; errors: RowErrorValues[] }
  | { kind: 'create'; row: number; cells: string[]; sentColumns: number[]; body: unknown }
  | { kind: 'update'; row: number; cells: string[]; sentColumns: number[]; body: unknown; id: number };

/** Runs the same product rules as the products API on every row, in one transaction (decision 0057). */
/** A comment line of the template (decision 0058): its first cell starts with #. */
const isComment = (cells: string[]) => cells[0]?.startsWith('#') === true;
/** A row without a value in any cell. */
const isEmpty = (cells: string[]) => cells.every((c) => c.trim() === '');

class ProductSheetImport {
  readonly out: Outcome = { rows: 0, created: 0, updated: 0, removed: 0, rejected: 0, errors: [], rejectedRows: [] };
  /** Products the sheet names (kept by a REPLACE). */
  private readonly named = new Set<number>();
  /** Lower-cased key codes seen, with their row. */
  private readonly seen = new Map<string, number>();
  private cols!: Columns;
  private groups = new Map<string, number>();
  private lotRanges = new Map<string, { id: number; name: string; numbers: string[]; archiveDate: Date | null; appliesToAll: boolean }>();

  constructor(
    private readonly type: { id: number; businessUnitId: number },
    private readonly actor: Actor,
  ) {}

  async run(tx: DbOrTx, records: AsyncIterable<string[]>, replace: boolean, onBatch: (rowsDone: number) => Promise<void>) {
    const definitions = await sheetDefinitions(tx, this.type.id);
    this.groups = await groupsByName(tx, this.type.id);
    this.lotRanges = await lotRangesByName(tx, this.type.businessUnitId, this.type.id);
    let batch: { row: number; cells: string[] }[] = [];
    let rowNo = 0;
    let header = false;
    for await (const cells of records) {
      rowNo++;
      // the template's explanations: lines starting with # before the header (they keep their row numbers)
      if (!header && isComment(cells)) continue;
      // an empty row (a spreadsheet's gap) is skipped; the row numbers stay the spreadsheet's
      if (header && isEmpty(cells)) continue;
      if (!header) {
        this.cols = columnsOf(cells, definitions);
        header = true;
        continue;
      }
      batch.push({ row: rowNo, cells });
      if (batch.length >= IMPORT_BATCH) {
        await this.batch(tx, batch);
        batch = [];
        await onBatch(this.out.rows);
      }
    }
    if (!header) throw new SheetRefused([{ row: 1, column: null, message: K.missingColumn, params: { header: KEY_CODE }, value: null }]);
    await this.batch(tx, batch);
    if (replace) await this.removeLeftOut(tx);
  }

  private reject(row: number, cells: string[], errors: RowErrorValues[]) {
    this.out.rejected++;
    this.out.errors.push(...errors);
    this.out.rejectedRows.push({ cells, messages: errors.map((e) => `${e.column ?? `Row ${row}`}: ${e.message}`) });
  }

  /**
   * A batch of rows (decision 0063): each row read and parsed by the products API's schema; the
   * updates through the products service one by one, the creates through its batch create (the
   * same rules and audit rows, multi-row statements); then each row's outcome in the sheet's order.
   */
  private async batch(tx: DbOrTx, rows: { row: number; cells: string[] }[]) {
    if (rows.length === 0) return;
    const existing = await productsByKeyCode(
      tx,
      this.type.businessUnitId,
      rows.map((r) => (r.cells[this.cols.keyCode] ?? '').trim()).filter(Boolean),
    );
    const prepared: Prepared[] = [];
    for (const r of rows) {
      this.out.rows++;
      prepared.push(await this.prepare(tx, r.row, r.cells, existing.get((r.cells[this.cols.keyCode] ?? '').trim().toLowerCase())));
    }
    const outcomes = new Map<Prepared, number | AppError>();
    for (const p of prepared) {
      if (p.kind !== 'update') continue;
      try {
        await updateProduct({ db: tx as Deps['db'] }, this.actor, p.body as Parameters<typeof updateProduct>[2]);
        outcomes.set(p, p.id);
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        outcomes.set(p, err);
      }
    }
    const creates = prepared.filter((p) => p.kind === 'create');
    const created = await createProductsOfType(
      tx,
      this.actor,
      this.type.id,
      creates.map((p) => p.body as Parameters<typeof createProductsOfType>[3][number]),
    );
    creates.forEach((p, n) => {
      outcomes.set(p, created[n] as number | AppError);
    });
    for (const p of prepared) {
      if (p.kind === 'rejected') {
        this.reject(p.row, p.cells, p.errors);
        continue;
      }
      const outcome = outcomes.get(p);
      if (outcome instanceof AppError) {
        const field = outcome.fieldErrors?.[0];
        const column = field ? this.columnOfField(field.field, p.sentColumns, outcome.params) : null;
        const params = field && field.message !== outcome.key ? { ...outcome.params, code: field.message } : outcome.params;
        this.reject(p.row, p.cells, [this.errorAt(p.row, p.cells, column, outcome.key, params)]);
      } else if (p.kind === 'update') this.out.updated++;
      else {
        this.named.add(outcome as number);
        this.out.created++;
      }
    }
  }

  /** The column of a field of the products API's body (`keyCode`, `attributeValues.2.value`, `productGroupIds`, `lotRanges.0.name`). */
  private columnOfField(field: string, sentColumns: number[], params?: Record<string, unknown>): number | null {
    const [head, index] = field.split('.');
    if (head === 'keyCode') return this.cols.keyCode;
    if (head === 'productGroupIds') return this.cols.groups;
    if (head === 'lotRanges') return this.cols.lotRanges;
    if (head === 'attributeValues') {
      if (index !== undefined && /^\d+$/.test(index)) return sentColumns[Number(index)] ?? null;
      const def = params?.attributeDefinitionId;
      return this.cols.attributes.find((a) => a.def.id === def)?.index ?? null;
    }
    return null;
  }

  private errorAt(row: number, cells: string[], column: number | null, message: string, params?: Record<string, unknown>): RowErrorValues {
    const flat: Record<string, string | number> = {};
    for (const [k, v] of Object.entries(params ?? {})) {
      if (typeof v === 'string' || typeof v === 'number') flat[k] = v;
      else if (v !== undefined && v !== null) flat[k] = JSON.stringify(v);
    }
    return {
      row,
      column: column === null || column < 0 ? null : (this.cols.header[column] ?? null),
      message,
      params: Object.keys(flat).length > 0 ? flat : undefined,
      value: column === null || column < 0 ? null : (cells[column] ?? '').slice(0, VALUE_MAX),
    };
  }

  /** A row read into the products API's body (or its errors), as a product saved by hand would send it. */
  private async prepare(tx: DbOrTx, row: number, cells: string[], found: ExistingProduct | undefined): Promise<Prepared> {
    const errors: RowErrorValues[] = [];
    if (cells.length > this.cols.header.length && cells.slice(this.cols.header.length).some((c) => c.trim() !== '')) {
      errors.push(this.errorAt(row, cells, null, K.tooManyCells));
    }
    const keyCode = cells[this.cols.keyCode] ?? '';
    const lower = keyCode.trim().toLowerCase();
    const first = this.seen.get(lower);
    if (lower !== '' && first !== undefined) {
      errors.push(this.errorAt(row, cells, this.cols.keyCode, K.duplicateKeyCode, { keyCode: keyCode.trim(), row: first }));
    } else if (lower !== '') this.seen.set(lower, row);
    const sameType = found && found.productTypeId === this.type.id ? found : undefined;
    if (sameType) this.named.add(sameType.id);

    // values of the sheet's columns; on an update, a definition without a column keeps its value
    const attributeValues: { attributeDefinitionId: number; value: string }[] = [];
    const sentColumns: number[] = [];
    for (const a of this.cols.attributes) {
      const value = cells[a.index] ?? '';
      if (value.trim() === '') continue;
      attributeValues.push({ attributeDefinitionId: a.def.id, value });
      sentColumns.push(a.index);
    }
    if (sameType) {
      const inSheet = new Set(this.cols.attributes.map((a) => a.def.id));
      for (const v of await valuesOf(tx, [sameType.id])) {
        if (!inSheet.has(v.attributeDefinitionId)) {
          attributeValues.push({ attributeDefinitionId: v.attributeDefinitionId, value: v.value });
          sentColumns.push(-1);
        }
      }
    }
    const productGroupIds: number[] = [];
    for (const name of linesOf(cells[this.cols.groups])) {
      const id = this.groups.get(name);
      if (id === undefined) errors.push(this.errorAt(row, cells, this.cols.groups, K.productGroupNotFound, { name }));
      else productGroupIds.push(id);
    }
    const lotRanges: unknown[] = [];
    for (const name of linesOf(cells[this.cols.lotRanges])) {
      const range = this.lotRanges.get(name.toLowerCase());
      if (!range) errors.push(this.errorAt(row, cells, this.cols.lotRanges, K.lotRangeNotFound, { name }));
      else
        lotRanges.push({
          id: range.id,
          name: range.name,
          numbers: range.numbers,
          archiveDate: range.archiveDate?.toISOString() ?? null,
          appliesToAll: range.appliesToAll,
        });
    }
    const fields = {
      productTypeId: this.type.id,
      keyCode,
      publishDate: sameType?.publishDate?.toISOString() ?? null,
      attributeValues,
      productGroupIds,
      lotRanges,
    };
    // the products API's own schema, then its own service: the same rules as a product saved by hand
    const parsed = sameType
      ? productUpdateBody.safeParse({ ...fields, id: sameType.id, version: sameType.version })
      : productCreateBody.safeParse(fields);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const column = this.columnOfField(issue.path.join('.'), sentColumns);
        errors.push(
          this.errorAt(row, cells, column, issue.message.startsWith('error.') ? issue.message : 'error.validation', {
            code: issue.message,
          }),
        );
      }
    }
    if (errors.length > 0 || !parsed.success) return { kind: 'rejected', row, cells, errors };
    if (sameType) return { kind: 'update', row, cells, sentColumns, body: parsed.data, id: sameType.id };
    return { kind: 'create', row, cells, sentColumns, body: parsed.data };
  }

  /** REPLACE: the type's products the sheet leaves out are deleted as by hand (the products service's delete). */
  private async removeLeftOut(tx: DbOrTx) {
    for (const id of await productIdsOfType(tx, this.type.id)) {
      if (this.named.has(id)) continue;
      try {
        await deleteProduct({ db: tx as Deps['db'] }, this.actor, id);
        this.out.removed++;
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        this.out.errors.push({ row: 0, column: null, message: err.key, params: { productId: id }, value: null });
      }
    }
  }

  /** The rejected rows as a TXT sheet (or an XLS or ODS one, written as the export writes it): the header and the rows as read, with an Error column. */
  rejectedSheet(format: 'TXT' | 'XLS' | 'ODS'): Buffer {
    const width = this.cols.header.length;
    const rows = [[...this.cols.header, 'Error'].map(neutralised)];
    for (const r of this.out.rejectedRows) {
      const cells = Array.from({ length: width }, (_, i) => r.cells[i] ?? '');
      rows.push([...cells, r.messages.join('\n')].map(neutralised));
    }
    if (format !== 'TXT') return Buffer.from(workbookOf(rows, format, 'Rejected rows'));
    return Buffer.from(rows.map(txtLine).join(''), 'utf8');
  }
}

const isEmbedded = (deps: Deps) => (deps.db as unknown as { $client?: unknown }).$client instanceof PGlite;

/**
 * Runs an import job (decision 0057): opens the stored zip (refusing a bad one), reads its TXT,
 * XLSX or ODS sheet as a stream and runs every row through the products API's rules in ONE transaction, in
 * batches that record the progress and look for a cancel. IMPORT commits it when no row is
 * rejected (SUCCESS), or with the valid rows when asked (WARNING); CHECK, or any rejected row under
 * all-or-nothing, rolls it back (nothing written but the job's report). A worker killed mid-way
 * leaves the catalogue as it was, and pg-boss retries the job after its attempt expires.
 */
export async function runImport(deps: Deps, data: ImportJobData): Promise<void> {
  const job = await findJob(deps.db, data.jobId);
  if (job?.kind !== 'IMPORT' || job.status !== 'PROCESSING' || job.cancelRequested) return;
  const log = job.log ? [job.log] : [];
  const actor: Actor = { userId: job.userId, login: job.userLogin };
  const fail = async (lines: string[], errors: RowErrorValues[] = []) => {
    await deps.db.transaction(async (tx) => {
      await replaceErrors(tx, job.id, errors);
      await moveImport(tx, job.id, ['PROCESSING'], {
        status: 'FAILED',
        processedDate: new Date(),
        rowsRejected: 0,
        log: [...log, ...lines].join('\n'),
      });
    });
  };
  const refusal = await uploaderRefusal(deps.db, job);
  if (refusal) return fail([refusal]);
  let sheet: ZipSheet | undefined;
  try {
    const stored = job.storageKey ? await deps.files.open(job.storageKey) : undefined;
    if (!stored) throw new ZipRefused('The uploaded zip is no longer stored.');
    sheet = await openZipSheet(stored);
    const recordsOf = sheetRecords(sheet);
    // an XLS or ODS sheet's rejected rows are a sheet of its format; an XLSX sheet's a TXT one (XLSX is not a format the API declares, decisions 0057, 0061)
    const rejectedFormat = sheet.extension === 'ods' ? 'ODS' : sheet.extension === 'xls' ? 'XLS' : 'TXT';
    const type = job.productTypeId === null ? undefined : await findProductTypeOf(deps.db, job.productTypeId);
    if (!type || type.businessUnitId !== job.businessUnitId)
      throw new ZipRefused('The product type no longer exists in this business unit.');
    const replace = (await importTypeOf(deps.db, job.businessUnitId)) === 'REPLACE';
    // a first pass counts the rows, so the progress bar knows its end while the rows are checked
    let rowsTotal = -1;
    for await (const cells of await recordsOf()) if (rowsTotal >= 0 ? !isEmpty(cells) : !isComment(cells)) rowsTotal++;
    await updateJob(deps.db, job.id, {
      fileFormat: sheet.extension === 'xlsx' ? null : rejectedFormat,
      rowsTotal: Math.max(rowsTotal, 0),
      rowsDone: 0,
    });
    const work = new ProductSheetImport(type, actor);
    const embedded = isEmbedded(deps);
    const records = await recordsOf();
    const check = job.mode === 'CHECK';
    const summary = () => {
      const o = work.out;
      const verb = check ? 'would be ' : '';
      return `${o.rows} rows: ${o.created} ${verb}created, ${o.updated} ${verb}updated, ${o.removed} ${verb}removed, ${o.rejected} rejected.`;
    };
    const finish = async (db: DbOrTx, status: 'SUCCESS' | 'WARNING' | 'FAILED', lines: string[]) => {
      const o = work.out;
      const rejectedRowsKey =
        o.rejectedRows.length > 0
          ? await deps.files.put('bulk-rejected', work.rejectedSheet(rejectedFormat), rejectedFormat.toLowerCase())
          : null;
      await replaceErrors(db, job.id, o.errors);
      const moved = await moveImport(db, job.id, ['PROCESSING'], {
        status,
        processedDate: new Date(),
        rowsTotal: o.rows,
        rowsDone: o.rows,
        rowsCreated: o.created,
        rowsUpdated: o.updated,
        rowsRemoved: o.removed,
        rowsRejected: o.rejected,
        rejectedRowsKey,
        log: [...log, summary(), ...lines].join('\n'),
      });
      if (!moved) throw new Cancelled();
      await audit(db, actor, {
        businessUnitId: job.businessUnitId,
        entityName: 'bulk_job',
        entityId: job.id,
        entityLabel: job.fileName,
        action: check ? 'IMPORT_CHECKED' : 'IMPORTED',
        changes: {
          status: { from: 'PROCESSING', to: status },
          rows: o.rows,
          created: o.created,
          updated: o.updated,
          removed: o.removed,
          rejected: o.rejected,
          replace,
        },
      });
    };
    if (sheet.extension === 'xlsx')
      log.push(
        `The XLSX sheet "${sheet.name}" is read for its values (formulas are not evaluated); rejected rows are written as a TXT sheet.`,
      );
    if (sheet.extension === 'xls') log.push(`The XLS sheet "${sheet.name}" is read for its values (formulas are not evaluated).`);
    let outcome: { status: 'SUCCESS' | 'WARNING' | 'FAILED'; lines: string[] } | undefined;
    try {
      await deps.db.transaction(async (tx) => {
        await work.run(tx, records, replace, async (rowsDone) => {
          if (await cancelAsked(tx, job.id)) throw new Cancelled();
          // the progress is written beside the transaction; the embedded database has one connection, held by it
          if (!embedded) await updateJob(deps.db, job.id, { rowsDone });
        });
        const o = work.out;
        const applies = !check && (o.rejected === 0 || job.onError === 'VALID_ROWS');
        if (!applies) throw new Rollback();
        outcome =
          o.rejected === 0 && o.errors.length === 0
            ? { status: 'SUCCESS', lines: [] }
            : { status: 'WARNING', lines: [`The valid rows were applied; ${o.rejected} rows were rejected.`] };
        await finish(tx, outcome.status, outcome.lines);
      });
    } catch (err) {
      if (!(err instanceof Rollback)) throw err;
      const o = work.out;
      if (check) {
        const ok = o.rejected === 0 && o.errors.length === 0;
        await finish(deps.db, ok ? 'SUCCESS' : 'FAILED', ['Check only: nothing was written.']);
      } else {
        await finish(deps.db, 'FAILED', [`Nothing was applied: ${o.rejected} rows were rejected (all or nothing).`]);
      }
    }
  } catch (err) {
    if (err instanceof Cancelled) return; // the cancel wrote the job's state; the transaction rolled back
    if (err instanceof ZipRefused || err instanceof SheetUnreadable) return fail([err.message]);
    if (err instanceof SheetRefused)
      return fail(["The sheet's header cannot be read as a product sheet of this product type."], err.errors);
    throw err;
  } finally {
    await sheet?.close();
  }
}
