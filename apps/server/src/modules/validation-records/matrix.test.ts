import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEvidence } from './evidence.js';
import { buildMatrix } from './matrix.js';
import type { Requirement } from './requirements.js';

const REQS: Requirement[] = [
  { id: 'R1', section: '000 §1', title: 'covered and passing', tests: ['apps/server/src/modules/a/'] },
  { id: 'R2', section: '000 §2', title: 'covered, one failing', tests: ['apps/server/src/modules/b/b.test.ts', 'e2e/specs/help/'] },
  { id: 'R3', section: '000 §3', title: 'named but not run', tests: ['apps/admin/src/x/'] },
  { id: 'R4', section: '000 §4', title: 'no test', tests: [] },
];

function evidenceFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'evidence-'));
  const root = '/repo';
  writeFileSync(
    join(dir, 'api.meta.json'),
    JSON.stringify({ commit: 'abc', date: '2026-11-27T10:00:00.000Z', root, environment: { node: 'v24', database: 'PostgreSQL' } }),
  );
  writeFileSync(
    join(dir, 'api.json'),
    JSON.stringify({
      testResults: [
        {
          name: '/repo/apps/server/src/modules/a/a.test.ts',
          assertionResults: [
            { fullName: 'a works', status: 'passed' },
            { fullName: 'a skipped', status: 'skipped' },
          ],
        },
        { name: '/repo/apps/server/src/modules/b/b.test.ts', assertionResults: [{ fullName: 'b works', status: 'passed' }] },
      ],
    }),
  );
  writeFileSync(
    join(dir, 'e2e.meta.json'),
    JSON.stringify({ commit: 'abc', date: '2026-11-27T11:00:00.000Z', environment: { database: 'embedded PGlite' } }),
  );
  writeFileSync(
    join(dir, 'e2e.json'),
    JSON.stringify({
      suites: [
        {
          title: 'help/help.spec.ts',
          file: 'help/help.spec.ts',
          specs: [{ title: 'sends a ticket', ok: false, tests: [{ status: 'unexpected' }] }],
        },
      ],
    }),
  );
  // a report without its meta file is no evidence
  writeFileSync(join(dir, 'admin.json'), JSON.stringify({ testResults: [] }));
  writeFileSync(join(dir, 'site.json'), '{ half');
  writeFileSync(join(dir, 'site.meta.json'), '{}');
  return dir;
}

describe('the traceability matrix', () => {
  it('reads vitest and Playwright reports with their meta files, paths relative to the repository', () => {
    const runs = readEvidence(evidenceFolder());
    expect(runs.map((r) => r.suite)).toEqual(['api', 'e2e']);
    expect(runs[0]?.tests[0]).toEqual({ file: 'apps/server/src/modules/a/a.test.ts', title: 'a works', status: 'passed' });
    expect(runs[1]?.tests[0]).toEqual({ file: 'e2e/specs/help/help.spec.ts', title: 'sends a ticket', status: 'failed' });
  });

  it('gives each requirement its tests and result, and the totals', () => {
    const m = buildMatrix(REQS, readEvidence(evidenceFolder()), '1.0.0', 'abc');
    expect(m.rows.map((r) => r.result)).toEqual(['passed', 'failed', 'not run', 'not covered']);
    expect(m.rows[0]).toMatchObject({ files: ['apps/server/src/modules/a/a.test.ts'], passed: 1, skipped: 1, failed: 0 });
    expect(m.rows[1]?.files).toEqual(['apps/server/src/modules/b/b.test.ts', 'e2e/specs/help/help.spec.ts']);
    expect(m.totals).toEqual({ requirements: 4, passed: 1, failed: 1, notRun: 1, notCovered: 1, tests: 4, testsPassed: 2, testsFailed: 1 });
    expect(m.runs.every((r) => r.matchesCommit)).toBe(true);
    expect(m.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('says when there is no evidence, and the hash follows the content', () => {
    const none = buildMatrix(REQS, readEvidence(join(tmpdir(), 'no-such-evidence-folder')), '1.0.0', 'abc');
    expect(none.runs).toEqual([]);
    expect(none.rows.map((r) => r.result)).toEqual(['not run', 'not run', 'not run', 'not covered']);
    expect(buildMatrix(REQS, [], '1.0.1', 'abc').sha256).not.toBe(none.sha256);
    const doc = {
      kind: 'IQ',
      title: 'Installation qualification',
      version: '1.0',
      approvalDate: '2026-01-15',
      fileName: 'iq.pdf',
      size: 100,
      sha256: 'a'.repeat(64),
      uploadedBy: 'admin',
      uploadedDate: '2026-01-16T08:00:00.000Z',
    };
    const withDoc = buildMatrix(REQS, [], '1.0.0', 'abc', [doc]);
    expect(withDoc.qualificationDocuments).toEqual([doc]);
    expect(withDoc.sha256).not.toBe(none.sha256);
    expect(buildMatrix(REQS, [], '1.0.0', 'abc', [{ ...doc, version: '1.1' }]).sha256).not.toBe(withDoc.sha256);
    // only what is shown is signed: a field the list does not show changes nothing
    expect(buildMatrix(REQS, [], '1.0.0', 'abc', [{ ...doc, id: 9, href: 'x' } as typeof doc]).sha256).toBe(withDoc.sha256);
    const other = buildMatrix(REQS, readEvidence(evidenceFolder()), '1.0.0', 'def');
    expect(other.runs.every((r) => !r.matchesCommit)).toBe(true);
  });
});
