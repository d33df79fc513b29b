import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AccessRight, SitemapEntry } from '@vellum/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { administrationMenu } from '../../app/shell/menuModel';
import { DEFAULT_FEATURES } from '../../platform/queries';
import { mockServer, ok, problem } from '../../test/fakeServer';
import { cleanupRoute, renderRoute } from '../../test/renderRoute';
import { auth, signedInWith } from '../../test/signedIn';
import { SitemapPage } from './SitemapPage';

vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));

const PATH = '/my-business-units/:businessUnitId/administration/sitemap';
const BASE = '/my-business-units/1/administration/sitemap';
const SITE = 'https://eifu.example.com/site/acme';

const product = (over: Partial<SitemapEntry> = {}): SitemapEntry => ({
  kind: 'PRODUCT',
  id: 1,
  productTypeName: 'Catheters',
  keyCode: '4006381333931',
  udiDi: '04006381333931',
  documentNumber: null,
  documentName: null,
  url: `${SITE}/01/04006381333931`,
  persistent: true,
  elementString: '(01)04006381333931',
  ...over,
});
const plain = product({
  id: 2,
  keyCode: 'KC-PLAIN',
  udiDi: null,
  url: `${SITE}/p/2`,
  persistent: true,
  elementString: null,
});
const doc = product({
  kind: 'DOCUMENT',
  id: 3,
  productTypeName: null,
  keyCode: null,
  udiDi: null,
  documentNumber: 'IFU-1',
  documentName: 'Instructions',
});
const orphan = product({
  kind: 'DOCUMENT',
  id: 4,
  keyCode: null,
  udiDi: null,
  documentNumber: 'IFU-2',
  documentName: 'Alone',
  url: null,
  persistent: false,
  elementString: null,
});

function server(rows: SitemapEntry[] = [product(), plain, doc, orphan]) {
  return mockServer({
    'GET /api/sitemap': () => ok(rows, { 'x-total-count': String(rows.length) }),
    'GET /api/sitemap/eudamed.csv': () => ok('UDI-DI,Persistent URL,Key code,Product type\r\n', { 'content-type': 'text/csv' }),
  });
}

beforeAll(async () => {
  const { loadAllTranslations } = await import('../../i18n');
  await loadAllTranslations();
});
beforeEach(() => {
  signedInWith(['DOCUMENT_SITEMAP']);
});
afterEach(cleanupRoute);

describe('administration → sitemap', () => {
  it('is in the administration menu for DOCUMENT_SITEMAP only', () => {
    const ids = (rights: AccessRight[]) =>
      administrationMenu((right: AccessRight, unit = 0) => unit === 3 && rights.includes(right), DEFAULT_FEATURES, 3).map((i) => i.id);
    expect(ids(['DOCUMENT_SITEMAP'])).toContain('sitemap');
    expect(ids(['DOCUMENT_READ'])).not.toContain('sitemap');
  });

  it('lists products and documents with their URLs, a QR code for each URL and a GS1 DataMatrix for each GTIN', async () => {
    const calls = server();
    renderRoute(<SitemapPage />, { url: BASE, path: PATH });
    const table = await screen.findByRole('table', { name: 'Sitemap' });
    await within(table).findByText('4006381333931 (Catheters)');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(5);
    expect(within(rows[1]).getByText('4006381333931 (Catheters)')).toBeTruthy();
    expect(within(rows[1]).getByText('04006381333931')).toBeTruthy();
    expect(within(rows[1]).getByRole('link', { name: `${SITE}/01/04006381333931` })).toBeTruthy();
    expect(within(rows[1]).getByText('Persistent address (GS1 Digital Link)')).toBeTruthy();
    const qr = within(rows[1]).getByRole('img', { name: `QR code of ${SITE}/01/04006381333931` });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(within(rows[1]).getByRole('img', { name: 'GS1 DataMatrix of (01)04006381333931' })).toBeTruthy();
    // no GTIN: a QR code of its persistent address by product, no DataMatrix
    expect(within(rows[2]).getAllByRole('img')).toHaveLength(1);
    expect(within(rows[2]).getByText('Persistent address (by product)')).toBeTruthy();
    expect(within(rows[3]).getByText('IFU-1 – Instructions')).toBeTruthy();
    expect(within(rows[4]).getByText('No public page')).toBeTruthy();
    expect(within(rows[4]).queryByRole('img')).toBeNull();
    const list = calls.find((c) => c.key === 'GET /api/sitemap');
    expect([list?.query.get('business-unit'), list?.query.get('page'), list?.query.get('size')]).toEqual(['1', '0', '20']);
  });

  it('searches on the server, the search kept in the address', async () => {
    const calls = server();
    renderRoute(<SitemapPage />, { url: `${BASE}?search=IFU`, path: PATH });
    await screen.findByRole('table', { name: 'Sitemap' });
    expect((screen.getByLabelText('Search by key code, document number or name') as HTMLInputElement).value).toBe('IFU');
    await waitFor(() => expect(calls.at(-1)?.query.get('search')).toBe('IFU'));
  });

  it('shows the empty and the error states', async () => {
    server([]);
    renderRoute(<SitemapPage />, { url: BASE, path: PATH });
    expect(await screen.findByText('Nothing is published yet: publish the unit to list its products and documents.')).toBeTruthy();
    cleanupRoute();
    mockServer({ 'GET /api/sitemap': () => problem(500, 'error.http.500') });
    renderRoute(<SitemapPage />, { url: BASE, path: PATH });
    expect(await screen.findByRole('button', { name: /retry/i })).toBeTruthy();
  });

  it('shows a label sheet of the page to print', async () => {
    server();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderRoute(<SitemapPage />, { url: BASE, path: PATH });
    await screen.findByRole('table', { name: 'Sitemap' });
    fireEvent.click(screen.getByRole('radio', { name: 'Print labels' }));
    const sheet = await screen.findByRole('region', { name: 'Label sheet' });
    // the entries with a URL
    expect(within(sheet).getAllByRole('article')).toHaveLength(3);
    expect(within(sheet).getAllByText('(01)04006381333931')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
  });

  it('downloads the EUDAMED CSV from the server', async () => {
    const calls = server();
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    renderRoute(<SitemapPage />, { url: BASE, path: PATH });
    await screen.findByRole('table', { name: 'Sitemap' });
    fireEvent.click(screen.getByRole('button', { name: 'EUDAMED CSV' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'GET /api/sitemap/eudamed.csv')).toBe(true));
    expect(calls.find((c) => c.key === 'GET /api/sitemap/eudamed.csv')?.query.get('business-unit')).toBe('1');
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
  });
});
