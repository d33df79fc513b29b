import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type RetainedVersion, RetentionAlerts } from '@vellum/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { mockServer, ok, problem } from '../../test/fakeServer';
import { cleanupRoute, renderRoute } from '../../test/renderRoute';
import { auth, signedInWith } from '../../test/signedIn';
import { RetentionPage } from './RetentionPage';

vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));
// a full page with a table and a dialog renders slowly in jsdom on a busy machine
vi.setConfig({ testTimeout: 30_000 });

const PATH = '/my-business-units/:businessUnitId/administration/retention';
const BASE = '/my-business-units/1/administration/retention';

const version = (over: Partial<RetainedVersion> = {}): RetainedVersion => ({
  fileVersionId: 11,
  fileId: 4,
  fileName: 'IFU English',
  documentId: 3,
  documentNumber: 'IFU-001',
  versionLabel: '2.1',
  versionDate: '2026-01-10',
  publishDate: '2026-01-12T08:00:00Z',
  archiveDate: null,
  productTypeId: 2,
  productTypeName: 'Pacemakers',
  retentionYears: 15,
  implantable: true,
  endOfLifeDate: '2020-03-01',
  basis: 'END_OF_LIFE',
  retainedUntil: '2035-03-01',
  live: true,
  purgeable: false,
  ...over,
});
const expired = version({
  fileVersionId: 12,
  fileName: 'IFU old',
  versionLabel: '1.0',
  productTypeName: 'Catheters',
  retentionYears: 2,
  implantable: false,
  endOfLifeDate: '2000-01-01',
  retainedUntil: '2002-01-01',
  archiveDate: '2026-02-01T00:00:00Z',
  live: false,
  purgeable: true,
});
const open = version({ fileVersionId: 13, fileName: 'IFU running', basis: 'NO_END_DATE', endOfLifeDate: null, retainedUntil: null });

const page = (items: RetainedVersion[], purgeableCount = 1) => ({
  items,
  pageable: { pageNumber: 0, pageSize: 20, totalPages: 1, totalElements: items.length },
  held: 3,
  purgeableCount,
});

function server(over: Record<string, Parameters<typeof mockServer>[0][string]> = {}) {
  return mockServer({
    'GET /api/retention/report': (req) => ok(req.query.get('purgeable') === 'true' ? page([expired]) : page([expired, version(), open])),
    'POST /api/retention/purge': () =>
      ok(
        { businessUnitId: 1, versions: 1, files: 1, documents: 0, binaries: 1 },
        { 'x-vellum-alert': RetentionAlerts.purged, 'x-vellum-params': '1' },
      ),
    ...over,
  });
}

beforeEach(() => {
  signedInWith(['DOCUMENT_READ', 'DOCUMENT_DELETE']);
});
afterEach(cleanupRoute);

describe('texts', () => {
  it('the alert keys have English texts', async () => {
    const { loadAllTranslations } = await import('../../i18n');
    await loadAllTranslations();
    for (const key of Object.values(RetentionAlerts)) expect(i18n.exists(key), key).toBe(true);
    expect(i18n.exists('error.productType.retentionTooShort')).toBe(true);
  });
});

describe('the retention report', () => {
  it('lists what is kept, by which rule and until when, with the counts', async () => {
    const calls = server();
    renderRoute(<RetentionPage />, { url: BASE, path: PATH });
    const table = await screen.findByRole('table', { name: 'Retention' });
    await within(table).findByText('IFU old, version 1.0');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[1]).getByText('IFU old, version 1.0')).toBeTruthy();
    expect(within(rows[1]).getByText('May be purged')).toBeTruthy();
    expect(within(rows[2]).getByText(/Implantable: 15 years after end of life/)).toBeTruthy();
    expect(within(rows[2]).getByText('1 Mar 2035')).toBeTruthy();
    expect(within(rows[2]).getByText('On the live site')).toBeTruthy();
    expect(within(rows[3]).getByText('Indefinitely (a product has no end-of-life date)')).toBeTruthy();
    expect(screen.getByTestId('retention-summary').textContent).toContain('3 public file versions are kept; 1 may be purged now.');
    const call = calls.find((c) => c.key === 'GET /api/retention/report');
    expect([call?.query.get('business-unit'), call?.query.get('purgeable')]).toEqual(['1', null]);
  });

  it('shows only what may be purged', async () => {
    const calls = server();
    renderRoute(<RetentionPage />, { url: BASE, path: PATH });
    await screen.findByRole('table', { name: 'Retention' });
    fireEvent.click(screen.getByRole('radio', { name: 'May be purged now' }));
    await waitFor(() => expect(calls.at(-1)?.query.get('purgeable')).toBe('true'));
  });

  it('purges after the confirmation, and not without it', async () => {
    const calls = server();
    renderRoute(<RetentionPage />, { url: BASE, path: PATH });
    await screen.findByText('IFU old, version 1.0');
    fireEvent.click(screen.getByRole('button', { name: 'Purge now' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.key === 'POST /api/retention/purge')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Purge now' }));
    dialog = await screen.findByRole('dialog');
    const code = within(dialog).queryByTestId('confirmation-code')?.textContent;
    const input = within(dialog).queryByRole('textbox');
    if (input && code) fireEvent.change(input, { target: { value: code } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Purge now' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/retention/purge')).toBe(true));
    expect(calls.find((c) => c.key === 'POST /api/retention/purge')?.query.get('business-unit')).toBe('1');
  });

  it('offers no purge without DOCUMENT_DELETE', async () => {
    signedInWith(['DOCUMENT_READ']);
    server();
    renderRoute(<RetentionPage />, { url: BASE, path: PATH });
    await screen.findByRole('table', { name: 'Retention' });
    expect(screen.queryByRole('button', { name: 'Purge now' })).toBeNull();
  });

  it('shows the empty state, and the error state with a retry', async () => {
    server({ 'GET /api/retention/report': () => ok(page([], 0)) });
    renderRoute(<RetentionPage />, { url: BASE, path: PATH });
    expect(await screen.findByText('No file version of this business unit has been public yet.')).toBeTruthy();
    cleanupRoute();
    server({ 'GET /api/retention/report': () => problem(500, 'error.http.500') });
    renderRoute(<RetentionPage />, { url: BASE, path: PATH });
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
