import { PGlite } from '@electric-sql/pglite';
import type { DbOrTx } from '../../../db/client.js';
import { type Actor, audit } from '../../../platform/audit.js';
import type { Deps } from '../../../platform/deps.js';
import type { BulkJobRow } from '../bulk.repo.js';
import { findJob, updateJob } from '../bulk.repo.js';
import { cancelAsked, importTypeOf, moveImport, type RowErrorValues, replaceErrors } from '../bulk-upload.repo.js';
import { isComment, isEmpty, sheetRecords } from './sheet-records.js';
import { SheetUnreadable } from './txt-rows.js';
import { uploaderRefusal } from './uploader-right.js';
import { openZipSheet, ZipRefused, type ZipSheet } from './zip-sheet.js';

/** The queue of imports (and checks) and what its jobs carry. */
export const IMPORT_QUEUE = 'bulk-import';
export interface ImportJobData {
  jobId: number;
}

/** The sheet cannot be read as its entity's sheet: its errors, row 1 (the header). */
export class SheetRefused extends Error {
  constructor(readonly errors: RowErrorValues[]) {
    super('sheet refused');
  }
}
/** The import stops and its transaction rolls back: cancelled by a user. */
class Cancelled extends Error {}
/** The transaction is rolled back on purpose (check only, or rejected rows with all-or-nothing). */
class Rollback extends Error {}

/** The format of a sheet's rejected rows. */
type RejectedFormat = 'TXT' | 'XLS' | 'ODS';
type FinalStatus = 'SUCCESS' | 'WARNING' | 'FAILED';

/** The counts and rejected rows an entity's sheet import gathers (`unchanged` only where the entity counts it). */
export interface SheetImportOutcome {
  rows: number;
  created: number;
  updated: number;
  unchanged?: number;
  removed: number;
  rejected: number;
  errors: RowErrorValues[];
  rejectedRows: { cells: string[]; messages: string[] }[];
}

/** The entity-specific part of an import job: the rows applied in the job's transaction. */
export interface SheetImport {
  readonly out: SheetImportOutcome;
  /** Applies the sheet's rows in the transaction, calling `onBatch` between batches (progress and cancel). */
  run(tx: DbOrTx, records: AsyncIterable<string[]>, replace: boolean, onBatch: (rowsDone: number) => Promise<void>): Promise<void>;
  /** The rejected rows as a sheet of the format. */
  rejectedSheet(format: RejectedFormat): Promise<Buffer>;
  /** Lines the job's log adds after its summary. */
  logLines?(): string[];
  /** Once the transaction has ended (committed or not) and the sheet is closed: the import's clean-up. */
  settle?(committed: boolean): Promise<void>;
}

/** What the job knows when its entity's import starts. */
export interface SheetImportStart<A extends Actor> {
  job: BulkJobRow;
  actor: A;
  check: boolean;
  sheet: ZipSheet;
}

/** An entity's import: who applies it, its sheet import, and what its job's log and audit entry say of it. */
export interface SheetImportSpec<A extends Actor> {
  /** The job's entity when the import is only for jobs of that entity (also named by the audit entry). */
  entity?: 'DOCUMENT';
  /** The uploader as the entity's services see them; undefined when the user no longer exists. */
  actorOf(deps: Deps, job: BulkJobRow): Promise<A | undefined>;
  /** The entity's sheet import for the job (may refuse the job with a ZipRefused). */
  start(deps: Deps, started: SheetImportStart<A>): Promise<SheetImport>;
  /** The log's line when the sheet's header cannot be read. */
  headerRefused: string;
  /** Whether an XLS sheet's log says its formulas are not evaluated. */
  logsXls?: boolean;
}

const isEmbedded = (deps: Deps) => (deps.db as unknown as { $client?: unknown }).$client instanceof PGlite;

/**
 * Runs an import job (decisions 0057, 0062): opens the stored zip (refusing a bad one), reads its
 * TXT, XLS, XLSX or ODS sheet as a stream and runs every row through the entity's own services in
 * ONE transaction, in batches that record the progress and look for a cancel. IMPORT commits it
 * when no row is rejected (SUCCESS), or with the valid rows when asked (WARNING); CHECK, or any
 * rejected row under all-or-nothing, rolls it back (nothing written but the job's report). A worker
 * killed mid-way leaves the data as it was, and pg-boss retries the job after its attempt expires.
 */
export async function runSheetImport<A extends Actor>(deps: Deps, data: ImportJobData, spec: SheetImportSpec<A>): Promise<void> {
  const job = await findJob(deps.db, data.jobId);
  if (job?.kind !== 'IMPORT' || job.status !== 'PROCESSING' || job.cancelRequested) return;
  if (spec.entity !== undefined && job.entity !== spec.entity) return;
  const log = job.log ? [job.log] : [];
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
  const actor = refusal ? undefined : await spec.actorOf(deps, job);
  if (refusal || !actor)
    return fail([refusal ?? `The user who uploaded the zip (${job.userLogin}) no longer exists; nothing was applied.`]);
  let sheet: ZipSheet | undefined;
  let work: SheetImport | undefined;
  let committed = false;
  try {
    const stored = job.storageKey ? await deps.files.open(job.storageKey) : undefined;
    if (!stored) throw new ZipRefused('The uploaded zip is no longer stored.');
    sheet = await openZipSheet(stored);
    const recordsOf = sheetRecords(sheet);
    // an XLS or ODS sheet's rejected rows are a sheet of its format; an XLSX sheet's a TXT one (XLSX is not a format the API declares, decisions 0057, 0061)
    const rejectedFormat: RejectedFormat = sheet.extension === 'ods' ? 'ODS' : sheet.extension === 'xls' ? 'XLS' : 'TXT';
    const check = job.mode === 'CHECK';
    const current = await spec.start(deps, { job, actor, check, sheet });
    work = current;
    const replace = (await importTypeOf(deps.db, job.businessUnitId)) === 'REPLACE';
    // a first pass counts the rows, so the progress bar knows its end while the rows are checked
    let rowsTotal = -1;
    for await (const cells of await recordsOf()) if (rowsTotal >= 0 ? !isEmpty(cells) : !isComment(cells)) rowsTotal++;
    await updateJob(deps.db, job.id, {
      fileFormat: sheet.extension === 'xlsx' ? null : rejectedFormat,
      rowsTotal: Math.max(rowsTotal, 0),
      rowsDone: 0,
    });
    const embedded = isEmbedded(deps);
    const records = await recordsOf();
    const summary = () => {
      const o = current.out;
      const verb = check ? 'would be ' : '';
      const unchanged = o.unchanged === undefined ? '' : `${o.unchanged} unchanged, `;
      return `${o.rows} rows: ${o.created} ${verb}created, ${o.updated} ${verb}updated, ${unchanged}${o.removed} ${verb}removed, ${o.rejected} rejected.`;
    };
    const finish = async (db: DbOrTx, status: FinalStatus, lines: string[]) => {
      const o = current.out;
      const rejectedRowsKey =
        o.rejectedRows.length > 0
          ? await deps.files.put('bulk-rejected', await current.rejectedSheet(rejectedFormat), rejectedFormat.toLowerCase())
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
        log: [...log, summary(), ...(current.logLines?.() ?? []), ...lines].join('\n'),
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
          ...(spec.entity === undefined ? {} : { entity: spec.entity }),
          rows: o.rows,
          created: o.created,
          updated: o.updated,
          ...(o.unchanged === undefined ? {} : { unchanged: o.unchanged }),
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
    if (spec.logsXls && sheet.extension === 'xls')
      log.push(`The XLS sheet "${sheet.name}" is read for its values (formulas are not evaluated).`);
    try {
      await deps.db.transaction(async (tx) => {
        await current.run(tx, records, replace, async (rowsDone) => {
          if (await cancelAsked(tx, job.id)) throw new Cancelled();
          // the progress is written beside the transaction; the embedded database has one connection, held by it
          if (!embedded) await updateJob(deps.db, job.id, { rowsDone });
        });
        const o = current.out;
        const applies = !check && (o.rejected === 0 || job.onError === 'VALID_ROWS');
        if (!applies) throw new Rollback();
        const ok = o.rejected === 0 && o.errors.length === 0;
        await finish(tx, ok ? 'SUCCESS' : 'WARNING', ok ? [] : [`The valid rows were applied; ${o.rejected} rows were rejected.`]);
      });
      committed = true;
    } catch (err) {
      if (!(err instanceof Rollback)) throw err;
      const o = current.out;
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
    if (err instanceof SheetRefused) return fail([spec.headerRefused], err.errors);
    throw err;
  } finally {
    await sheet?.close();
    await work?.settle?.(committed);
  }
}
