import { BulkImportRowKeys as K, productCreateBody, productUpdateBody } from '@vellum/contract';
import type { DbOrTx } from '../../../db/client.js';
import type { Actor } from '../../../platform/audit.js';
import type { Deps } from '../../../platform/deps.js';
import { AppError } from '../../../platform/errors.js';
import { valuesOf } from '../../products/products.repo.js';
import { createProductsOfType, deleteProductsOfType, type ProductUpdated, updateProductsOfType } from '../../products/products.service.js';
import { findProductTypeOf, sheetDefinitions } from '../bulk.repo.js';
import { END_OF_LIFE } from '../bulk-export-products.js';
import {
  type ExistingProduct,
  groupsByName,
  lotRangesByName,
  productIdsOfType,
  productsByKeyCode,
  type RowErrorValues,
} from '../bulk-upload.repo.js';
import { type ImportJobData, runSheetImport, type SheetImport, type SheetImportSpec, SheetRefused } from './import-job.js';
import { cellError, rejectedRowsSheet, rejectRow } from './rejected-rows.js';
import { linesOf, readHeader } from './sheet-header.js';
import { isComment, isEmpty } from './sheet-records.js';
import { ZipRefused } from './zip-sheet.js';

/** Rows checked between two looks at the progress and at a cancel. */
export const IMPORT_BATCH = 1000;

const KEY_CODE = 'Key code';
const GROUPS = 'Product groups';
const LOT_RANGES = 'Lot ranges';

/** An attribute definition as the sheet names it. */
type SheetDefinition = Awaited<ReturnType<typeof sheetDefinitions>>[number];

interface Columns {
  header: string[];
  keyCode: number;
  groups: number;
  lotRanges: number;
  /** The end-of-life column, or -1: absent, an update keeps the date (decision 0081). */
  endOfLife: number;
  /** Attribute columns: the cell's index and its definition. */
  attributes: { index: number; def: SheetDefinition }[];
}

/** Reads the header by the export's names: `Key code`, `Name [slug]` per attribute (matched by slug), `Product groups`, `Lot ranges`, `End of life date`. */
function columnsOf(header: string[], definitions: readonly SheetDefinition[]): Columns {
  const names = { keyCode: KEY_CODE, groups: GROUPS, lotRanges: LOT_RANGES, endOfLife: END_OF_LIFE };
  const { named, attributes } = readHeader(header, definitions, names, ['keyCode']);
  return { header, ...named, attributes };
}

interface Outcome {
  rows: number;
  created: number;
  updated: number;
  /** Rows of products they would change in nothing: not written, no audit row. */
  unchanged: number;
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
class ProductSheetImport implements SheetImport {
  readonly out: Outcome = { rows: 0, created: 0, updated: 0, unchanged: 0, removed: 0, rejected: 0, errors: [], rejectedRows: [] };
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
    rejectRow(this.out, row, cells, errors);
  }

  /**
   * A batch of rows (decisions 0063, 0067): each row read and parsed by the products API's schema;
   * the updates through the products service's batch update, the creates through its batch create
   * (the same rules and audit rows, multi-row statements); then each row's outcome in the sheet's
   * order.
   */
  private async batch(tx: DbOrTx, rows: { row: number; cells: string[] }[]) {
    if (rows.length === 0) return;
    const existing = await productsByKeyCode(
      tx,
      this.type.businessUnitId,
      rows.map((r) => (r.cells[this.cols.keyCode] ?? '').trim()).filter(Boolean),
    );
    // the values an update keeps (definitions without a column), read for the batch at once
    const ofType = [...existing.values()].filter((e) => e.productTypeId === this.type.id).map((e) => e.id);
    const kept = new Map<number, { attributeDefinitionId: number; value: string }[]>();
    for (const v of await valuesOf(tx, ofType)) kept.set(v.productId, [...(kept.get(v.productId) ?? []), v]);
    const prepared: Prepared[] = [];
    for (const r of rows) {
      this.out.rows++;
      const found = existing.get((r.cells[this.cols.keyCode] ?? '').trim().toLowerCase());
      prepared.push(this.prepare(r.row, r.cells, found, found ? (kept.get(found.id) ?? []) : []));
    }
    const outcomes = new Map<Prepared, ProductUpdated | number | AppError>();
    const updates = prepared.filter((p) => p.kind === 'update');
    const updated = await updateProductsOfType(
      tx,
      this.actor,
      this.type.id,
      updates.map((p) => p.body as Parameters<typeof updateProductsOfType>[3][number]),
    );
    updates.forEach((p, n) => {
      outcomes.set(p, updated[n] as ProductUpdated | AppError);
    });
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
      } else if (p.kind === 'update') {
        if ((outcome as ProductUpdated).changed) this.out.updated++;
        else this.out.unchanged++;
      } else {
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
    if (head === 'endOfLifeDate') return this.cols.endOfLife < 0 ? null : this.cols.endOfLife;
    if (head === 'attributeValues') {
      if (index !== undefined && /^\d+$/.test(index)) return sentColumns[Number(index)] ?? null;
      const def = params?.attributeDefinitionId;
      return this.cols.attributes.find((a) => a.def.id === def)?.index ?? null;
    }
    return null;
  }

  private errorAt(row: number, cells: string[], column: number | null, message: string, params?: Record<string, unknown>): RowErrorValues {
    return cellError(this.cols.header, row, cells, column, message, params);
  }

  /** A row read into the products API's body (or its errors), as a product saved by hand would send it. */
  private prepare(
    row: number,
    cells: string[],
    found: ExistingProduct | undefined,
    keptValues: readonly { attributeDefinitionId: number; value: string }[],
  ): Prepared {
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
      for (const v of keptValues) {
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
      // the end-of-life column present: its date, blank clears it; absent: an update keeps the date (decision 0081)
      endOfLifeDate: this.cols.endOfLife >= 0 ? (cells[this.cols.endOfLife] ?? '').trim() || null : (sameType?.endOfLifeDate ?? null),
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

  /**
   * REPLACE: the type's products the sheet leaves out are deleted as by hand, by the products
   * service's batch delete (deleteProduct's rules and audit rows, multi-row statements; decision
   * 0088), `IMPORT_BATCH` at a time; a refusal is reported for its product.
   */
  private async removeLeftOut(tx: DbOrTx) {
    const left = (await productIdsOfType(tx, this.type.id)).filter((id) => !this.named.has(id));
    for (let start = 0; start < left.length; start += IMPORT_BATCH) {
      const ids = left.slice(start, start + IMPORT_BATCH);
      const outcomes = await deleteProductsOfType(tx, this.actor, this.type.id, ids);
      outcomes.forEach((outcome, n) => {
        if (!(outcome instanceof AppError)) this.out.removed++;
        else this.out.errors.push({ row: 0, column: null, message: outcome.key, params: { productId: ids[n] as number }, value: null });
      });
    }
  }

  /** The rejected rows as a TXT sheet (or an XLS or ODS one, written as the export writes it): the header and the rows as read, with an Error column. */
  rejectedSheet(format: 'TXT' | 'XLS' | 'ODS'): Promise<Buffer> {
    return rejectedRowsSheet(this.cols.header, this.out, format);
  }
}

/** The products' import (decision 0057): the products' sheet of one product type through the products API's rules. */
const PRODUCTS: SheetImportSpec<Actor> = {
  actorOf: async (_deps, job) => ({ userId: job.userId, login: job.userLogin }),
  start: async (deps, { job, actor }) => {
    const type = job.productTypeId === null ? undefined : await findProductTypeOf(deps.db, job.productTypeId);
    if (!type || type.businessUnitId !== job.businessUnitId)
      throw new ZipRefused('The product type no longer exists in this business unit.');
    return new ProductSheetImport(type, actor);
  },
  headerRefused: "The sheet's header cannot be read as a product sheet of this product type.",
  logsXls: true,
};

/**
 * Runs a products' import job (decision 0057) by the import jobs' runner: every row of the sheet
 * through the products API's rules in ONE transaction, committed or rolled back as a whole.
 */
export async function runImport(deps: Deps, data: ImportJobData): Promise<void> {
  return runSheetImport(deps, data, PRODUCTS);
}
