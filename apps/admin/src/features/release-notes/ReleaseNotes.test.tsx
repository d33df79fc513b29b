import { screen, within } from '@testing-library/react';
import type { JiraIssue } from '@vellum/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockServer, ok } from '../../test/fakeServer';
import { cleanupRoute, renderRoute } from '../../test/renderRoute';
import { auth, signedInWith } from '../../test/signedIn';
import { changesByType, ReleaseNotesPage } from './ReleaseNotesPage';

vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));

const issue = (key: string, summary: string, type: string, version: string, date: string): JiraIssue => ({
  id: key,
  key,
  fields: { summary, issuetype: { name: type }, fixVersions: [{ name: version, releaseDate: date, released: true }] },
});
const ISSUES = [
  issue('VEL-4', 'Fixed the export', 'Bug', '1.1.0', '2026-02-03'),
  issue('VEL-3', 'A help form', 'New Feature', '1.1.0', '2026-02-03'),
  issue('VEL-2', 'Faster lists', 'Improvement', '1.0.10', '2026-01-20'),
  issue('VEL-1', 'Sign-in', 'New Feature', '1.0.9', '2026-01-02'),
];

beforeEach(() => signedInWith([]));
afterEach(cleanupRoute);

describe('release notes', () => {
  it('groups a version’s changes by kind, new features first', () => {
    expect(changesByType(ISSUES, '1.1.0').map(([type, changes]) => [type, changes.map((c) => c.key)])).toEqual([
      ['New Feature', ['VEL-3']],
      ['Bug', ['VEL-4']],
    ]);
  });

  it('shows the known issues, then every version newest first, the running one marked', async () => {
    mockServer({
      'GET /api/jira-issues': () => ok(ISSUES),
      'GET /api/known-bugs': () =>
        ok([{ id: 'kb-1', key: 'KB-1', fields: { summary: 'Export is slow', issuetype: { name: 'Bug' }, fixVersions: [] } }]),
      'GET /management/info': () => ok({ version: '1.1.0' }),
    });
    renderRoute(<ReleaseNotesPage />, { url: '/general-settings/release-notes', path: '/general-settings/release-notes' });
    expect(await within(await screen.findByTestId('known-bugs')).findByText('Export is slow')).toBeTruthy();
    const releases = screen.getAllByTestId('release');
    expect(releases.map((r) => within(r).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Version 1.1.0',
      'Version 1.0.10',
      'Version 1.0.9',
    ]);
    expect(within(releases[0]).getByText('A help form')).toBeTruthy();
    expect(within(releases[0]).getByRole('heading', { level: 3, name: 'Added' })).toBeTruthy();
    expect(within(releases[0]).getByRole('heading', { level: 3, name: 'Fixed' })).toBeTruthy();
    expect(await within(releases[0]).findByText('Running')).toBeTruthy();
    expect(within(releases[1]).queryByText('Running')).toBeNull();
  });
});
