import { type DocumentFile, FILE_BINARY_MAX_BYTES, FileErrorKeys as K } from '@vellum/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { audit } from '../../platform/audit.js';
import { type BinaryKind, type ReceivedBinary, receiveBinary, sendBinary } from '../../platform/binaries.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, fieldError, notFound } from '../../platform/errors.js';
import { OBJECT } from './file-rules.js';
import * as repo from './files.repo.js';
import { ENTITY, getFile, removeObjects } from './files.service.js';

/** What a file's binary may be, by its content (decision 0032): documents, images and packages; never HTML or SVG. */
export const FILE_BINARY_KINDS: readonly BinaryKind[] = [
  { mediaType: 'application/pdf', extension: 'pdf' },
  { mediaType: 'image/png', extension: 'png' },
  { mediaType: 'image/jpeg', extension: 'jpg' },
  { mediaType: 'image/gif', extension: 'gif' },
  { mediaType: 'image/webp', extension: 'webp' },
  { mediaType: 'application/zip', extension: 'zip' },
];

const binaryState = (v: repo.FileVersionRow) =>
  v.binaryKey ? { name: v.binaryName, size: v.binarySize, mediaType: v.mediaType, sha256: v.sha256 } : null;

/** The version a binary call names (`file-version`), else the current one; 404 when it is not the file's. */
async function targetVersion(db: DbOrTx, fileId: number, versionId: number | undefined, forUpdate = false) {
  const version =
    versionId === undefined ? await repo.currentVersion(db, fileId, forUpdate) : await repo.findVersion(db, fileId, versionId, forUpdate);
  if (!version) throw new AppError(K.versionNotFound, 404, { id: versionId });
  return version;
}

/** A published or scheduled version keeps its binary. */
function requireEditable(version: repo.FileVersionRow): void {
  if (version.publishDate !== null) throw fieldError(OBJECT, 'file', K.versionPublished, { versionLabel: version.label });
}

/**
 * Stores the uploaded binary of a version (default: the current one) that is not published or
 * scheduled, replacing its earlier binary. Streamed into the store (never whole in memory), at most
 * 150 MB, its kind decided by content; the row changes in one transaction with its audit entry,
 * the new object is removed again when that fails, the replaced one once it commits.
 */
export async function uploadBinary(
  deps: Pick<Deps, 'db' | 'files'>,
  auth: AuthContext,
  req: FastifyRequest,
  fileId: number,
  versionId: number | undefined,
  maxBytes = FILE_BINARY_MAX_BYTES,
): Promise<DocumentFile> {
  const file = await repo.findFile(deps.db, fileId);
  if (!file) throw notFound(ENTITY);
  // refuse before receiving anything that could not be kept
  requireEditable(await targetVersion(deps.db, fileId, versionId));
  const received: ReceivedBinary = await receiveBinary(req, deps.files, {
    prefix: `files/${file.businessUnitId}/${file.id}`,
    maxBytes,
    kinds: FILE_BINARY_KINDS,
  });
  return attachBinary(deps, auth, fileId, versionId, received);
}

/**
 * Records a received binary on a version (default: the current one) that is not published or
 * scheduled, replacing its earlier binary, in one transaction with its audit entry: the new object
 * is removed again when that fails, the replaced one once it commits. The admin's upload and the
 * documents' bulk import (decision 0062) both end here.
 */
export async function attachBinary(
  deps: Pick<Deps, 'db' | 'files'>,
  auth: AuthContext,
  fileId: number,
  versionId: number | undefined,
  received: ReceivedBinary,
): Promise<DocumentFile> {
  let previousKey: string | null = null;
  try {
    await deps.db.transaction(async (tx) => {
      const locked = await repo.findFile(tx, fileId, true);
      if (!locked) throw notFound(ENTITY);
      const before = await targetVersion(tx, fileId, versionId, true);
      requireEditable(before);
      const after = await repo.updateVersion(tx, before.id, {
        binaryKey: received.key,
        binaryName: received.fileName,
        binarySize: received.size,
        mediaType: received.mediaType,
        sha256: received.sha256,
        binaryUploadedDate: new Date(),
      });
      await repo.touchFile(tx, fileId);
      await audit(tx, auth, {
        entityName: ENTITY,
        entityId: fileId,
        entityLabel: locked.name,
        action: 'UPDATE',
        businessUnitId: locked.businessUnitId,
        changes: { versionLabel: before.label, binary: { from: binaryState(before), to: binaryState(after) } },
      });
      previousKey = before.binaryKey;
    });
  } catch (err) {
    await removeObjects(deps, [received.key]);
    throw err;
  }
  if (previousKey) await removeObjects(deps, [previousKey]);
  return getFile(deps, fileId);
}

/** Removes the binary of a version that is not published or scheduled; the object goes once the change commits. */
export async function deleteBinary(
  deps: Pick<Deps, 'db' | 'files'>,
  auth: AuthContext,
  fileId: number,
  versionId: number | undefined,
): Promise<DocumentFile> {
  const key = await deps.db.transaction(async (tx) => {
    const locked = await repo.findFile(tx, fileId, true);
    if (!locked) throw notFound(ENTITY);
    const before = await targetVersion(tx, fileId, versionId, true);
    if (!before.binaryKey) throw new AppError(K.noBinary, 404, { versionLabel: before.label });
    requireEditable(before);
    await repo.updateVersion(tx, before.id, {
      binaryKey: null,
      binaryName: null,
      binarySize: null,
      mediaType: null,
      sha256: null,
      binaryUploadedDate: null,
    });
    await repo.touchFile(tx, fileId);
    await audit(tx, auth, {
      entityName: ENTITY,
      entityId: fileId,
      entityLabel: locked.name,
      action: 'UPDATE',
      businessUnitId: locked.businessUnitId,
      changes: { versionLabel: before.label, binary: { from: binaryState(before), to: null } },
    });
    return before.binaryKey;
  });
  await removeObjects(deps, [key]);
  return getFile(deps, fileId);
}

/** Streams the binary of a version (default: the current one), whole or by range. */
export async function downloadBinary(
  deps: Pick<Deps, 'db' | 'files'>,
  req: FastifyRequest,
  reply: FastifyReply,
  fileId: number,
  query: { 'file-version'?: number; disposition?: 'inline' | 'attachment' },
) {
  if (!(await repo.findFile(deps.db, fileId))) throw notFound(ENTITY);
  const version = await targetVersion(deps.db, fileId, query['file-version']);
  if (!version.binaryKey) throw new AppError(K.noBinary, 404, { versionLabel: version.label });
  return sendBinary(req, reply, deps.files, {
    key: version.binaryKey,
    size: version.binarySize ?? 0,
    mediaType: version.mediaType ?? 'application/octet-stream',
    sha256: version.sha256 ?? '',
    fileName: version.binaryName ?? `file-${fileId}`,
    disposition: query.disposition ?? 'attachment',
  });
}
