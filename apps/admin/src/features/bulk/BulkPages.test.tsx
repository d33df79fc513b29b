import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockServer, ok, problem } from '../../test/fakeServer';
import { renderRoute } from '../../test/renderRoute';
import { BulkSettingsPage } from './BulkSettingsPage';
import { ExportDownloadPage } from './ExportDownloadPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the switch of bulk uploads', () => {
  it('shows the state and switches it', async () => {
    let active = true;
    const calls = mockServer({
      'GET /api/bulk/active': () => ok({ active }),
      'PUT /api/bulk/active': (req) => {
        active = (req.body as { active: boolean }).active;
        return ok({ active }, { 'x-vellum-alert': 'vellumApp.bulk.activeUpdated' });
      },
    });
    renderRoute(<BulkSettingsPage />, { url: '/s', path: '/s' });
    const toggle = (await screen.findByRole('switch', { name: 'Bulk uploads are on' })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect(calls.filter((c) => c.key === 'PUT /api/bulk/active')).toHaveLength(1));
    expect(calls.find((c) => c.key === 'PUT /api/bulk/active')?.body).toEqual({ active: false });
    await waitFor(() => expect(toggle.checked).toBe(false));
  });
});

describe('the download page of an export', () => {
  it('downloads the zip with the token of the link', async () => {
    const calls = mockServer({ 'GET /api/bulk/exports/5/download': () => ok({}) });
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderRoute(<ExportDownloadPage />, { url: '/bulk-exports/5?token=abc.def', path: '/bulk-exports/:id' });
    fireEvent.click(await screen.findByRole('button', { name: 'Download the export' }));
    await screen.findByText('The download has started.');
    expect(calls[0]?.query.get('token')).toBe('abc.def');
    expect(createObjectURL).toHaveBeenCalled();
  });

  it('says when the link is incomplete, and does not call', async () => {
    const calls = mockServer({ 'GET /api/bulk/exports/5/download': () => problem(403, 'error.bulk.downloadLinkInvalid') });
    renderRoute(<ExportDownloadPage />, { url: '/bulk-exports/5', path: '/bulk-exports/:id' });
    await screen.findByText(/This link is incomplete/);
    expect(screen.queryByRole('button', { name: 'Download the export' })).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
