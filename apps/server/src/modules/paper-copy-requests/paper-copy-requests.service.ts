import {
  ErrorKeys,
  PAPER_COPY_DAYS,
  PaperCopyErrorKeys,
  type PaperCopyReceipt,
  type PaperCopyRequest,
  type PaperCopyState,
  paperCopyRequestInput,
  type paperCopyRequestListQuery,
} from '@vellum/contract';
import type { z } from 'zod';
import type { EntityUnitLookup } from '../../platform/access.js';
import { type Actor, audit } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, invalidField, notFound } from '../../platform/errors.js';
import { type MailTexts, sendPaperCopyConfirmation } from './paper-copy-requests.mail.js';
import * as repo from './paper-copy-requests.repo.js';

type ListQuery = z.output<typeof paperCopyRequestListQuery>;

const ENTITY = 'paper-copy-request';
const OBJECT = 'paperCopyRequest';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The unit of a paper-copy request, for its routes' access rule (undefined: no such request). */
export const unitOfPaperCopyRequest: EntityUnitLookup = async (db, id) => (await repo.findRequest(db, id))?.businessUnitId;

/** OPEN, OVERDUE (not sent and past its due date at `at`) or SENT. */
export function stateOf(row: Pick<repo.PaperCopyRequestRow, 'sentDate' | 'dueDate'>, at: Date): PaperCopyState {
  if (row.sentDate) return 'SENT';
  return row.dueDate.getTime() < at.getTime() ? 'OVERDUE' : 'OPEN';
}

/** Whole days left until the due date, counted up (7 right after the request, 0 or less once overdue); null once sent. */
export function daysLeftOf(row: Pick<repo.PaperCopyRequestRow, 'sentDate' | 'dueDate'>, at: Date): number | null {
  if (row.sentDate) return null;
  const left = Math.ceil((row.dueDate.getTime() - at.getTime()) / DAY_MS);
  return left === 0 ? 0 : left; // never -0
}

const view = (r: repo.PaperCopyRequestRow, at: Date): PaperCopyRequest => ({
  id: r.id,
  businessUnitId: r.businessUnitId,
  publicationNumber: r.publicationNumber,
  productTypeId: r.productTypeId,
  productTypeName: r.productTypeName,
  keyCode: r.keyCode,
  documentId: r.documentId,
  documentNumber: r.documentNumber,
  documentName: r.documentName,
  fileId: r.fileId,
  fileName: r.fileName,
  versionLabel: r.versionLabel,
  requesterName: r.requesterName,
  postalAddress: r.postalAddress,
  email: r.email,
  language: r.language,
  createdDate: r.createdDate.toISOString(),
  dueDate: r.dueDate.toISOString(),
  sentDate: r.sentDate?.toISOString() ?? null,
  sentBy: r.sentBy,
  state: stateOf(r, at),
  daysLeft: daysLeftOf(r, at),
  version: r.version,
});

/**
 * A visitor's request for a paper copy, called by the public site's form handler: validates the
 * form (400 with field errors, nothing written), stores the request with its due date (request +
 * 7 days) and an audit row in one transaction, then mails the confirmation. The document fields
 * are what the site resolved from the live publication, never what the visitor sent. A failed
 * mail does not undo the stored request (the team still sends the copy): `mailed` says so.
 * `at` is the moment of the request (tests pass it; the site leaves it out); `mailTexts` the
 * confirmation's texts in the visitor's language (the site's translator; English without it).
 */
export async function requestPaperCopy(
  deps: Pick<Deps, 'db' | 'mailer'>,
  input: unknown,
  at: Date = new Date(),
  mailTexts?: MailTexts,
): Promise<PaperCopyReceipt> {
  const parsed = paperCopyRequestInput.safeParse(input);
  if (!parsed.success) {
    throw new AppError(
      ErrorKeys.validation,
      400,
      undefined,
      parsed.error.issues.map((i) => ({ objectName: OBJECT, field: i.path.join('.') || OBJECT, message: i.message })),
    );
  }
  const { name, postalAddress, email, language, ...document } = parsed.data;
  const { row, unitName } = await deps.db.transaction(async (tx) => {
    const unitName = await repo.unitName(tx, document.businessUnitId);
    if (unitName === undefined) {
      throw invalidField(OBJECT, 'businessUnitId', 'NotFound');
    }
    const row = await repo.insertRequest(tx, {
      ...document,
      requesterName: name,
      postalAddress,
      email,
      language,
      createdDate: at,
      dueDate: new Date(at.getTime() + PAPER_COPY_DAYS * DAY_MS),
    });
    // who asked stays out of the audit log (it is in the request, which the team reads with its right)
    await audit(tx, null, {
      entityName: ENTITY,
      entityId: row.id,
      entityLabel: row.documentNumber,
      action: 'CREATE',
      businessUnitId: row.businessUnitId,
      changes: {
        documentId: row.documentId,
        documentNumber: row.documentNumber,
        fileId: row.fileId,
        versionLabel: row.versionLabel,
        language: row.language,
        dueDate: row.dueDate.toISOString(),
      },
    });
    return { row, unitName };
  });
  let mailed = true;
  try {
    await sendPaperCopyConfirmation(deps, row, unitName, mailTexts);
  } catch {
    mailed = false;
  }
  return { id: row.id, dueDate: row.dueDate.toISOString(), mailed };
}

export async function listPaperCopyRequests(
  deps: Pick<Deps, 'db'>,
  q: ListQuery,
  at: Date = new Date(),
): Promise<{ items: PaperCopyRequest[]; total: number }> {
  const [sort, dir] = (q.sort ?? 'dueDate,asc').split(',') as [repo.PaperCopySortField, string | undefined];
  const filter: repo.RequestFilter = { businessUnitId: q['business-unit'], state: q.state, at };
  const [rows, total] = await Promise.all([
    repo.listRequests(deps.db, filter, { sort, descending: dir === 'desc', limit: q.size, offset: q.page * q.size }),
    repo.countRequests(deps.db, filter),
  ]);
  return { items: rows.map((r) => view(r, at)), total };
}

export async function getPaperCopyRequest(deps: Pick<Deps, 'db'>, id: number, at: Date = new Date()): Promise<PaperCopyRequest> {
  const row = await repo.findRequest(deps.db, id);
  if (!row) throw notFound(ENTITY);
  return view(row, at);
}

/** Marks a request sent now by the actor; a stale version answers 409, one already sent 400. */
export async function markPaperCopySent(
  deps: Pick<Deps, 'db'>,
  actor: Actor & { userId: number; login: string },
  id: number,
  version: number,
  at: Date = new Date(),
): Promise<PaperCopyRequest> {
  return deps.db.transaction(async (tx) => {
    const before = await repo.findRequestForUpdate(tx, id);
    if (!before) throw notFound(ENTITY);
    if (before.version !== version) throw conflict();
    if (before.sentDate) throw new AppError(PaperCopyErrorKeys.alreadySent, 400);
    const after = await repo.markSent(tx, id, version, { sentDate: at, sentBy: actor.login, sentByUserId: actor.userId });
    if (!after) throw conflict();
    await audit(tx, actor, {
      entityName: ENTITY,
      entityId: id,
      entityLabel: after.documentNumber,
      action: 'SENT',
      businessUnitId: after.businessUnitId,
      changes: {
        sentDate: at.toISOString(),
        sentBy: actor.login,
        dueDate: after.dueDate.toISOString(),
        overdue: stateOf(before, at) === 'OVERDUE',
      },
    });
    return view(after, at);
  });
}
