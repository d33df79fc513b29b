import { createHash } from 'node:crypto';
import type { SuiteRun, TestOutcome } from './evidence.js';
import type { Requirement } from './requirements.js';

export type RequirementResult = 'passed' | 'failed' | 'not run' | 'not covered';

export interface MatrixRow {
  id: string;
  section: string;
  title: string;
  /** The test files of the last runs that cover it. */
  files: string[];
  passed: number;
  failed: number;
  skipped: number;
  result: RequirementResult;
}

/** A customer's IQ/OQ/PQ document as the signed records list it: what identifies it, not where its bytes are. */
export interface SignedDocument {
  kind: string;
  title: string;
  version: string;
  /** yyyy-mm-dd */
  approvalDate: string;
  fileName: string;
  size: number;
  sha256: string;
  uploadedBy: string;
  uploadedDate: string;
}

export interface TraceabilityMatrix {
  /** The running version: its software version and commit. */
  version: string;
  commit: string;
  runs: { suite: string; commit: string; date: string; environment: Record<string, string>; tests: number; matchesCommit: boolean }[];
  rows: MatrixRow[];
  totals: {
    requirements: number;
    passed: number;
    failed: number;
    notRun: number;
    notCovered: number;
    tests: number;
    testsPassed: number;
    testsFailed: number;
  };
  /** The customer's own qualification documents of this installation (IQ, OQ, PQ), signed with the rest. */
  qualificationDocuments: SignedDocument[];
  /** SHA-256 (hex) of the canonical JSON of everything above: the content the page and the PDF show. */
  sha256: string;
}

/** Whether a test file is one the requirement names: its exact path, or a folder (ending in `/`) holding it. */
export function covers(pattern: string, file: string): boolean {
  return pattern.endsWith('/') ? file.startsWith(pattern) : file === pattern;
}

function resultOf(req: Requirement, outcomes: TestOutcome[]): RequirementResult {
  if (req.tests.length === 0) return 'not covered';
  if (outcomes.some((o) => o.status === 'failed')) return 'failed';
  if (outcomes.some((o) => o.status === 'passed')) return 'passed';
  return 'not run';
}

/**
 * The traceability matrix of the requirements against the suites' last runs, with the customer's
 * qualification documents beside it: its hash covers both (decision 0077).
 */
export function buildMatrix(
  requirements: readonly Requirement[],
  runs: SuiteRun[],
  version: string,
  commit: string,
  documents: readonly SignedDocument[] = [],
): TraceabilityMatrix {
  const outcomes = runs.flatMap((r) => r.tests);
  const rows = requirements.map((req): MatrixRow => {
    const mine = outcomes.filter((o) => req.tests.some((p) => covers(p, o.file)));
    return {
      id: req.id,
      section: req.section,
      title: req.title,
      files: [...new Set(mine.map((o) => o.file))].sort(),
      passed: mine.filter((o) => o.status === 'passed').length,
      failed: mine.filter((o) => o.status === 'failed').length,
      skipped: mine.filter((o) => o.status === 'skipped').length,
      result: resultOf(req, mine),
    };
  });
  const count = (r: RequirementResult) => rows.filter((row) => row.result === r).length;
  const content = {
    version,
    commit,
    runs: runs.map((r) => ({
      suite: r.suite,
      commit: r.commit,
      date: r.date,
      environment: r.environment,
      tests: r.tests.length,
      matchesCommit: r.commit === commit && commit !== 'unknown',
    })),
    rows,
    totals: {
      requirements: rows.length,
      passed: count('passed'),
      failed: count('failed'),
      notRun: count('not run'),
      notCovered: count('not covered'),
      tests: outcomes.length,
      testsPassed: outcomes.filter((o) => o.status === 'passed').length,
      testsFailed: outcomes.filter((o) => o.status === 'failed').length,
    },
    // only the listed fields, in this order: the hash is of exactly what the page and the PDF show
    qualificationDocuments: documents.map((d) => ({
      kind: d.kind,
      title: d.title,
      version: d.version,
      approvalDate: d.approvalDate,
      fileName: d.fileName,
      size: d.size,
      sha256: d.sha256,
      uploadedBy: d.uploadedBy,
      uploadedDate: d.uploadedDate,
    })),
  };
  return { ...content, sha256: createHash('sha256').update(JSON.stringify(content)).digest('hex') };
}
