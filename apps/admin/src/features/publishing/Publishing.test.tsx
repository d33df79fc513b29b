import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  type Publication,
  type PublicationDetail,
  type PublishChanges,
  PublishErrorKeys,
  type PublishReadiness,
  PublishWarningKeys,
} from '@vellum/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { installBrowserMocks } from '../../components/test-utils';
import { i18n } from '../../i18n';
import { type MockHandler, mockServer, ok, problem } from '../../test/fakeServer';
import { cleanupRoute, renderRoute } from '../../test/renderRoute';
import { auth, signedInWith } from '../../test/signedIn';
import { PublishPage } from './PublishPage';

vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));

const PATH = '/my-business-units/:businessUnitId/publish';
const URL_ = '/my-business-units/1/publish';

const notReady: PublishReadiness = {
  businessUnitId: 1,
  ready: false,
  problems: [
    {
      key: PublishErrorKeys.minimumSearchableAttributesHcp,
      severity: 'ERROR',
      items: [{ type: 'productType', id: 7, name: 'Catheters', link: '/my-business-units/1/backend-configuration/product-type/7' }],
    },
    {
      key: PublishWarningKeys.filesWithoutBinary,
      severity: 'WARNING',
      items: [{ type: 'file', id: 40, name: 'IFU catheter EN', link: '/my-business-units/1/document-management/3/files/40' }],
    },
  ],
};
const ready: PublishReadiness = { businessUnitId: 1, ready: true, problems: [] };

const publication = (over: Partial<Publication> = {}): Publication => ({
  id: 21,
  businessUnitId: 1,
  number: 2,
  kind: 'PUBLISH',
  restoredFromId: null,
  restoredFromNumber: null,
  createdDate: '2026-11-25T10:00:00Z',
  createdBy: 'anna.admin',
  includeFuture: false,
  customDate: null,
  counts: { products: 12, documents: 4, files: 9, fileVersions: 11, stamped: { products: 3, files: 2, broughtForward: 0 } },
  live: true,
  ...over,
});
const first = publication({ id: 20, number: 1, live: false, createdDate: '2026-11-20T09:00:00Z', includeFuture: true });

const detail: PublicationDetail = {
  ...publication(),
  previousId: 20,
  changes: {
    products: {
      added: 2,
      removed: 0,
      changed: 1,
      addedItems: [
        { id: 1, label: 'CATH-01' },
        { id: 2, label: 'CATH-02' },
      ],
      removedItems: [],
      changedItems: [{ id: 3, label: 'STENT-9' }],
    },
    documents: {
      added: 0,
      removed: 1,
      changed: 0,
      addedItems: [],
      removedItems: [{ id: 5, label: 'IFU-OLD Old manual' }],
      changedItems: [],
    },
    files: { added: 0, removed: 0, changed: 0, addedItems: [], removedItems: [], changedItems: [] },
    site: [{ part: 'layout', items: ['mainColor'] }],
    siteChanged: true,
  },
};

const none = { added: 0, removed: 0, changed: 0, addedItems: [], removedItems: [], changedItems: [] };
const liveChanges = (over: Partial<PublishChanges> = {}): PublishChanges => ({
  businessUnitId: 1,
  live: { id: 21, number: 2, kind: 'PUBLISH', createdDate: '2026-11-25T10:00:00Z', createdBy: 'anna.admin', restoredFromNumber: null },
  restoredFrom: null,
  products: none,
  documents: none,
  files: none,
  site: [],
  ...over,
});

function server(over: Record<string, MockHandler> = {}) {
  return mockServer({
    'GET /api/publish/readiness': () => ok(ready),
    'GET /api/publish/changes': () => ok(liveChanges()),
    'GET /api/publish-products': (req) =>
      ok({
        businessUnitId: 1,
        products: { unpublished: 3, scheduled: 2, published: 40 },
        ...(req.query.get('details') === 'true'
          ? {
              items: [
                {
                  id: 8,
                  keyCode: 'CATH-01',
                  productTypeId: 7,
                  productTypeName: 'Catheters',
                  publishDate: null,
                  publishState: 'UNPUBLISHED',
                },
              ],
              pageable: { pageNumber: 0, pageSize: 10, totalPages: 1, totalElements: 5 },
            }
          : {}),
      }),
    'GET /api/publish-files': () =>
      ok({
        businessUnitId: 1,
        files: { unpublished: 6, scheduled: 1, published: 30 },
        documents: { unpublished: 2, scheduled: 1, published: 11 },
      }),
    'GET /api/publish-state': () => ok({ running: false }),
    'GET /api/publications': () => ok([publication(), first], { 'x-total-count': '2' }),
    'GET /api/publications/21': () => ok(detail),
    'POST /api/publish': () => ok(publication({ id: 22, number: 3 })),
    'POST /api/publications/20/restore': () =>
      ok(publication({ id: 22, number: 3, kind: 'RESTORE', restoredFromId: 20, restoredFromNumber: 1 })),
    ...over,
  });
}

async function confirmWithCode() {
  const dialog = await screen.findByRole('dialog');
  const confirm = within(dialog).getAllByRole('button').at(-1) as HTMLButtonElement;
  expect(confirm.disabled).toBe(true);
  fireEvent.change(within(dialog).getByLabelText('Confirmation code'), { target: { value: '0000' } });
  expect(confirm.disabled).toBe(true);
  const code = within(dialog).getByTestId('confirmation-code').textContent ?? '';
  fireEvent.change(within(dialog).getByLabelText('Confirmation code'), { target: { value: code } });
  expect(confirm.disabled).toBe(false);
  return { dialog, confirm };
}

const publishButton = () => screen.getByTestId('publish-button') as HTMLButtonElement;

beforeEach(() => {
  signedInWith(['PUBLISH']);
});
afterEach(cleanupRoute);

describe('error and warning texts', () => {
  it.each([...Object.values(PublishErrorKeys), ...Object.values(PublishWarningKeys)])('%s has an English text', (key) => {
    expect(i18n.exists(key)).toBe(true);
  });
});

describe('readiness', () => {
  it('lists every problem, errors apart from warnings, each item linked to where it is fixed, and keeps publish disabled', async () => {
    server({ 'GET /api/publish/readiness': () => ok(notReady) });
    renderRoute(<PublishPage />, { url: URL_, path: PATH });
    expect(await screen.findByText('Not ready to publish')).toBeTruthy();
    const problems = screen.getAllByTestId('publish-problem');
    expect(problems.map((p) => p.getAttribute('data-severity'))).toEqual(['ERROR', 'WARNING']);
    expect(within(problems[0]).getByText(/nothing is searchable for HCP/)).toBeTruthy();
    expect(within(problems[0]).getByRole('link', { name: 'Catheters' }).getAttribute('href')).toBe(
      '/my-business-units/1/backend-configuration/product-type/7',
    );
    expect(within(problems[0]).getByText('Blocks publishing')).toBeTruthy();
    expect(within(problems[1]).getByText(/does not block publishing/)).toBeTruthy();
    expect(within(problems[1]).getByRole('link', { name: 'IFU catheter EN' }).getAttribute('href')).toBe(
      '/my-business-units/1/document-management/3/files/40',
    );
    expect(publishButton().disabled).toBe(true);
  });

  it('says "Ready to publish" when nothing blocks, and enables publish', async () => {
    server();
    renderRoute(<PublishPage />, { url: URL_, path: PATH });
    expect(await screen.findByText('Ready to publish')).toBeTruthy();
    await waitFor(() => expect(publishButton().disabled).toBe(false));
  });

  it('shows the error state of the checks with a retry', async () => {
    server({ 'GET /api/publish/readiness': () => problem(500, 'error.http.500') });
    renderRoute(<PublishPage />, { url: URL_, path: PATH });
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(publishButton().disabled).toBe(true);
  });
});

describe('counts', () => {
  it('shows products, documents and files by state, and pages the products a publish changes on the server', async () => {
    const calls = server();
    renderRoute(<PublishPage />, { url: URL_, path: PATH });
    const products = await screen.findByRole('region', { name: 'Products' });
    await waitFor(() => expect(within(products).getByText('40')).toBeTruthy());
    expect(within(products).getByText('3')).toBeTruthy();
    const documents = screen.getByRole('region', { name: 'Documents' });
    expect(within(documents).getByText('11')).toBeTruthy();
    const files = screen.getByRole('region', { name: 'Files' });
    expect(within(files).getByText('6')).toBeTruthy();
    expect(calls.some((c) => c.key === 'GET /api/publish-products' && c.query.get('details') === 'true')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: /Show the products a publish will change/ }));
    const table = await screen.findByRole('table', { name: 'Unpublished and scheduled products' });
    expect((await within(table).findByRole('link', { name: 'CATH-01' })).getAttribute('href')).toBe(
      '/my-business-units/1/product-types/7/product-management/products/8',
    );
    const detailsCall = calls.find((c) => c.key === 'GET /api/publish-products' && c.query.get('details') === 'true');
    expect([
      detailsCall?.query.get('business-unit'),
      detailsCall?.query.get('page'),
      detailsCall?.query.get('size'),
      detailsCall?.query.get('sort'),
    ]).toEqual(['1', '0', '10', 'keyCode,asc']);
  });

  it('opens the list again from the address, on the page it names', async () => {
    const calls = server();
    renderRoute(<PublishPage />, { url: `${URL_}?products-page=1&products-sort=publishDate,desc`, path: PATH });
    await screen.findByRole('table', { name: 'Unpublished and scheduled products' });
    const detailsCall = calls.find((c) => c.key === 'GET /api/publish-products' && c.query.get('details') === 'true');
    expect([detailsCall?.query.get('page'), detailsCall?.query.get('sort')]).toEqual(['1', 'publishDate,desc']);
  });
});

describe('publish', () => {
  it('asks the confirmation code with the summary, then posts the options', async () => {
    const calls = server();
    renderRoute(<PublishPage />, { url: URL_, path: PATH });
    await waitFor(() => expect(publishButton().disabled).toBe(false));
    fireEvent.click(screen.getByRole('switch', { name: /Include future-dated items/ }));
    // the summary reads the counts
    await waitFor(() => expect(calls.some((c) => c.key === 'GET /api/publish-files')).toBe(true));
    fireEvent.click(publishButton());
    const { dialog, confirm } = await confirmWithCode();
    const summary = within(dialog).getByTestId('publish-summary');
    expect(summary.textContent).toContain('3 unpublished products and 6 unpublished files the moment of publishing');
    // plurals: one file, two products (decision 0051)
    expect(summary.textContent).toContain('brings 2 scheduled products and 1 scheduled file forward to today');
    expect(calls.some((c) => c.key === 'POST /api/publish')).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/publish')).toBe(true));
    expect(calls.find((c) => c.key === 'POST /api/publish')?.body).toEqual({ businessUnitId: 1, includeFuture: true, customDate: null });
    // the counts, readiness and history are asked again
    await waitFor(() => expect(calls.filter((c) => c.key === 'GET /api/publications').length).toBeGreaterThan(1));
    expect(calls.filter((c) => c.key === 'GET /api/publish-products').length).toBeGreaterThan(1);
  });

  it('sends the custom date chosen in the picker', async () => {
    const calls = server();
    renderRoute(<PublishPage />, { url: URL_, path: PATH });
    await waitFor(() => expect(publishButton().disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: /Custom publish date/ }));
    // a day of next month: always after today
    fireEvent.click(await screen.findByRole('button', { name: 'Next month' }));
    const next = new Date();
    next.setDate(1);
    next.setMonth(next.getMonth() + 1);
    const month = next.toLocaleString('en-GB', { month: 'long', year: 'numeric' });
    fireEvent.click(await screen.findByLabelText(`15 ${month}`));
    fireEvent.click(screen.getByLabelText('Use this date and time'));
    await waitFor(() => expect(screen.queryByLabelText('Use this date and time')).toBeNull());
    fireEvent.click(publishButton());
    const { dialog, confirm } = await confirmWithCode();
    expect(within(dialog).getByTestId('publish-summary').textContent).toContain('the publish date 15 ');
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/publish')).toBe(true));
    const body = calls.find((c) => c.key === 'POST /api/publish')?.body as { customDate: string; includeFuture: boolean };
    expect(body.includeFuture).toBe(false);
    const chosen = new Date(body.customDate);
    expect(chosen.getDate()).toBe(15);
    expect(chosen.getTime()).toBeGreaterThan(Date.now());
  });

  it('says who started the publish that is running when the server answers 409', async () => {
    server({
      'POST /api/publish': () =>
        problem(409, PublishErrorKeys.alreadyRunning, {
          params: {
            uuid: 'u-1',
            user: 'bob.regulatory',
            startDate: '2026-11-25T09:30:00Z',
            startDateEpoch: Date.parse('2026-11-25T09:30:00Z'),
          },
        }),
    });
    renderRoute(<PublishPage />, { url: URL_, path: PATH });
    await waitFor(() => expect(publishButton().disabled).toBe(false));
    fireEvent.click(publishButton());
    const { confirm } = await confirmWithCode();
    fireEvent.click(confirm);
    const banner = await screen.findByText('A publish of this business unit is running');
    expect(banner.closest('[role="status"]')?.textContent).toMatch(/bob\.regulatory started it at 25 Nov 2026/);
    expect(publishButton().disabled).toBe(true);
  });

  it('shows the running publish of the publish state, and disables publish while it runs', async () => {
    server({
      'GET /api/publish-state': () =>
        ok({ running: true, uuid: 'u-2', startDateEpoch: Date.parse('2026-11-25T08:00:00Z'), user: 'carla.qa' }),
    });
    renderRoute(<PublishPage />, { url: URL_, path: PATH });
    expect(await screen.findByText(/carla\.qa started it at/)).toBeTruthy();
    expect(publishButton().disabled).toBe(true);
  });

  it('shows a readiness error the publish answers with, in words', async () => {
    server({ 'POST /api/publish': () => problem(400, PublishErrorKeys.nothingToPublish) });
    renderRoute(<PublishPage />, { url: URL_, path: PATH });
    await waitFor(() => expect(publishButton().disabled).toBe(false));
    fireEvent.click(publishButton());
    const { confirm } = await confirmWithCode();
    fireEvent.click(confirm);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('There is nothing to publish');
  });
});

describe('what will change (decision 0051)', () => {
  it('names a layout-only change in words, and the publish confirmation says it', async () => {
    server({
      'GET /api/publish/changes': () =>
        ok(
          liveChanges({
            site: [
              { part: 'layout', items: ['mainColor', 'css'] },
              { part: 'translations', items: ['fr', 'nl'] },
              { part: 'contentBlocks', items: ['PRODUCT_TYPE_HEADER'] },
            ],
          }),
        ),
    });
    renderRoute(<PublishPage />, { url: URL_, path: PATH });
    const section = await screen.findByTestId('publish-changes');
    const list = await within(section).findByTestId('site-changes');
    expect(list.textContent).toContain('Layout: Main colour, Custom CSS');
    expect(list.textContent).toContain('Translations: French, Dutch');
    expect(list.textContent).toContain('Content blocks: Header of product type pages');
    expect(within(section).getByText(/Compared with the live publication #2 of 25 Nov 2026/)).toBeTruthy();
    expect(within(section).queryByTestId('publish-changes-none')).toBeNull();
    await waitFor(() => expect(publishButton().disabled).toBe(false));
    fireEvent.click(publishButton());
    const { dialog } = await confirmWithCode();
    expect(within(dialog).getByTestId('publish-summary').textContent).toContain(
      'changes on the website: Layout, Translations, Content blocks;',
    );
  });

  it('says when a publish changes nothing', async () => {
    server();
    renderRoute(<PublishPage />, { url: URL_, path: PATH });
    expect((await screen.findByTestId('publish-changes-none')).textContent).toBe('A publish now changes nothing on the public website.');
  });

  it('after a restore, says the live publication differs from the current state, and how', async () => {
    server({
      'GET /api/publish/changes': () =>
        ok(
          liveChanges({
            live: {
              id: 23,
              number: 3,
              kind: 'RESTORE',
              createdDate: '2026-11-26T10:00:00Z',
              createdBy: 'anna.admin',
              restoredFromNumber: 1,
            },
            restoredFrom: { number: 3, restoredFromNumber: 1 },
            products: { ...none, added: 1, addedItems: [{ id: 9, label: 'LATER-1' }] },
            site: [{ part: 'settings', items: ['showSearchOnDetailPage'] }],
          }),
        ),
    });
    renderRoute(<PublishPage />, { url: URL_, path: PATH });
    const notice = await screen.findByTestId('restored-notice');
    expect(notice.textContent).toContain('The live publication differs from the current state');
    expect(notice.textContent).toContain('publication #3, a restore of publication #1');
    const section = screen.getByTestId('publish-changes');
    expect(within(section).getByText('LATER-1')).toBeTruthy();
    expect(within(section).getByTestId('site-changes').textContent).toContain('Settings: Search on the detail page');
  });

  it('for a unit never published, says what the first publish makes public, with plurals', async () => {
    server({
      'GET /api/publish/changes': () =>
        ok(
          liveChanges({
            live: null,
            products: { ...none, added: 1, addedItems: [{ id: 1, label: 'A' }] },
            documents: { ...none, added: 2 },
            files: { ...none, added: 1 },
          }),
        ),
    });
    renderRoute(<PublishPage />, { url: URL_, path: PATH });
    expect((await screen.findByText(/has never been published/)).textContent).toContain('with 1 product, 2 documents and 1 file.');
  });

  it('names a document without files as a warning linked to its files', async () => {
    server({
      'GET /api/publish/readiness': () =>
        ok({
          businessUnitId: 1,
          ready: true,
          problems: [
            {
              key: PublishWarningKeys.documentsWithoutFiles,
              severity: 'WARNING',
              items: [{ type: 'document', id: 3, name: 'IFU-9 Pump leaflet', link: '/my-business-units/1/document-management/3/files' }],
            },
          ],
        }),
    });
    renderRoute(<PublishPage />, { url: URL_, path: PATH });
    const [warning] = await screen.findAllByTestId('publish-problem');
    expect(warning.getAttribute('data-severity')).toBe('WARNING');
    expect(within(warning).getByText(/have no file/)).toBeTruthy();
    expect(within(warning).getByRole('link', { name: 'IFU-9 Pump leaflet' }).getAttribute('href')).toBe(
      '/my-business-units/1/document-management/3/files',
    );
    expect(within(warning).getByText('(Document)')).toBeTruthy();
  });
});

describe('publication history', () => {
  it('lists the publications with the live one, opens what changed and restores an earlier one after the code', async () => {
    const calls = server();
    renderRoute(<PublishPage />, { url: URL_, path: PATH });
    const table = await screen.findByRole('table', { name: 'Publications' });
    await within(table).findByText('#2');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]).getByText('Live')).toBeTruthy();
    expect(within(rows[1]).getByText('anna.admin')).toBeTruthy();
    expect(within(rows[1]).getByText('12 products, 4 documents, 9 files')).toBeTruthy();
    expect(within(rows[2]).getByText('Future-dated included')).toBeTruthy();
    const list = calls.find((c) => c.key === 'GET /api/publications');
    expect([list?.query.get('business-unit'), list?.query.get('sort')]).toEqual(['1', 'number,desc']);
    // the live one cannot be restored
    expect(within(table).queryByRole('button', { name: 'Restore #2' })).toBeNull();

    fireEvent.click(within(table).getByRole('button', { name: 'Show changes of #2' }));
    const changes = await screen.findByTestId('publication-changes');
    expect(within(changes).getByText('CATH-02')).toBeTruthy();
    expect(within(changes).getByText('Removed (1)')).toBeTruthy();
    expect(within(changes).getByText('IFU-OLD Old manual')).toBeTruthy();
    expect(within(changes).getByText(/site configuration changed/)).toBeTruthy();
    expect(within(changes).getByTestId('site-changes').textContent).toContain('Layout: Main colour');

    fireEvent.click(within(table).getByRole('button', { name: 'Restore #1' }));
    const { dialog, confirm } = await confirmWithCode();
    expect(within(dialog).getByText(/shows again what publication #1 held/)).toBeTruthy();
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/publications/20/restore')).toBe(true));
    await waitFor(() => expect(calls.filter((c) => c.key === 'GET /api/publications').length).toBeGreaterThan(1));
  });

  it('shows the first publication as all new, and the empty history', async () => {
    server({ 'GET /api/publications': () => ok([], { 'x-total-count': '0' }) });
    renderRoute(<PublishPage />, { url: URL_, path: PATH });
    expect(await screen.findByText('This business unit has not been published yet.')).toBeTruthy();
  });
});

describe('preview', () => {
  it('opens a tab on the click and sends it to the one-time address of the unpublished state, or of a publication', async () => {
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const link = (id: number, n: number | null) =>
      ok({ url: `/site/_preview/_enter?grant=g${id}`, publicationId: id, publicationNumber: n, expiresDate: '' });
    const calls = server({
      'POST /api/publish/preview': (req) =>
        (req.body as { publicationId?: number } | undefined)?.publicationId ? link(20, 1) : link(99, null),
    });
    renderRoute(<PublishPage />, { url: URL_, path: PATH });
    fireEvent.click(await screen.findByRole('button', { name: 'Preview the website' }));
    await waitFor(() => expect(tab.location.href).toBe('/site/_preview/_enter?grant=g99'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(calls.find((c) => c.key === 'POST /api/publish/preview')?.body).toEqual({ businessUnitId: 1, publicationId: null });
    const table = await screen.findByRole('table', { name: 'Publications' });
    fireEvent.click(await within(table).findByRole('button', { name: 'Preview publication 1' }));
    await waitFor(() => expect(tab.location.href).toBe('/site/_preview/_enter?grant=g20'));
    expect(calls.filter((c) => c.key === 'POST /api/publish/preview').at(-1)?.body).toEqual({ businessUnitId: 1, publicationId: 20 });
    open.mockRestore();
  });

  it('closes the tab it opened when the server refuses', async () => {
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    server({ 'POST /api/publish/preview': () => problem(403, 'error.forbidden') });
    renderRoute(<PublishPage />, { url: URL_, path: PATH });
    fireEvent.click(await screen.findByRole('button', { name: 'Preview the website' }));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(tab.location.href).toBe('');
    open.mockRestore();
  });
});

describe('rights', () => {
  it('with only AUDIT_LOG_PUBLISH_READ: the history read-only, no checks, counts, publish or restore', async () => {
    signedInWith(['AUDIT_LOG_PUBLISH_READ']);
    const calls = server();
    renderRoute(<PublishPage />, { url: URL_, path: PATH });
    const table = await screen.findByRole('table', { name: 'Publications' });
    await within(table).findByText('#1');
    expect(screen.queryByTestId('publish-button')).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Restore #1' })).toBeNull();
    expect(screen.getByText(/publishing and restoring need the publish right/)).toBeTruthy();
    expect(calls.some((c) => c.key.startsWith('GET /api/publish'))).toBe(false);
    expect(calls.some((c) => c.key === 'GET /api/publish-state')).toBe(false);
  });

  it('the route turns away a user without PUBLISH or AUDIT_LOG_PUBLISH_READ in the unit', async () => {
    installBrowserMocks();
    signedInWith({ 1: ['PRODUCT_MANAGE', 'DOCUMENT_MANAGE'], 2: ['PUBLISH'] });
    mockServer({});
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
  });
});
