import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type QualificationDocument,
  VALIDATION_RECORDS_TOKEN_MINUTES,
  ValidationRecordsErrorKeys,
  type ValidationRecordsLink,
} from '@vellum/contract';
import { isRowId } from '../../db/sql.js';
import type { AuthContext } from '../../platform/access.js';
import { audit } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { findManufacturer, MANUFACTURER_ID } from '../manufacturer/manufacturer.repo.js';
import { readEvidence } from './evidence.js';
import { buildMatrix, type TraceabilityMatrix } from './matrix.js';
import { findDocument, type QualificationDocumentRow } from './qualification-documents.repo.js';
import { documentsForRecords, qualificationDocumentView } from './qualification-documents.service.js';
import { downloadGrant, GRANT_PARAM, grantExpiry, grantValid } from './records-downloads.js';
import { recordsSigner } from './records-signature.js';
import { REQUIREMENTS } from './requirements.js';
import * as repo from './validation-records.repo.js';

const here = dirname(fileURLToPath(import.meta.url));
/** The repository's root when the sources run (development, tests); the bundle's folder in production. */
const REPO_ROOT = join(here, '../../../../..');
/** Where the records page's path is, under the server's public address. */
export const RECORDS_PATH = '/validation-records';
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The evidence folder: VALIDATION_EVIDENCE_DIR, else the one the build copied beside the bundle, else the repository's. */
export function evidenceFolder(configured: string | undefined): string {
  if (configured) return configured;
  const bundled = join(here, 'validation-evidence');
  return existsSync(bundled) ? bundled : join(REPO_ROOT, 'validation', 'evidence');
}

let commitOfProcess: string | undefined;
/** The running commit: VELLUM_COMMIT, else git's HEAD where the sources are, else "unknown" (read once). */
export function runningCommit(configured: string | undefined): string {
  if (configured) return configured;
  if (commitOfProcess === undefined) {
    try {
      commitOfProcess = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: here, stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000 })
        .toString()
        .trim();
    } catch {
      commitOfProcess = 'unknown';
    }
  }
  return commitOfProcess;
}

async function requireActive(deps: Deps): Promise<void> {
  if (!(await findManufacturer(deps.db))?.validationRecordsActive) throw new AppError(ValidationRecordsErrorKeys.inactive, 403);
}

/** A one-time token for the records page, its hash stored with an audit row (decision 0077). */
export async function validationRecordsLink(deps: Deps, auth: AuthContext): Promise<ValidationRecordsLink> {
  await requireActive(deps);
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    await repo.deleteExpiredTokens(tx, now);
    const row = await repo.insertToken(tx, {
      tokenHash: hashToken(token),
      manufacturerId: MANUFACTURER_ID,
      userId: auth.userId,
      expiresAt: new Date(now.getTime() + VALIDATION_RECORDS_TOKEN_MINUTES * 60_000),
    });
    await audit(
      tx,
      { userId: auth.userId, login: auth.login },
      { entityName: 'ValidationRecords', entityId: row?.id, entityLabel: 'Validation records', action: 'OPEN' },
    );
  });
  return { redirectUrl: `${deps.config.publicUrl}${RECORDS_PATH}`, token };
}

export interface SignedRecords {
  matrix: TraceabilityMatrix;
  signature: string;
  publicKeyPem: string;
  generatedAt: string;
}

/** A customer's document as the records page lists it, with its own download link (records-downloads.ts). */
export interface RecordsDocument extends QualificationDocument {
  /** Relative to the page: `validation-records/documents/{id}?grant=…`. */
  href: string;
}

export type RecordsOutcome = { ok: true; records: SignedRecords; documents: RecordsDocument[] } | { ok: false; status: 401 | 403 };

/** The records the token opens (taken once), or why not: 401 for a missing, wrong, expired or used token; 403 when the feature is off. */
export async function openRecords(deps: Deps, token: string | undefined): Promise<RecordsOutcome> {
  if (!(await findManufacturer(deps.db))?.validationRecordsActive) return { ok: false, status: 403 };
  if (!token || !TOKEN_PATTERN.test(token)) return { ok: false, status: 401 };
  const taken = await repo.takeToken(deps.db, hashToken(token), MANUFACTURER_ID, new Date());
  if (!taken) return { ok: false, status: 401 };
  const now = new Date();
  const expires = grantExpiry(now);
  const documents = (await documentsForRecords(deps)).map((row) => ({
    ...qualificationDocumentView(row),
    href: `${RECORDS_PATH.slice(1)}/documents/${row.id}?${GRANT_PARAM}=${downloadGrant(deps.config.tokenSecret, row, expires)}`,
  }));
  // the customer's documents are part of the signed content, as the page and the PDF list them
  const matrix = buildMatrix(
    REQUIREMENTS,
    readEvidence(evidenceFolder(deps.config.validationEvidenceDir)),
    deps.config.version,
    runningCommit(deps.config.commit),
    documents,
  );
  const signer = recordsSigner(deps.config.tokenSecret);
  return {
    ok: true,
    records: { matrix, signature: signer.sign(matrix.sha256), publicKeyPem: signer.publicKeyPem, generatedAt: now.toISOString() },
    documents,
  };
}

export type DocumentOutcome = { ok: true; row: QualificationDocumentRow } | { ok: false; status: 401 | 403 };

/**
 * The document a records page's link names, when its grant is valid: 401 for a wrong, expired or
 * altered grant and for a document deleted (or not the manufacturer's) since; 403 when the feature is off.
 */
export async function openRecordsDocument(deps: Deps, id: number, grant: string | undefined): Promise<DocumentOutcome> {
  if (!(await findManufacturer(deps.db))?.validationRecordsActive) return { ok: false, status: 403 };
  const row = isRowId(id) ? await findDocument(deps.db, MANUFACTURER_ID, id) : undefined;
  if (!row || !grantValid(deps.config.tokenSecret, row, grant, new Date())) return { ok: false, status: 401 };
  return { ok: true, row };
}
