import { z } from 'zod';

/**
 * Release notes and known bugs (spec 000 §1, §3; issue 24; decision 0073): the product's own
 * CHANGELOG.md and KNOWN-ISSUES.md, served in the shape of a tracker's issues as the spec's client
 * reads them: each change an issue with `fields.summary`, `fields.issuetype` and
 * `fields.fixVersions[]` (`name`, `releaseDate`).
 */

/** The kinds of change of Keep a Changelog, as issue types. */
export const CHANGE_TYPES = ['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security'] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];

export const fixVersionSchema = z.object({
  name: z.string(),
  /** The day of the release, YYYY-MM-DD. */
  releaseDate: z.string(),
  released: z.boolean(),
});

export const jiraIssueSchema = z.object({
  id: z.string(),
  key: z.string(),
  fields: z.object({
    summary: z.string(),
    issuetype: z.object({ name: z.string() }),
    /** The release that brought the change (empty for a known bug). */
    fixVersions: z.array(fixVersionSchema),
  }),
});
export type JiraIssue = z.output<typeof jiraIssueSchema>;

/** The versions of the release notes, newest first: the distinct first fix versions (spec 000 §3). */
export function releaseVersions(issues: readonly JiraIssue[]): { name: string; releaseDate: string }[] {
  const seen = new Map<string, string>();
  for (const issue of issues) {
    const first = issue.fields.fixVersions[0];
    if (first && !seen.has(first.name)) seen.set(first.name, first.releaseDate);
  }
  return [...seen]
    .map(([name, releaseDate]) => ({ name, releaseDate }))
    .sort((a, b) => b.releaseDate.localeCompare(a.releaseDate) || b.name.localeCompare(a.name, 'en', { numeric: true }));
}
