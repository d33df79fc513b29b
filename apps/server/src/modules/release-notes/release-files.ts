import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JiraIssue } from '@vellum/contract';
import { issuesOf, knownBugsOf, parseChangelog, parseKnownIssues } from './changelog.js';

const here = dirname(fileURLToPath(import.meta.url));
/**
 * Where the two files are: beside the production bundle (`dist/release-notes/`, copied by the
 * server's build script), else at the repository's root (development and tests run the sources).
 */
const FOLDERS = [join(here, 'release-notes'), join(here, '../../../../..')];

function readReleaseFile(name: string): { text: string; path: string } {
  for (const folder of FOLDERS) {
    const path = join(folder, name);
    if (existsSync(path)) return { text: readFileSync(path, 'utf8'), path };
  }
  throw new Error(`${name} not found (looked in ${FOLDERS.join(', ')})`);
}

export interface ReleaseNotes {
  issues: JiraIssue[];
  knownBugs: JiraIssue[];
  /** The newest released version. */
  latest?: string;
}

/** Reads and checks CHANGELOG.md and KNOWN-ISSUES.md (once, at start: a malformed file stops the start, naming its line). */
export function loadReleaseNotes(): ReleaseNotes {
  const changelog = readReleaseFile('CHANGELOG.md');
  const known = readReleaseFile('KNOWN-ISSUES.md');
  const releases = parseChangelog(changelog.text, changelog.path);
  return {
    issues: issuesOf(releases),
    knownBugs: knownBugsOf(parseKnownIssues(known.text, known.path)),
    latest: releases.find((r) => r.date !== undefined)?.version,
  };
}
