import { z } from 'zod';
import { jiraIssueSchema } from '../release-notes.js';
import { defineRoute } from './define.js';

const tags = ['release-notes'];

/** The product's release notes and known bugs (spec 000 §7; decision 0073). */
export const releaseNotesApi = {
  issues: defineRoute({
    method: 'GET',
    path: '/api/jira-issues',
    tags,
    summary: 'The changes of every released version',
    description:
      "Any signed-in user. Read at start from the product's CHANGELOG.md (Keep a Changelog): each change an issue whose " +
      'issuetype is its kind (Added, Changed, Deprecated, Removed, Fixed, Security) and whose one fixVersion is its release ' +
      '(name, releaseDate YYYY-MM-DD), newest release first. Unreleased changes are not listed.',
    response: { 200: z.array(jiraIssueSchema) },
  }),
  knownBugs: defineRoute({
    method: 'GET',
    path: '/api/known-bugs',
    tags,
    summary: 'The known bugs of the running version',
    description: "Any signed-in user. Read at start from the product's KNOWN-ISSUES.md: each bug an issue of type Bug without fixVersions.",
    response: { 200: z.array(jiraIssueSchema) },
  }),
};
