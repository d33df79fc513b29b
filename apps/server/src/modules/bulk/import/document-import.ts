import {
  type DocumentFile,
  documentCreateBody,
  documentUpdateBody,
  FILE_BINARY_MAX_BYTES,
  fileCreateBody,
  BulkImportRowKeys as K,
  RetentionAlerts,
} from '@vellum/contract';
import type { DbOrTx } from '../../../db/client.js';
import type { AuthContext } from '../../../platform/access.js';
import { receiveStream } from '../../../platform/binaries.js';
import type { Deps } from '../../../platform/deps.js';
import { AppError } from '../../../platform/errors.js';
import { type DeferringStore, deferringStore } from '../../../platform/storage-deferred.js';
import { createDocument, deleteDocumentsOfUnit, getDocument, updateDocument } from '../../documents/documents.service.js';
import { attachBinary, FILE_BINARY_KINDS } from '../../files/file-binaries.service.js';
import { currentVersion, filesOfDocument, lotRangesOfDocument } from '../../files/files.repo.js';
import { addVersion, archiveFile, createFile, deleteFile, getFile, updateFile } from '../../files/files.service.js';
import { documentSheetDefinitions } from '../bulk-document.repo.js';
import {
  documentByNumber,
  documentIdsOfUnit,
  documentTypesByName,
  groupKey,
  groupsBySlugAndName,
  productIdsByKeyCode,
} from '../bulk-document-import.repo.js';
import {
  ALL_LOTS,
  DOCUMENT_NAME,
  DOCUMENT_NUMBER,
  DOCUMENT_PRODUCT_GROUPS,
  DOCUMENT_PRODUCTS,
  DOCUMENT_TYPE,
  FILE_COLUMNS,
  NO,
  REST_OF_THE_WORLD,
  YES,
} from '../bulk-document-sheet.js';
import type { RowErrorValues } from '../bulk-upload.repo.js';
import { type ImportJobData, runSheetImport, type SheetImport, type SheetImportSpec, SheetRefused } from './import-job.js';
import { cellError, rejectedRowsSheet, rejectRow } from './rejected-rows.js';
import { linesOf, readHeader } from './sheet-header.js';
import { isComment, isEmpty } from './sheet-records.js';
import { uploaderAuth } from './uploader-right.js';
import { unsafeEntryName, type ZipSheet } from './zip-sheet.js';

/**
 * The documents' import (decision 0062): the documents' sheet of decision 0058 (one row per file,
 * the document's columns repeated) and the binaries its `File` column names, applied through the
 * documents' and files' own services in ONE transaction with a savepoint per row, as the products'
 * import does (decision 0057).
 */

/** The limits the import enforces; the binary limit is the admin upload's (a test may lower it). */
export const DOCUMENT_IMPORT_LIMITS = { binaryMaxBytes: FILE_BINARY_MAX_BYTES };

const PUBLISH_DATES_LINE = "The sheet's publish dates are not applied: publish the documents from the admin.";

/** Rows checked between two looks at the progress and at a cancel. */
const IMPORT_BATCH = 200;

/** Left-out documents a REPLACE deletes with one batch delete. */
const REMOVE_BATCH = 1000;

/** A row refused by a rule found inside its savepoint (rolled back with everything the row did). */
class RowRejected extends Error {
  constructor(readonly errors: RowErrorValues[]) {
    super('row rejected');
  }
}

type Definition = Awaited<ReturnType<typeof documentSheetDefinitions>>[number];
type FileKey = keyof typeof FILE_COLUMNS;

interface Columns {
  header: string[];
  number: number;
  name: number;
  type: number;
  products: number;
  groups: number;
  attributes: { index: number; def: Definition }[];
  file: Record<FileKey, number>;
}

const FILE_KEYS = Object.keys(FILE_COLUMNS) as FileKey[];

/** Reads the header by the sheet's names (decision 0058); the document's number, name and type are required. */
function columnsOf(header: string[], definitions: readonly Definition[]): Columns {
  const fileNames = Object.fromEntries(FILE_KEYS.map((k) => [`file.${k}`, FILE_COLUMNS[k]])) as Record<`file.${FileKey}`, string>;
  const names = {
    number: DOCUMENT_NUMBER,
    name: DOCUMENT_NAME,
    type: DOCUMENT_TYPE,
    products: DOCUMENT_PRODUCTS,
    groups: DOCUMENT_PRODUCT_GROUPS,
    ...fileNames,
  };
  const { named, attributes } = readHeader(header, definitions, names, ['number', 'name', 'type']);
  const file = Object.fromEntries(FILE_KEYS.map((k) => [k, named[`file.${k}`]])) as Record<FileKey, number>;
  return {
    header,
    number: named.number,
    name: named.name,
    type: named.type,
    products: named.products,
    groups: named.groups,
    attributes,
    file,
  };
}

const sameSet = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && new Set(a).size === new Set([...a, ...b]).size;

interface Outcome {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  removed: number;
  rejected: number;
  errors: RowErrorValues[];
  rejectedRows: { cells: string[]; messages: string[] }[];
}

/** The file switches a right guards (decision 0032), with their column. */
const SWITCHES = [
  ['restOfTheWorld', 'FILE_ROTW', 'countries'],
  ['remarksActive', 'FILE_REMARK_ACTIVATE', 'remarksActive'],
  ['historical', 'FILE_HISTORICAL', 'historical'],
] as const;

/** The column of a field of the files API's body. */
const FILE_FIELD_COLUMNS: Record<string, FileKey> = {
  name: 'name',
  versionLabel: 'versionLabel',
  date: 'versionDate',
  validTo: 'validTo',
  remarks: 'remarks',
  remarksActive: 'remarksActive',
  restOfTheWorld: 'countries',
  countryIds: 'countries',
  documentLanguageIds: 'languages',
  allLotNumbers: 'lots',
  lotRangeIds: 'lots',
  historical: 'historical',
  file: 'file',
  binary: 'file',
};

export class DocumentSheetImport implements SheetImport {
  readonly out: Outcome = { rows: 0, created: 0, updated: 0, unchanged: 0, removed: 0, rejected: 0, errors: [], rejectedRows: [] };
  /** Objects stored by this import (removed again when it rolls back). */
  readonly storedKeys: string[] = [];
  /**
   * Objects stored for rows that were rejected, or identical to what is stored: removed once the
   * transaction has ended, whatever its end (the store's delete asks the database whether a
   * publication names the object, and the embedded database's one connection is the transaction's).
   */
  readonly discardedKeys: string[] = [];
  /** A row gave a publish date: not applied (publishing is its own step), said in the log. */
  publishDatesIgnored = false;
  private cols!: Columns;
  private types = new Map<string, number>();
  private groups = new Map<string, number>();
  /** The first row of each lower-cased document number: its row number and cells. */
  private readonly firstRows = new Map<string, { row: number; cells: string[] }>();
  /** Documents applied by this import, by lower-cased number. */
  private readonly applied = new Map<string, number>();
  /** Existing documents the sheet names (kept by a REPLACE, even when their rows are rejected). */
  private readonly namedDocuments = new Set<number>();
  /** Lower-cased file names the sheet names per lower-cased document number, with their first row. */
  private readonly namedFiles = new Map<string, Map<string, number>>();
  /** The deletes' store: the objects they let go of are removed only once the import commits. */
  private readonly deferring: DeferringStore;

  constructor(
    private readonly deps: Pick<Deps, 'files'>,
    private readonly unitId: number,
    private readonly auth: AuthContext,
    private readonly check: boolean,
    private readonly binaries: Pick<ZipSheet, 'entry'>,
  ) {
    this.deferring = deferringStore(deps.files);
  }

  async run(tx: DbOrTx, records: AsyncIterable<string[]>, replace: boolean, onBatch: (rowsDone: number) => Promise<void>) {
    const definitions = await documentSheetDefinitions(tx, this.unitId);
    this.types = await documentTypesByName(tx, this.unitId);
    this.groups = await groupsBySlugAndName(tx, this.unitId);
    let rowNo = 0;
    let header = false;
    let inBatch = 0;
    for await (const cells of records) {
      rowNo++;
      if (!header && isComment(cells)) continue;
      if (header && isEmpty(cells)) continue;
      if (!header) {
        this.cols = columnsOf(cells, definitions);
        header = true;
        continue;
      }
      this.out.rows++;
      if (this.cell(cells, this.cols.file.publishDate).trim() !== '') this.publishDatesIgnored = true;
      await this.row(tx, rowNo, cells);
      if (++inBatch >= IMPORT_BATCH) {
        inBatch = 0;
        await onBatch(this.out.rows);
      }
    }
    if (!header) {
      throw new SheetRefused([
        { row: 1, column: DOCUMENT_NUMBER, message: K.missingColumn, params: { header: DOCUMENT_NUMBER }, value: null },
      ]);
    }
    if (replace) await this.removeLeftOut(tx);
  }

  private cell(cells: string[], index: number): string {
    return index < 0 ? '' : (cells[index] ?? '');
  }

  private errorAt(row: number, cells: string[], column: number | null, message: string, params?: Record<string, unknown>): RowErrorValues {
    return cellError(this.cols.header, row, cells, column, message, params);
  }

  private reject(row: number, cells: string[], errors: RowErrorValues[]) {
    rejectRow(this.out, row, cells, errors);
  }

  /** The document's columns: number, name, type, attributes, products, groups (rows of one number must agree on them). */
  private documentColumns(): number[] {
    const c = this.cols;
    return [c.number, c.name, c.type, ...c.attributes.map((a) => a.index), c.products, c.groups].filter((i) => i >= 0);
  }

  private async row(tx: DbOrTx, row: number, cells: string[]) {
    const errors: RowErrorValues[] = [];
    const c = this.cols;
    const at = (column: number | null, message: string, params?: Record<string, unknown>) =>
      errors.push(this.errorAt(row, cells, column, message, params));
    if (cells.length > c.header.length && cells.slice(c.header.length).some((x) => x.trim() !== '')) at(null, K.tooManyCells);

    const number = this.cell(cells, c.number).trim();
    const lower = number.toLowerCase();
    // rows of one number carry the same document cells (decision 0058): a disagreeing cell is refused
    const first = lower === '' ? undefined : this.firstRows.get(lower);
    if (first) {
      for (const i of this.documentColumns()) {
        if (this.cell(cells, i).trim() !== this.cell(first.cells, i).trim())
          at(i, K.documentCellDisagrees, { header: c.header[i], row: first.row });
      }
    } else if (lower !== '') this.firstRows.set(lower, { row, cells });

    const existing = number === '' ? undefined : await documentByNumber(tx, this.unitId, number);
    if (existing) this.namedDocuments.add(existing.id);

    // the file's key within its document, and the cells that only make sense with it
    const fileName = this.cell(cells, c.file.name).trim();
    const fileCells = FILE_KEYS.filter((k) => k !== 'name').some((k) => this.cell(cells, c.file[k]).trim() !== '');
    if (fileName === '' && fileCells) at(c.file.name, K.fileNameRequired);
    if (fileName !== '' && lower !== '') {
      const names = this.namedFiles.get(lower) ?? new Map<string, number>();
      this.namedFiles.set(lower, names);
      const firstFile = names.get(fileName.toLowerCase());
      if (firstFile !== undefined) at(c.file.name, K.duplicateFile, { name: fileName, row: firstFile });
      else names.set(fileName.toLowerCase(), row);
    }

    // the document's body, by the documents API's own schema
    const typeName = this.cell(cells, c.type).trim();
    const documentTypeId = typeName === '' ? undefined : this.types.get(typeName.toLowerCase());
    if (typeName !== '' && documentTypeId === undefined) at(c.type, K.documentTypeNotFound, { name: typeName });
    const keyCodes = linesOf(this.cell(cells, c.products));
    const products = await productIdsByKeyCode(tx, this.unitId, keyCodes);
    const productIds: number[] = [];
    for (const keyCode of keyCodes) {
      const id = products.get(keyCode.toLowerCase());
      if (id === undefined) at(c.products, K.productNotFound, { keyCode });
      else productIds.push(id);
    }
    const productGroupIds: number[] = [];
    for (const name of linesOf(this.cell(cells, c.groups))) {
      const m = /^(.*)\[([^\]]+)\]\s*$/.exec(name);
      const id = m ? this.groups.get(groupKey(m[2]?.trim() ?? '', m[1]?.trim() ?? '')) : undefined;
      if (id === undefined) at(c.groups, K.productGroupNotFound, { name });
      else productGroupIds.push(id);
    }
    const attributeValues: { attributeDefinitionId: number; value: string }[] = [];
    const sentColumns: number[] = [];
    for (const a of c.attributes) {
      const value = this.cell(cells, a.index);
      if (value.trim() === '') continue;
      attributeValues.push({ attributeDefinitionId: a.def.id, value });
      sentColumns.push(a.index);
    }
    const fields = {
      businessUnitId: this.unitId,
      number,
      name: this.cell(cells, c.name),
      documentTypeId: documentTypeId ?? 0,
      attributeValues,
      productGroupIds,
      productIds,
    };
    const parsed = documentCreateBody.safeParse(fields);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.join('.');
        if (field === 'documentTypeId' && typeName !== '') continue; // already said: no such type
        at(this.documentColumn(field, sentColumns), issue.message.startsWith('error.') ? issue.message : 'error.validation', {
          code: issue.message,
        });
      }
    }
    // the file's cells that need no database
    const file = fileName === '' ? undefined : this.fileCells(cells, at);
    if (errors.length > 0 || !parsed.success) return this.reject(row, cells, errors);

    let stage: 'document' | 'file' = 'document';
    let storedKey: string | undefined;
    try {
      const result = await tx.transaction(async (sp) => {
        const deps = { db: sp as Deps['db'], files: this.deferring.files };
        stage = 'document';
        const doc = await this.applyDocument(deps, lower, existing, parsed.data, c.attributes);
        let outcome: 'created' | 'updated' | 'unchanged' = doc.created ? 'created' : doc.changed ? 'updated' : 'unchanged';
        if (file) {
          stage = 'file';
          const fileOutcome = await this.applyFile(deps, doc.id, row, cells, fileName, file, (key) => {
            storedKey = key;
          });
          if (fileOutcome === 'created') outcome = 'created';
          else if (fileOutcome === 'updated' && outcome === 'unchanged') outcome = 'updated';
        }
        return { outcome, documentId: doc.id };
      });
      // the savepoint is through: later rows of the number reuse its document
      this.applied.set(lower, result.documentId);
      this.out[result.outcome]++;
    } catch (err) {
      if (storedKey) this.discardedKeys.push(storedKey);
      if (err instanceof RowRejected) return this.reject(row, cells, err.errors);
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      return this.reject(row, cells, [this.appErrorAt(row, cells, err, stage, sentColumns, file)]);
    }
    if (storedKey) this.storedKeys.push(storedKey);
  }

  /** The column of a field of the documents API's body. */
  private documentColumn(field: string, sentColumns: number[], params?: Record<string, unknown>): number | null {
    const [head, index, sub] = field.split('.');
    const c = this.cols;
    if (head === 'number') return c.number;
    if (head === 'name') return c.name;
    if (head === 'documentTypeId') return c.type;
    if (head === 'productGroupIds') return c.groups;
    if (head === 'productIds') return c.products;
    if (head === 'attributeValues') {
      if (index !== undefined && /^\d+$/.test(index) && sub !== undefined) return sentColumns[Number(index)] ?? null;
      const def = params?.attributeDefinitionId;
      return c.attributes.find((a) => a.def.id === def)?.index ?? null;
    }
    return null;
  }

  private appErrorAt(
    row: number,
    cells: string[],
    err: AppError,
    stage: 'document' | 'file',
    sentColumns: number[],
    file: FileCells | undefined,
  ): RowErrorValues {
    const field = err.fieldErrors?.[0];
    let column: number | null = null;
    if (err.status === 403 && stage === 'file' && file) {
      // a switch the uploader may not set (FILE_ROTW, FILE_REMARK_ACTIVATE, FILE_HISTORICAL)
      const refused = SWITCHES.find(([key, right]) => file.body[key] && !this.auth.rights.has(right, this.unitId));
      column = this.cols.file[refused?.[2] ?? 'countries'];
    } else if (field && stage === 'document') column = this.documentColumn(field.field, sentColumns, err.params);
    else if (field) {
      const key = FILE_FIELD_COLUMNS[field.field.split('.')[0] ?? ''];
      column = key ? this.cols.file[key] : null;
    } else if (stage === 'file') {
      const byKey: Record<string, FileKey> = {
        'error.fileTooLarge': 'file',
        'error.unsupportedContentType': 'file',
      };
      const key = byKey[err.key] ?? (err.key.includes('versionLabel') || err.key.includes('binary') ? 'versionLabel' : undefined);
      column = key ? this.cols.file[key] : null;
    }
    const params = field && field.message !== err.key ? { ...err.params, code: field.message } : err.params;
    return this.errorAt(row, cells, column, err.key, params);
  }

  /** The file's cells parsed without the database: the switches, dates, the binary's path. */
  private fileCells(cells: string[], at: (column: number | null, message: string, params?: Record<string, unknown>) => void): FileCells {
    const c = this.cols.file;
    const get = (k: FileKey) => this.cell(cells, c[k]);
    const yesNo = (k: FileKey) => {
      const v = get(k).trim();
      if (v === '' || v.toLowerCase() === NO.toLowerCase()) return false;
      if (v.toLowerCase() === YES.toLowerCase()) return true;
      at(c[k], K.yesOrNo, { value: v });
      return false;
    };
    const countries = linesOf(get('countries'));
    const restOfTheWorld = countries.length === 1 && countries[0]?.toLowerCase() === REST_OF_THE_WORLD.toLowerCase();
    const lots = linesOf(get('lots'));
    const allLotNumbers = lots.length === 0 || (lots.length === 1 && lots[0]?.toLowerCase() === ALL_LOTS.toLowerCase());
    const archive = get('archiveDate').trim();
    let archiveDate: string | null = null;
    if (archive !== '') {
      const d = new Date(archive);
      if (!/^\d{4}-\d{2}-\d{2}T/.test(archive) || Number.isNaN(d.getTime())) at(c.archiveDate, K.instantInvalid, { value: archive });
      else archiveDate = d.toISOString();
    }
    const path = get('file').trim();
    if (path !== '') {
      if (unsafeEntryName(path)) at(c.file, K.binaryPathInvalid, { path });
      else if (!this.binaries.entry(path)) at(c.file, K.binaryNotInZip, { path });
    }
    const validTo = get('validTo').trim();
    return {
      body: {
        name: get('name'),
        versionLabel: get('versionLabel'),
        date: get('versionDate').trim(),
        validTo: validTo === '' ? null : validTo,
        remarks: get('remarks'),
        remarksActive: yesNo('remarksActive'),
        restOfTheWorld,
        allLotNumbers,
        historical: yesNo('historical'),
        countryIds: restOfTheWorld ? [] : countries,
        documentLanguageIds: linesOf(get('languages')),
      },
      lotNames: allLotNumbers ? [] : lots,
      archiveDate,
      path: path === '' ? null : path,
    };
  }

  /** Creates the document, or updates it when its cells differ from it; once per number and import. */
  private async applyDocument(
    deps: Pick<Deps, 'db' | 'files'>,
    lower: string,
    existing: { id: number; version: number } | undefined,
    body: ReturnType<typeof documentCreateBody.parse>,
    attributes: Columns['attributes'],
  ): Promise<{ id: number; created: boolean; changed: boolean }> {
    const applied = this.applied.get(lower);
    if (applied !== undefined) return { id: applied, created: false, changed: false };
    if (!existing) {
      const created = await createDocument(deps, this.auth, body);
      return { id: created.id, created: true, changed: false };
    }
    const before = await getDocument(deps, existing.id);
    // a definition without a column keeps its value (as a product's import does)
    const inSheet = new Set(attributes.map((a) => a.def.id));
    const values = [
      ...body.attributeValues,
      ...before.attributeValues
        .filter((v) => !inSheet.has(v.attributeDefinitionId))
        .map((v) => ({ attributeDefinitionId: v.attributeDefinitionId, value: v.value })),
    ];
    const key = (vs: readonly { attributeDefinitionId: number; value: string }[]) =>
      vs.map((v) => `${v.attributeDefinitionId}=${v.value.trim()}`);
    const changed =
      before.number !== body.number ||
      before.name !== body.name ||
      before.documentTypeId !== body.documentTypeId ||
      !sameSet(key(before.attributeValues), key(values)) ||
      !sameSet(before.productIds, body.productIds) ||
      !sameSet(before.productGroupIds, body.productGroupIds);
    if (changed) {
      const update = documentUpdateBody.parse({ ...body, attributeValues: values, id: existing.id, version: before.version });
      await updateDocument(deps, this.auth, update);
    }
    return { id: existing.id, created: false, changed };
  }

  /**
   * Creates or updates the file of the row by its name within the document. A binary that differs
   * from the current version's (SHA-256), or a changed version label, makes a new version; history
   * is never rewritten. Check only measures the binary (type, size, hash) and keeps nothing.
   */
  private async applyFile(
    deps: Pick<Deps, 'db' | 'files'>,
    documentId: number,
    row: number,
    cells: string[],
    fileName: string,
    file: FileCells,
    stored: (key: string) => void,
  ): Promise<'created' | 'updated' | 'unchanged'> {
    const c = this.cols.file;
    const ranges = await lotRangesOfDocument(deps.db, documentId, this.unitId);
    const lotRangeIds: number[] = [];
    const errors: RowErrorValues[] = [];
    for (const name of file.lotNames) {
      const range = ranges.find((r) => r.name.toLowerCase() === name.toLowerCase());
      if (!range) errors.push(this.errorAt(row, cells, c.lots, K.lotRangeNotFound, { name }));
      else lotRangeIds.push(range.id);
    }
    const parsed = fileCreateBody.safeParse({ ...file.body, documentId, lotRangeIds });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = FILE_FIELD_COLUMNS[String(issue.path[0])];
        errors.push(
          this.errorAt(row, cells, key ? c[key] : null, issue.message.startsWith('error.') ? issue.message : 'error.validation', {
            code: issue.message,
          }),
        );
      }
    }
    if (errors.length > 0 || !parsed.success) throw new RowRejected(errors);
    const body = parsed.data;

    const files = await filesOfDocument(deps.db, documentId);
    const found = files.find((f) => f.name.toLowerCase() === fileName.toLowerCase());
    const receive = async (fileId: number) => {
      if (!file.path) return undefined;
      const entry = this.binaries.entry(file.path);
      if (!entry) throw new RowRejected([this.errorAt(row, cells, c.file, K.binaryNotInZip, { path: file.path })]);
      if (entry.size > DOCUMENT_IMPORT_LIMITS.binaryMaxBytes) {
        throw new AppError('error.fileTooLarge', 413, { maxBytes: DOCUMENT_IMPORT_LIMITS.binaryMaxBytes });
      }
      const received = await receiveStream(await entry.open(), this.check ? undefined : this.deps.files, {
        prefix: `files/${this.unitId}/${fileId}`,
        maxBytes: DOCUMENT_IMPORT_LIMITS.binaryMaxBytes,
        kinds: FILE_BINARY_KINDS,
        fileName: file.path.split('/').pop() ?? fileName,
      });
      if (received.key) stored(received.key);
      return received;
    };
    const attach = async (fileId: number, versionId: number, received: Awaited<ReturnType<typeof receive>>) => {
      // check only keeps no object: the version stays without one in the rolled-back transaction
      if (received && !this.check) await attachBinary(deps, this.auth, fileId, versionId, received);
    };

    if (!found) {
      const created = await createFile(deps, this.auth, { ...body, id: undefined });
      const received = await receive(created.id);
      await attach(created.id, created.currentVersionId, received);
      await this.archive(deps, created.id, file.archiveDate);
      return 'created';
    }

    const current = await currentVersion(deps.db, found.id);
    if (!current) throw new AppError('error.notFound', 404);
    const received = await receive(found.id);
    const binaryChanged = received !== undefined && received.sha256 !== current.sha256;
    const labelChanged = body.versionLabel !== current.label;
    let changed = false;
    let versionId = current.id;
    const inPlace = current.binaryKey === null && current.publishDate === null;
    if ((binaryChanged || labelChanged) && !inPlace) {
      // a new current version: the earlier ones stay as they were
      const view = await addVersion(deps, this.auth, found.id, { versionLabel: body.versionLabel, date: body.date, validTo: body.validTo });
      versionId = view.versions.find((v) => v.versionLabel === body.versionLabel)?.id ?? view.currentVersionId;
      changed = true;
    }
    const view: DocumentFile = await getFile(deps, found.id);
    const fieldsChanged =
      view.name !== body.name ||
      (view.remarks ?? null) !== body.remarks ||
      view.remarksActive !== body.remarksActive ||
      view.restOfTheWorld !== body.restOfTheWorld ||
      view.allLotNumbers !== body.allLotNumbers ||
      view.historical !== body.historical ||
      !sameSet(view.countryIds, body.countryIds) ||
      !sameSet(view.documentLanguageIds, body.documentLanguageIds) ||
      !sameSet(view.lotRangeIds, body.lotRangeIds) ||
      view.versionLabel !== body.versionLabel ||
      view.date !== body.date ||
      view.validTo !== body.validTo;
    if (fieldsChanged) {
      await updateFile(deps, this.auth, { ...body, id: found.id, version: view.version });
      changed = true;
    }
    if (received && (binaryChanged || versionId !== current.id)) {
      await attach(found.id, versionId, received);
      changed = true;
    } else if (received?.key) {
      // the same bytes as the current version's: nothing to keep
      this.discardedKeys.push(received.key);
    }
    if (await this.archive(deps, found.id, file.archiveDate)) changed = true;
    return changed ? 'updated' : 'unchanged';
  }

  /** Sets a file's archive date when the row gives one it does not have yet. */
  private async archive(deps: Pick<Deps, 'db'>, fileId: number, archiveDate: string | null): Promise<boolean> {
    if (archiveDate === null) return false;
    const view = await getFile(deps, fileId);
    if (view.archiveDate !== null && new Date(view.archiveDate).getTime() === new Date(archiveDate).getTime()) return false;
    await archiveFile(deps, this.auth, fileId, { archiveDate, version: view.version });
    return true;
  }

  /**
   * REPLACE: the unit's documents the sheet leaves out, and the current files of its documents it
   * leaves out, are deleted as by hand (the services' own deletes and rules: a published or scheduled
   * one stays, reported). Their objects are removed once the import commits.
   */
  private async removeLeftOut(tx: DbOrTx) {
    const deps = { db: tx as Deps['db'], files: this.deferring.files };
    const named = new Set([...this.namedDocuments, ...this.applied.values()]);
    // the documents by the documents service's batch delete (decision 0088), a batch at a time
    const left = (await documentIdsOfUnit(tx, this.unitId)).filter((id) => !named.has(id));
    for (let start = 0; start < left.length; start += REMOVE_BATCH) {
      const ids = left.slice(start, start + REMOVE_BATCH);
      const { outcomes, keys } = await deleteDocumentsOfUnit(tx, this.auth, this.unitId, ids);
      for (const key of keys) await this.deferring.files.delete(key);
      outcomes.forEach((outcome, n) => {
        const id = ids[n] as number;
        if (outcome instanceof AppError) {
          this.out.errors.push({
            row: 0,
            column: null,
            message: outcome.key,
            params: { documentId: id, ...flat(outcome.params) },
            value: null,
          });
        } else if (outcome.retained)
          this.noteRetained(RetentionAlerts.documentRetained, { documentId: id }, outcome.retained.retainedUntil);
        else this.out.removed++;
      });
    }
    const now = Date.now();
    for (const [lower, names] of this.namedFiles) {
      const doc = this.applied.get(lower);
      if (doc === undefined) continue;
      for (const f of await filesOfDocument(tx, doc)) {
        if (f.archiveDate !== null && f.archiveDate.getTime() <= now) continue; // archived: not in the sheet's view
        if (names.has(f.name.toLowerCase())) continue;
        try {
          const { retained } = await deleteFile(deps, this.auth, f.id);
          if (retained) this.noteRetained(RetentionAlerts.fileRetained, { fileId: f.id }, retained.retainedUntil);
          else this.out.removed++;
        } catch (err) {
          if (!(err instanceof AppError) || err.status >= 500) throw err;
          this.out.errors.push({ row: 0, column: null, message: err.key, params: { fileId: f.id, ...flat(err.params) }, value: null });
        }
      }
    }
    // a named document whose every row had a blank file: its files are all left out
    for (const [lower, first] of this.firstRows) {
      if (this.namedFiles.has(lower)) continue;
      const doc = this.applied.get(lower);
      if (doc === undefined || this.cell(first.cells, this.cols.file.name).trim() !== '') continue;
      for (const f of await filesOfDocument(tx, doc)) {
        if (f.archiveDate !== null && f.archiveDate.getTime() <= now) continue;
        try {
          const { retained } = await deleteFile(deps, this.auth, f.id);
          if (retained) this.noteRetained(RetentionAlerts.fileRetained, { fileId: f.id }, retained.retainedUntil);
          else this.out.removed++;
        } catch (err) {
          if (!(err instanceof AppError) || err.status >= 500) throw err;
          this.out.errors.push({ row: 0, column: null, message: err.key, params: { fileId: f.id, ...flat(err.params) }, value: null });
        }
      }
    }
  }

  /** A left-out document or file that was public and is still retained: archived instead of deleted, reported with until when (decision 0070). */
  private noteRetained(key: string, ids: Record<string, number>, retainedUntil: string | null) {
    this.out.errors.push({
      row: 0,
      column: null,
      message: key,
      params: { ...ids, retainedUntil: retainedUntil ?? 'indefinitely' },
      value: null,
    });
  }

  /** The log's line when a row gave a publish date. */
  logLines(): string[] {
    return this.publishDatesIgnored ? [PUBLISH_DATES_LINE] : [];
  }

  /** Storage is not transactional: what a rolled-back import stored goes; what a committed one let go of goes. */
  async settle(committed: boolean): Promise<void> {
    const gone = [...this.discardedKeys, ...(committed ? this.deferring.released : this.storedKeys)];
    await Promise.all(gone.map((key) => this.deps.files.delete(key).catch(() => {})));
  }

  /** The rejected rows as a TXT sheet (or an XLS or ODS one, as uploaded): the header and the rows as read, with an Error column. */
  rejectedSheet(format: 'TXT' | 'XLS' | 'ODS'): Promise<Buffer> {
    return rejectedRowsSheet(this.cols.header, this.out, format);
  }
}

interface FileCells {
  body: {
    name: string;
    versionLabel: string;
    date: string;
    validTo: string | null;
    remarks: string;
    remarksActive: boolean;
    restOfTheWorld: boolean;
    allLotNumbers: boolean;
    historical: boolean;
    countryIds: string[];
    documentLanguageIds: string[];
  };
  lotNames: string[];
  archiveDate: string | null;
  path: string | null;
}

const flat = (params: Record<string, unknown> | undefined): Record<string, string | number> => {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params ?? {})) if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  return out;
};

/** The documents' import (decision 0062): the uploader with their rights now, the documents' sheet and its binaries. */
const DOCUMENTS: SheetImportSpec<AuthContext> = {
  entity: 'DOCUMENT',
  actorOf: (deps, job) => uploaderAuth(deps.db, job.userId),
  start: async (deps, { job, actor, check, sheet }) => new DocumentSheetImport(deps, job.businessUnitId, actor, check, sheet),
  headerRefused: "The sheet's header cannot be read as a documents' sheet.",
};

/**
 * Runs a documents' import job (decision 0062) by the import jobs' runner, as the products' import
 * runs (decision 0057): every row through the documents' and files' services in ONE transaction.
 * The binaries stored for a transaction that rolled back are removed after it; those the deletes
 * let go of once it commits.
 */
export async function runDocumentImport(deps: Deps, data: ImportJobData): Promise<void> {
  return runSheetImport(deps, data, DOCUMENTS);
}
