import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PaperCopyErrorKeys, type PaperCopyRequest } from '@vellum/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { mockServer, ok, problem } from '../../test/fakeServer';
import { cleanupRoute, renderRoute } from '../../test/renderRoute';
import { auth, signedInWith } from '../../test/signedIn';
import { PaperCopyRequestsPage } from './PaperCopyRequestsPage';

vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));

const PATH = '/my-business-units/:businessUnitId/administration/paper-copy-requests';
const BASE = '/my-business-units/1/administration/paper-copy-requests';

const request = (over: Partial<PaperCopyRequest> = {}): PaperCopyRequest => ({
  id: 7,
  businessUnitId: 1,
  publicationNumber: 3,
  productTypeId: 2,
  productTypeName: 'Catheters',
  keyCode: '04006381333931',
  documentId: 31,
  documentNumber: 'IFU-001',
  documentName: 'Pacemaker manual',
  fileId: 40,
  fileName: 'IFU English',
  versionLabel: '2.1',
  requesterName: 'Anna Peeters',
  postalAddress: 'Kerkstraat 1\n2000 Antwerpen',
  email: 'anna@example.com',
  language: 'nl',
  createdDate: '2026-11-20T10:00:00Z',
  dueDate: '2026-11-27T10:00:00Z',
  sentDate: null,
  sentBy: null,
  state: 'OPEN',
  daysLeft: 2,
  version: 0,
  ...over,
});
const late = request({
  id: 8,
  documentNumber: 'IFU-002',
  requesterName: 'Bert Jansen',
  dueDate: '2026-11-22T10:00:00Z',
  state: 'OVERDUE',
  daysLeft: -2,
});
const done = request({
  id: 9,
  documentNumber: 'IFU-003',
  state: 'SENT',
  daysLeft: null,
  sentDate: '2026-11-21T09:00:00Z',
  sentBy: 'clara@acme.example',
  version: 1,
});

function server(over: Record<string, Parameters<typeof mockServer>[0][string]> = {}) {
  return mockServer({
    'GET /api/paper-copy-requests': (req) => {
      const state = req.query.get('state');
      const rows = [late, request(), done].filter(
        (r) => !state || (state === 'sent' ? r.state === 'SENT' : state === 'overdue' ? r.state === 'OVERDUE' : r.state !== 'SENT'),
      );
      return ok(rows, { 'x-total-count': String(rows.length) });
    },
    'PUT /api/paper-copy-requests/7/sent': () =>
      ok({ ...request(), state: 'SENT', sentDate: '2026-11-25T10:00:00Z', sentBy: 'me', version: 1 }),
    ...over,
  });
}

beforeEach(() => {
  signedInWith(['DOCUMENT_MANAGE']);
});
afterEach(cleanupRoute);

describe('texts', () => {
  it('the error and alert keys have English texts', async () => {
    const { loadAllTranslations } = await import('../../i18n');
    await loadAllTranslations();
    for (const key of [...Object.values(PaperCopyErrorKeys), 'vellumApp.paperCopyRequest.sent']) expect(i18n.exists(key), key).toBe(true);
  });
});

describe('paper copy requests', () => {
  it('lists the requests still to send, the most urgent first, with days left and overdue marked', async () => {
    const calls = server();
    renderRoute(<PaperCopyRequestsPage />, { url: BASE, path: PATH });
    const table = await screen.findByRole('table', { name: 'Paper copy requests' });
    await within(table).findByText('Overdue by 3 days');
    const rows = within(table).getAllByRole('row');
    // header + late + open
    expect(rows).toHaveLength(3);
    expect(within(rows[1]).getByText('Overdue by 3 days')).toBeTruthy();
    expect(within(rows[1]).getByText(/IFU-002/)).toBeTruthy();
    expect(within(rows[2]).getByText('2 days left')).toBeTruthy();
    expect(within(rows[2]).getByText('IFU English, version 2.1')).toBeTruthy();
    expect(within(rows[2]).getByText('anna@example.com')).toBeTruthy();
    const list = calls.find((c) => c.key === 'GET /api/paper-copy-requests');
    expect([list?.query.get('business-unit'), list?.query.get('state'), list?.query.get('sort')]).toEqual(['1', 'open', 'dueDate,asc']);
  });

  it('filters overdue, sent (with date and who) and all', async () => {
    const calls = server();
    renderRoute(<PaperCopyRequestsPage />, { url: BASE, path: PATH });
    await screen.findByRole('table', { name: 'Paper copy requests' });
    fireEvent.click(screen.getByRole('radio', { name: 'Sent' }));
    expect(await screen.findByText('by clara@acme.example')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Mark .* as sent/ })).toBeNull();
    expect(calls.at(-1)?.query.get('state')).toBe('sent');
    fireEvent.click(screen.getByRole('radio', { name: 'Overdue' }));
    await waitFor(() => expect(calls.at(-1)?.query.get('state')).toBe('overdue'));
    expect(await screen.findByText('Overdue by 3 days')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(calls.at(-1)?.query.has('state')).toBe(false));
    expect(screen.getByTestId('location').textContent).toContain('state=all');
  });

  it('marks a request as sent after the confirmation, with its version', async () => {
    const calls = server();
    renderRoute(<PaperCopyRequestsPage />, { url: BASE, path: PATH });
    fireEvent.click(await screen.findByRole('button', { name: 'Mark IFU-001 for Anna Peeters as sent' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/posted to Anna Peeters/)).toBeTruthy();
    expect(within(dialog).getByTestId('confirm-address').textContent).toContain('2000 Antwerpen');
    expect(calls.some((c) => c.key.startsWith('PUT'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as sent' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'PUT /api/paper-copy-requests/7/sent')).toBe(true));
    expect(calls.find((c) => c.key === 'PUT /api/paper-copy-requests/7/sent')?.body).toEqual({ version: 0 });
    // the list reloads
    await waitFor(() => expect(calls.filter((c) => c.key === 'GET /api/paper-copy-requests').length).toBeGreaterThan(1));
  });

  it('cancelling the confirmation sends nothing', async () => {
    const calls = server();
    renderRoute(<PaperCopyRequestsPage />, { url: BASE, path: PATH });
    fireEvent.click(await screen.findByRole('button', { name: 'Mark IFU-001 for Anna Peeters as sent' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.key.startsWith('PUT'))).toBe(false);
  });

  it('a stale version reloads the list', async () => {
    const calls = server({ 'PUT /api/paper-copy-requests/7/sent': () => problem(409, 'error.concurrencyFailure') });
    renderRoute(<PaperCopyRequestsPage />, { url: BASE, path: PATH });
    fireEvent.click(await screen.findByRole('button', { name: 'Mark IFU-001 for Anna Peeters as sent' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mark as sent' }));
    await waitFor(() => expect(calls.filter((c) => c.key === 'GET /api/paper-copy-requests').length).toBeGreaterThan(1));
  });

  it('shows the empty state of the filter, and the error state with a retry', async () => {
    server({ 'GET /api/paper-copy-requests': () => ok([], { 'x-total-count': '0' }) });
    renderRoute(<PaperCopyRequestsPage />, { url: BASE, path: PATH });
    expect(await screen.findByText('No paper copy is waiting to be sent.')).toBeTruthy();
    cleanupRoute();
    server({ 'GET /api/paper-copy-requests': () => ok([], { 'x-total-count': '0' }) });
    renderRoute(<PaperCopyRequestsPage />, { url: `${BASE}?state=all`, path: PATH });
    expect(await screen.findByText('No visitor has asked for a paper copy yet.')).toBeTruthy();
    cleanupRoute();
    server({ 'GET /api/paper-copy-requests': () => problem(500, 'error.http.500') });
    renderRoute(<PaperCopyRequestsPage />, { url: BASE, path: PATH });
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
