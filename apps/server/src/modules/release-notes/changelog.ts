import { CHANGE_TYPES, type ChangeType, type JiraIssue } from '@vellum/contract';

/** A malformed release-notes file: names the file and line, so a bad edit stops the start and says where. */
export class ReleaseNotesError extends Error {}

export interface Release {
  version: string;
  /** YYYY-MM-DD; undefined for Unreleased. */
  date?: string;
  changes: { type: ChangeType; text: string }[];
}

const RELEASE = /^## \[(Unreleased|\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\](?: - (\d{4}-\d{2}-\d{2}))?$/;
const SECTION = /^### (\w+)$/;
const LINK_REFERENCE = /^\[[^\]]+\]: \S+$/;

/** A real day of the calendar. */
const isDay = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/**
 * The items of a markdown list under a heading: `- text` lines, a line indented by two spaces or
 * more continuing the item before it. Returns the items and whether the line was taken.
 */
function listLine(line: string, items: string[]): boolean {
  if (line.startsWith('- ')) {
    items.push(line.slice(2).trim());
    return true;
  }
  if (/^ {2,}\S/.test(line) && items.length > 0) {
    items[items.length - 1] = `${items[items.length - 1]} ${line.trim()}`;
    return true;
  }
  return false;
}

/**
 * Reads a changelog in the form of Keep a Changelog 1.1: a `# ` title and free text, then
 * `## [Unreleased]` and `## [x.y.z] - YYYY-MM-DD` releases, each with `### Added|Changed|Deprecated|
 * Removed|Fixed|Security` sections of `- ` items, and link references at the end. Strict: any other
 * line after the first release, a release without a date, a date that is no day, a version twice,
 * releases not newest first, an empty item or a section of another name is an error naming its line.
 */
export function parseChangelog(text: string, file = 'CHANGELOG.md'): Release[] {
  const releases: Release[] = [];
  let section: ChangeType | undefined;
  let items: string[] = [];
  const fail = (n: number, why: string): never => {
    throw new ReleaseNotesError(`${file}:${n + 1}: ${why}`);
  };
  const flush = () => {
    const release = releases.at(-1);
    if (release && section) for (const item of items) release.changes.push({ type: section, text: item });
    items = [];
  };
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (!lines[0]?.startsWith('# ')) fail(0, 'the first line must be the "# " title');
  lines.forEach((line, n) => {
    if (n === 0) return;
    const release = RELEASE.exec(line);
    if (release) {
      flush();
      section = undefined;
      const [, version, date] = release;
      if (version === 'Unreleased' ? date !== undefined : date === undefined) fail(n, 'a release has a date, Unreleased none');
      if (date !== undefined && !isDay(date)) fail(n, `${date} is not a day`);
      if (version === 'Unreleased' && releases.length > 0) fail(n, 'Unreleased comes first');
      if (releases.some((r) => r.version === version)) fail(n, `version ${version} twice`);
      const previous = releases.at(-1)?.date;
      if (date && previous && date > previous) fail(n, 'releases are listed newest first');
      releases.push({ version, date, changes: [] });
      return;
    }
    if (releases.length === 0) {
      if (line.startsWith('#')) fail(n, 'a heading before the first release');
      return; // the introduction
    }
    const heading = SECTION.exec(line);
    if (heading) {
      flush();
      const type = CHANGE_TYPES.find((t) => t === heading[1]);
      if (!type) fail(n, `"${heading[1]}" is not one of ${CHANGE_TYPES.join(', ')}`);
      section = type;
      return;
    }
    if (line.trim() === '' || LINK_REFERENCE.test(line)) return;
    if (section && listLine(line, items)) {
      if (items.at(-1) === '') fail(n, 'an empty item');
      return;
    }
    fail(n, 'expected a "- " item under a "### " section, a release or a link reference');
  });
  flush();
  return releases;
}

/**
 * Reads the known-issues list: a `# ` title and free text, then one `- ` item per issue (lines
 * indented by two spaces continue it). Strict: a heading or other text after the first item is an error.
 */
export function parseKnownIssues(text: string, file = 'KNOWN-ISSUES.md'): string[] {
  const items: string[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (!lines[0]?.startsWith('# ')) throw new ReleaseNotesError(`${file}:1: the first line must be the "# " title`);
  lines.forEach((line, n) => {
    if (n === 0) return;
    if (listLine(line, items)) {
      if (items.at(-1) === '') throw new ReleaseNotesError(`${file}:${n + 1}: an empty item`);
      return;
    }
    if (line.trim() === '') return;
    if (items.length > 0 || line.startsWith('#')) throw new ReleaseNotesError(`${file}:${n + 1}: expected a "- " item`);
  });
  return items;
}

/** What each kind of change is called as an issue type. */
const ISSUE_TYPES: Record<ChangeType, string> = {
  Added: 'New Feature',
  Changed: 'Improvement',
  Deprecated: 'Deprecation',
  Removed: 'Removal',
  Fixed: 'Bug',
  Security: 'Security',
};

/** The released changes as issues, newest release first; keys count from the oldest change (VEL-1), so they stay put as releases are added. */
export function issuesOf(releases: readonly Release[]): JiraIssue[] {
  const released = releases.filter((r) => r.date !== undefined);
  const total = released.reduce((n, r) => n + r.changes.length, 0);
  let next = total;
  return released.flatMap((r) =>
    r.changes.map((c) => {
      const number = next--;
      return {
        id: String(number),
        key: `VEL-${number}`,
        fields: {
          summary: c.text,
          issuetype: { name: ISSUE_TYPES[c.type] },
          fixVersions: [{ name: r.version, releaseDate: r.date ?? '', released: true }],
        },
      };
    }),
  );
}

/** The known issues as bugs without a fix version (KB-1 first). */
export function knownBugsOf(items: readonly string[]): JiraIssue[] {
  return items.map((summary, i) => ({
    id: `kb-${i + 1}`,
    key: `KB-${i + 1}`,
    fields: { summary, issuetype: { name: 'Bug' }, fixVersions: [] },
  }));
}
