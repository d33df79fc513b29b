import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { DocumentDownload, DocumentDownloadStats } from '@vellum/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { installBrowserMocks } from '../../components/test-utils';
import { type MockHandler, mockServer, ok, problem } from '../../test/fakeServer';
import { cleanupRoute, renderRoute } from '../../test/renderRoute';
import { auth, signedInWith } from '../../test/signedIn';
import { presets, rangeFromParams } from './dayRange';
import { csvCell, downloadsCsv } from './downloadsCsv';
import { WebsiteStatsPage } from './WebsiteStatsPage';

vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));

const PATH = '/my-business-units/:businessUnitId/administration/website-stats';
const URL_ = '/my-business-units/1/administration/website-stats?from=2026-03-01&to=2026-03-04';

const record = (over: Partial<DocumentDownload> = {}): DocumentDownload => ({
  id: 1,
  at: '2026-03-01T10:00:00.000Z',
  businessUnitId: 1,
  publicationNumber: 2,
  productTypeId: 7,
  productTypeName: 'Catheters',
  keyCode: 'CATH-01',
  audience: 'HCP',
  documentId: 3,
  documentNumber: 'IFU-003',
  documentName: 'Instructions for use',
  fileId: 40,
  fileName: 'IFU catheter FR',
  fileVersionId: 41,
  version: '2.1',
  versionDate: '2026-01-15',
  country: 'BE',
  language: 'fr',
  ...over,
});

const stats: DocumentDownloadStats = {
  from: '2026-03-01',
  to: '2026-03-04',
  total: 3,
  bucket: 'day',
  overTime: [
    { period: '2026-03-01', count: 2 },
    { period: '2026-03-02', count: 0 },
    { period: '2026-03-03', count: 1 },
    { period: '2026-03-04', count: 0 },
  ],
  byCountry: [
    { key: 'BE', count: 2 },
    { key: 'DE', count: 1 },
  ],
  byLanguage: [
    { key: 'fr', count: 2 },
    { key: 'de', count: 1 },
  ],
  byAudience: [
    { key: 'HCP', count: 2 },
    { key: 'PATIENT', count: 1 },
  ],
  byProductType: [{ id: 7, name: 'Catheters', count: 3 }],
  byDocument: [{ id: 3, number: 'IFU-003', name: 'Instructions for use', count: 3 }],
};
const empty: DocumentDownloadStats = {
  ...stats,
  total: 0,
  byCountry: [],
  byLanguage: [],
  byAudience: [],
  byProductType: [],
  byDocument: [],
};

const page = (items: DocumentDownload[], pageNumber = 0, totalElements = items.length, pageSize = 20) =>
  ok({ items, pageable: { pageNumber, pageSize, totalPages: Math.max(1, Math.ceil(totalElements / pageSize)), totalElements } });

function server(over: Record<string, MockHandler> = {}) {
  return mockServer({
    'GET /api/business-units/1/statistics': () => ok({ id: 1, slug: 'cardio', displayName: 'Cardio' }),
    'GET /api/document-downloads/stats': () => ok(stats),
    'GET /api/document-downloads': () =>
      page([record(), record({ id: 2, country: 'DE', language: 'de', audience: 'PATIENT', keyCode: null })]),
    ...over,
  });
}

beforeEach(() => {
  signedInWith(['DOCUMENT_DOWNLOADS']);
  // jsdom lays nothing out, so recharts warns that every chart has no size: keep the output readable
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('of chart should be greater than 0')) warn(...args);
  });
});
afterEach(() => {
  cleanupRoute();
  vi.restoreAllMocks();
});

describe('the website statistics page', () => {
  it('asks for the range of the address and draws each breakdown, its numbers readable as a table', async () => {
    const calls = server();
    renderRoute(<WebsiteStatsPage />, { url: URL_, path: PATH });
    expect(await screen.findByText('3 downloads from 1 Mar 2026 to 4 Mar 2026')).toBeTruthy();
    const statsCall = calls.find((c) => c.key === 'GET /api/document-downloads/stats');
    expect([statsCall?.query.get('business-unit'), statsCall?.query.get('from'), statsCall?.query.get('to')]).toEqual([
      '1',
      '2026-03-01',
      '2026-03-04',
    ]);
    const byCountry = screen.getByRole('region', { name: 'By country' });
    const countries = within(byCountry).getByRole('table', { name: 'By country' });
    expect(within(countries).getByText('Belgium')).toBeTruthy();
    expect(within(countries).getByText('Germany')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'By language' })).getByText('French')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'By audience' })).getByText('Patient')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'By product type' })).getByText('Catheters')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'The most downloaded document' })).getByText('IFU-003 Instructions for use'),
    ).toBeTruthy();
    const perDay = within(screen.getByRole('region', { name: 'Downloads per day' })).getByRole('table');
    expect(within(perDay).getAllByRole('row')).toHaveLength(5);
  });

  it('lists the records of the range below, newest first, paged on the server', async () => {
    const calls = server();
    renderRoute(<WebsiteStatsPage />, { url: URL_, path: PATH });
    const table = await screen.findByRole('table', { name: 'Download records' });
    await waitFor(() => expect(within(table).getAllByText('IFU catheter FR')).toHaveLength(2));
    expect(within(table).getByText('CATH-01')).toBeTruthy();
    expect(within(table).getAllByText('2.1 (15 Jan 2026)')).toHaveLength(2);
    expect(within(table).getByText('Patient')).toBeTruthy();
    const list = calls.find((c) => c.key === 'GET /api/document-downloads');
    expect([list?.query.get('from'), list?.query.get('to'), list?.query.get('sort'), list?.query.get('size')]).toEqual([
      '2026-03-01',
      '2026-03-04',
      'at,desc',
      '20',
    ]);
  });

  it('takes a preset range from the picker into the address and the calls', async () => {
    const calls = server();
    renderRoute(<WebsiteStatsPage />, { url: URL_, path: PATH });
    await screen.findByText('3 downloads from 1 Mar 2026 to 4 Mar 2026');
    fireEvent.click(screen.getByRole('button', { name: /Date range/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Last 7 days' }));
    const [from, to] = presets().last7;
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain(`from=${from}&to=${to}`));
    await waitFor(() =>
      expect(
        calls.some((c) => c.key === 'GET /api/document-downloads/stats' && c.query.get('from') === from && c.query.get('to') === to),
      ).toBe(true),
    );
  });

  it('says so when the range has no downloads, and offers no export', async () => {
    server({ 'GET /api/document-downloads/stats': () => ok(empty), 'GET /api/document-downloads': () => page([]) });
    renderRoute(<WebsiteStatsPage />, { url: URL_, path: PATH });
    await waitFor(() => expect(screen.getAllByText('No downloads in this date range.').length).toBeGreaterThanOrEqual(1));
    expect(screen.queryByRole('region', { name: 'By country' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the error of the statistics with a retry', async () => {
    let fail = true;
    server({ 'GET /api/document-downloads/stats': () => (fail ? problem(500, 'error.http.500') : ok(stats)) });
    renderRoute(<WebsiteStatsPage />, { url: URL_, path: PATH });
    expect(await screen.findByText('The statistics could not be loaded.')).toBeTruthy();
    fail = false;
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('3 downloads from 1 Mar 2026 to 4 Mar 2026')).toBeTruthy();
  });

  it('exports every record of the range as CSV, the pages fetched one after the other', async () => {
    const first = Array.from({ length: 2000 }, (_, i) => record({ id: 3000 - i }));
    const second = [record({ id: 7, keyCode: '=HYPERLINK("x")', documentName: 'Guide, "quick"' })];
    const calls = server({
      'GET /api/document-downloads': (req) => {
        const size = Number(req.query.get('size'));
        if (size !== 2000) return page([record()], 0, 2001);
        return req.query.get('page') === '0' ? page(first, 0, 2001, 2000) : page(second, 1, 2001, 2000);
      },
    });
    let saved: Blob | undefined;
    const createObjectURL = vi.fn((b: Blob) => {
      saved = b;
      return 'blob:csv';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderRoute(<WebsiteStatsPage />, { url: URL_, path: PATH });
    await screen.findByText('3 downloads from 1 Mar 2026 to 4 Mar 2026');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    const exportCalls = calls.filter((c) => c.key === 'GET /api/document-downloads' && c.query.get('size') === '2000');
    expect(exportCalls.map((c) => [c.query.get('page'), c.query.get('from'), c.query.get('to')])).toEqual([
      ['0', '2026-03-01', '2026-03-04'],
      ['1', '2026-03-01', '2026-03-04'],
    ]);
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('downloads-cardio-2026-03-01-2026-03-04.csv');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved as Blob);
    });
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(2002);
    expect(lines[0]).toBe(
      'timestamp,country,language,audience,product type,key code,document number,document name,file number,file name,version,version date,publication',
    );
    expect(lines[2001]).toBe(
      `2026-03-01T10:00:00.000Z,BE,fr,HCP,Catheters,"'=HYPERLINK(""x"")",IFU-003,"Guide, ""quick""",40,IFU catheter FR,2.1,2026-01-15,2`,
    );
    click.mockRestore();
  });
});

describe('the route', () => {
  it('turns away a user without DOCUMENT_DOWNLOADS in the unit', async () => {
    installBrowserMocks();
    signedInWith({ 1: ['DOCUMENT_MANAGE', 'AUDIT_LOG_ALL_READ'], 2: ['DOCUMENT_DOWNLOADS'] });
    const calls = mockServer({});
    const shell = routes.find((r) => r.children?.some((c) => c.path === PATH));
    const route = shell?.children?.find((c) => c.path === PATH);
    expect(route).toBeTruthy();
    const router = createMemoryRouter([{ path: PATH, element: route?.element }], { initialEntries: [URL_] });
    render(
      <MantineProvider>
        <RouterProvider router={router} />
      </MantineProvider>,
    );
    expect((await screen.findByTestId('not-authorized')).textContent).toContain('You are not authorized');
    expect(calls.some((c) => c.key.startsWith('GET /api/document-downloads'))).toBe(false);
  });
});

describe('downloadsCsv', () => {
  it('quotes separators, quotes and line breaks, and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('+32 2 123')).toBe("'+32 2 123");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
    expect(downloadsCsv([]).split('\r\n')).toHaveLength(2);
  });
});

describe('rangeFromParams', () => {
  const now = new Date('2026-11-25T10:00:00Z');
  it('takes the range of the address, or the last 30 days', () => {
    expect(rangeFromParams(new URLSearchParams('from=2026-03-01&to=2026-03-04'), now)).toEqual({ from: '2026-03-01', to: '2026-03-04' });
    expect(rangeFromParams(new URLSearchParams(''), now)).toEqual({ from: '2026-10-27', to: '2026-11-25' });
    expect(rangeFromParams(new URLSearchParams('from=2026-03-05&to=2026-03-04'), now)).toEqual({ from: '2026-10-27', to: '2026-11-25' });
    expect(rangeFromParams(new URLSearchParams('from=x&to=2026-03-04'), now).to).toBe('2026-11-25');
  });
});
