import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One automated test's outcome in a run, its file relative to the repository. */
export interface TestOutcome {
  file: string;
  title: string;
  status: 'passed' | 'failed' | 'skipped';
}

/** One suite's run (api, admin, site, e2e) as its reporter and `scripts/evidence-meta.mjs` wrote it. */
export interface SuiteRun {
  suite: string;
  commit: string;
  date: string;
  environment: Record<string, string>;
  tests: TestOutcome[];
}

const SUITE_FILE = /^([a-z0-9-]+)\.json$/;
/** Where a repository-relative test path starts in an absolute one. */
const REPO_PART = /(?:^|\/)((?:apps|packages|e2e|bench)\/.*)$/;

function relative(file: string, root: string | undefined): string {
  const path = file.replaceAll('\\', '/');
  if (root && path.startsWith(`${root.replaceAll('\\', '/')}/`)) return path.slice(root.length + 1);
  return REPO_PART.exec(path)?.[1] ?? path;
}

function statusOf(s: unknown): TestOutcome['status'] {
  if (s === 'passed' || s === 'expected' || s === 'flaky') return 'passed';
  if (s === 'skipped' || s === 'pending' || s === 'todo' || s === 'disabled') return 'skipped';
  return 'failed';
}

interface VitestFile {
  name: string;
  assertionResults?: { fullName?: string; title?: string; status?: string }[];
}
interface PlaywrightSuite {
  title?: string;
  file?: string;
  specs?: { title: string; ok?: boolean; file?: string; tests?: { status?: string; results?: { status?: string }[] }[] }[];
  suites?: PlaywrightSuite[];
}

function vitestOutcomes(report: { testResults?: VitestFile[] }, root: string | undefined): TestOutcome[] {
  return (report.testResults ?? []).flatMap((f) =>
    (f.assertionResults ?? []).map((a) => ({
      file: relative(f.name, root),
      title: a.fullName ?? a.title ?? '',
      status: statusOf(a.status),
    })),
  );
}

/** Playwright files are relative to its test folder (e2e/specs). */
function playwrightOutcomes(suites: PlaywrightSuite[], path: string[] = []): TestOutcome[] {
  return suites.flatMap((s) => {
    const titles = s.file && s.title === s.file ? path : [...path, s.title ?? ''].filter(Boolean);
    const own = (s.specs ?? []).map((spec) => {
      const file = `e2e/specs/${(spec.file ?? s.file ?? '').replaceAll('\\', '/')}`;
      const test = spec.tests?.[0];
      const status = test?.status === 'skipped' ? 'skipped' : spec.ok ? 'passed' : 'failed';
      return { file, title: [...titles, spec.title].join(' › '), status } satisfies TestOutcome;
    });
    return [...own, ...playwrightOutcomes(s.suites ?? [], titles)];
  });
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/**
 * Every suite's last run found in the evidence folder: `<suite>.json` (vitest's or Playwright's JSON
 * report) with `<suite>.meta.json` (commit, date, environment). A report without its meta file, or
 * one that does not parse, is left out: nothing is shown that the run did not write.
 */
export function readEvidence(folder: string): SuiteRun[] {
  if (!existsSync(folder)) return [];
  const runs: SuiteRun[] = [];
  for (const name of readdirSync(folder).sort()) {
    const suite = SUITE_FILE.exec(name)?.[1];
    if (!suite || name.endsWith('.meta.json')) continue;
    const metaPath = join(folder, `${suite}.meta.json`);
    if (!existsSync(metaPath)) continue;
    try {
      const meta = readJson(metaPath) as { commit?: string; date?: string; root?: string; environment?: Record<string, string> };
      const report = readJson(join(folder, name)) as { testResults?: VitestFile[]; suites?: PlaywrightSuite[] };
      const tests = Array.isArray(report.suites) ? playwrightOutcomes(report.suites) : vitestOutcomes(report, meta.root);
      runs.push({
        suite,
        commit: String(meta.commit ?? 'unknown'),
        date: String(meta.date ?? ''),
        environment: Object.fromEntries(Object.entries(meta.environment ?? {}).map(([k, v]) => [k, String(v)])),
        tests,
      });
    } catch {
      // a half-written or foreign file is no evidence
    }
  }
  return runs;
}
