import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BULK_ZIP_MAX_BYTES, type BulkJob, BulkUploadErrorKeys } from '@vellum/contract';
import { matchRoutes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { breadcrumbTrail } from '../../app/shell/breadcrumbTrail';
import { i18n } from '../../i18n';
import { json, type MockHandler, mockServer, ok } from '../../test/fakeServer';
import { FakeXhr } from '../../test/fakeXhr';
import { cleanupRoute, renderRoute } from '../../test/renderRoute';
import { auth, signedInWith } from '../../test/signedIn';
import { BulkUploadButton } from './BulkUploadButton';
import { DocumentBulkUploadPage, ProductBulkUploadPage } from './BulkUploadPage';

vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));

const PRODUCT_PATH = '/my-business-units/:businessUnitId/product-types/:productTypeId/bulk-upload';
const PRODUCT_URL = '/my-business-units/1/product-types/7/bulk-upload';
const DOCUMENT_PATH = '/my-business-units/:businessUnitId/document-management/bulk-upload';

const job = (over: Partial<BulkJob> = {}): BulkJob => ({
  id: 5,
  entity: 'PRODUCT',
  kind: 'IMPORT',
  mode: 'IMPORT',
  onError: 'ALL_OR_NOTHING',
  status: 'SUCCESS',
  fileName: 'catalogue.zip',
  fileFormat: 'TXT',
  businessUnitId: 1,
  productTypeId: 7,
  userLogin: 'anna',
  createdDate: '2026-11-20T10:00:00Z',
  processedDate: '2026-11-20T10:05:00Z',
  rowsTotal: 3,
  rowsDone: 3,
  rowsCreated: 2,
  rowsUpdated: 1,
  rowsRemoved: 0,
  rowsRejected: 0,
  log: 'Read 3 rows.\nApplied.',
  hasRejectedRows: false,
  hasZip: false,
  cancelRequested: false,
  ...over,
});

/** The calls every page load makes: the product type, the unit (its import type), the switch, the uploads. */
function server(routes: Record<string, MockHandler> = {}, { active = true, importType = 'ADD', jobs = [] as BulkJob[] } = {}) {
  return mockServer({
    'GET /api/product-types/7': () => ok({ id: 7, businessUnitId: 1, name: 'Catheters' }),
    'GET /api/business-units/1': () => ok({ id: 1, name: 'Cardio', bulkImportType: importType }),
    'GET /api/bulk/active': () => ok({ active }),
    'GET /api/bulk': () => ok(jobs, { 'x-total-count': String(jobs.length) }),
    ...routes,
  });
}

const renderProducts = () => renderRoute(<ProductBulkUploadPage />, { url: PRODUCT_URL, path: PRODUCT_PATH });
const zip = (name = 'catalogue.zip', size = 1000) => new File([new Uint8Array(size)], name, { type: 'application/zip' });
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const fileButton = () => screen.getByTestId('bulk-file') as HTMLButtonElement;
/** The page is shown and uploads are on. */
const ready = () => waitFor(() => expect(fileButton().disabled).toBe(false));
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
const uploadButton = () => screen.getByTestId('bulk-upload-submit') as HTMLButtonElement;
const keys = (calls: ReturnType<typeof mockServer>) => calls.map((c) => c.key);

beforeEach(() => {
  FakeXhr.last = undefined;
  signedInWith(['BULK_IMPORT', 'PRODUCT_MANAGE']);
});
afterEach(cleanupRoute);

describe('the bulk upload texts', () => {
  it.each(Object.values(BulkUploadErrorKeys))('%s has an English text', (key) => {
    expect(i18n.exists(key)).toBe(true);
  });

  it('names every status', () => {
    for (const s of ['UPLOADING', 'UPLOADED', 'PROCESSING', 'SUCCESS', 'FAILED', 'WARNING'])
      expect(i18n.exists(`bulk.status.${s}`)).toBe(true);
  });
});

describe('the bulk upload page of a product type', () => {
  it('uploads a zip: asks for the address, PUTs the zip with its progress, then completes', async () => {
    const calls = server({
      'POST /api/bulk/upload-url': () =>
        json(201, {
          id: 9,
          url: '/api/bulk/uploads/9?token=signed',
          method: 'PUT',
          headers: { 'Content-Type': 'application/zip' },
          expiresAt: '2026-11-27T10:00:00Z',
        }),
      'POST /api/bulk/upload-complete/9': () => ok(job({ id: 9, status: 'PROCESSING', rowsTotal: null, rowsDone: 0 })),
    });
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderProducts();
    expect(await screen.findByRole('heading', { name: 'Bulk upload: Catheters' })).toBeTruthy();
    choose(zip());
    await waitFor(() => expect(uploadButton().disabled).toBe(false));
    fireEvent.click(uploadButton());

    await waitFor(() => expect(FakeXhr.last).toBeDefined());
    const xhr = FakeXhr.last as FakeXhr;
    expect(calls.find((c) => c.key === 'POST /api/bulk/upload-url')?.body).toEqual({
      entity: 'PRODUCT',
      businessUnitId: 1,
      productTypeId: 7,
      fileName: 'catalogue.zip',
      fileSize: 1000,
      mode: 'IMPORT',
      onError: 'ALL_OR_NOTHING',
    });
    // the zip goes to the answered address with the answered headers, and never with the user's token
    expect([xhr.method, xhr.url]).toEqual(['PUT', '/api/bulk/uploads/9?token=signed']);
    expect(xhr.headers['Content-Type']).toBe('application/zip');
    expect(Object.keys(xhr.headers).map((h) => h.toLowerCase())).not.toContain('authorization');
    expect(xhr.sent).toBeInstanceOf(File);

    act(() => xhr.progress(500, 1000));
    expect((await screen.findByRole('progressbar', { name: 'Upload progress' })).getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByText('50%')).toBeTruthy();
    expect(screen.getByText('500 B of 1000 B sent')).toBeTruthy();
    expect(keys(calls)).not.toContain('POST /api/bulk/upload-complete/9');

    act(() => xhr.answer(200, {}));
    expect(await screen.findByTestId('bulk-upload-done')).toBeTruthy();
    expect(keys(calls)).toContain('POST /api/bulk/upload-complete/9');
  });

  it('sends "check only" and "import the valid rows" when chosen', async () => {
    const calls = server({
      'POST /api/bulk/upload-url': () =>
        json(201, { id: 9, url: 'https://bucket.example/z?sig=1', method: 'PUT', headers: {}, expiresAt: 'x' }),
    });
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderProducts();
    await ready();
    choose(zip());
    await waitFor(() => expect(uploadButton().disabled).toBe(false));
    fireEvent.click(screen.getByRole('checkbox', { name: /Check only \(write nothing\)/ }));
    fireEvent.click(screen.getByRole('radio', { name: /Import the valid rows/ }));
    expect(uploadButton().textContent).toBe('Upload and check');
    fireEvent.click(uploadButton());
    await waitFor(() => expect(FakeXhr.last).toBeDefined());
    expect(calls.find((c) => c.key === 'POST /api/bulk/upload-url')?.body).toMatchObject({ mode: 'CHECK', onError: 'VALID_ROWS' });
    // a foreign (presigned) address: the zip's type, no token
    expect(FakeXhr.last?.headers).toEqual({ 'Content-Type': 'application/zip' });
  });

  it('cancels an upload on its way: the PUT is aborted and the job cancelled', async () => {
    const calls = server({
      'POST /api/bulk/upload-url': () =>
        json(201, { id: 9, url: '/api/bulk/uploads/9?token=t', method: 'PUT', headers: {}, expiresAt: 'x' }),
      'POST /api/bulk/9/cancel': () => ok(job({ id: 9, status: 'FAILED' })),
    });
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderProducts();
    await ready();
    choose(zip());
    await waitFor(() => expect(uploadButton().disabled).toBe(false));
    fireEvent.click(uploadButton());
    await waitFor(() => expect(FakeXhr.last).toBeDefined());
    act(() => (FakeXhr.last as FakeXhr).progress(100, 1000));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel upload' }));
    expect(FakeXhr.last?.aborted).toBe(true);
    expect(await screen.findByText('The upload was cancelled; nothing was imported.')).toBeTruthy();
    expect(keys(calls)).toContain('POST /api/bulk/9/cancel');
    expect(keys(calls)).not.toContain('POST /api/bulk/upload-complete/9');
  });

  it('says why the server refused the zip', async () => {
    const calls = server({
      'POST /api/bulk/upload-url': () =>
        json(201, { id: 9, url: '/api/bulk/uploads/9?token=old', method: 'PUT', headers: {}, expiresAt: 'x' }),
    });
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const headers = FakeXhr.responseHeaders;
    FakeXhr.responseHeaders = 'content-type: application/problem+json\r\nx-vellum-error: error.bulk.uploadLinkInvalid\r\n';
    try {
      renderProducts();
      await ready();
      choose(zip());
      await waitFor(() => expect(uploadButton().disabled).toBe(false));
      fireEvent.click(uploadButton());
      await waitFor(() => expect(FakeXhr.last).toBeDefined());
      act(() => (FakeXhr.last as FakeXhr).answer(403, { status: 403, message: 'error.bulk.uploadLinkInvalid' }));
      const failed = await screen.findByTestId('bulk-upload-failed');
      expect(failed.textContent).toContain(i18n.t('error.bulk.uploadLinkInvalid'));
      expect(keys(calls)).not.toContain('POST /api/bulk/upload-complete/9');
    } finally {
      FakeXhr.responseHeaders = headers;
    }
  });

  it('refuses a file that is not a zip, and a zip over 2 GB, before sending anything', async () => {
    const calls = server();
    renderProducts();
    await ready();
    choose(new File(['a\tb'], 'catalogue.txt', { type: 'text/plain' }));
    expect(await screen.findByText(i18n.t('error.bulk.notAZip'))).toBeTruthy();
    expect(uploadButton().disabled).toBe(true);

    const big = zip('big.zip', 10);
    Object.defineProperty(big, 'size', { value: BULK_ZIP_MAX_BYTES + 1 });
    choose(big);
    expect(await screen.findByText('File exceeds the maximum size of 2GB')).toBeTruthy();
    expect(uploadButton().disabled).toBe(true);
    fireEvent.submit(uploadButton().closest('form') as HTMLFormElement);
    expect(keys(calls)).not.toContain('POST /api/bulk/upload-url');
  });

  it('says when bulk uploads are switched off, and offers no upload', async () => {
    server({}, { active: false });
    renderProducts();
    expect(await screen.findByText('Bulk uploads are currently disabled because of a system update.')).toBeTruthy();
    expect(fileButton().disabled).toBe(true);
    expect(uploadButton().disabled).toBe(true);
    // the template and the table stay
    expect(screen.getByRole('button', { name: 'Download template' })).toBeTruthy();
  });

  it('warns that a REPLACE import removes what the sheet leaves out', async () => {
    server({}, { importType: 'REPLACE' });
    renderProducts();
    const notice = await screen.findByTestId('bulk-import-type');
    expect(notice.textContent).toMatch(/REPLACE/);
    expect(notice.textContent).toMatch(/leaves out are removed/);
  });

  it('downloads the template in the chosen format', async () => {
    const calls = server({ 'GET /api/bulk/template': () => ok({}) });
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderProducts();
    fireEvent.click(await screen.findByRole('radio', { name: 'XLS' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download template' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const call = calls.find((c) => c.key === 'GET /api/bulk/template');
    expect(Object.fromEntries(call?.query ?? [])).toEqual({
      entity: 'PRODUCT',
      'business-unit': '1',
      'product-type': '7',
      'file-format': 'XLS',
    });
  });

  it('is not found for a product type of another unit', async () => {
    server({ 'GET /api/product-types/7': () => ok({ id: 7, businessUnitId: 2, name: 'Other' }) });
    renderProducts();
    await waitFor(() => expect(screen.queryByRole('heading', { name: /Bulk upload/ })).toBeNull());
    await waitFor(() => expect(screen.queryByTestId('bulk-upload-submit')).toBeNull());
  });
});

describe('the status table', () => {
  it('lists the uploads with their counts, a check-only summary, and a live progress bar while processing', async () => {
    let processing = job({
      id: 6,
      fileName: 'big.zip',
      status: 'PROCESSING',
      rowsTotal: 1000,
      rowsDone: 250,
      processedDate: null,
      log: '',
    });
    const check = job({
      id: 7,
      fileName: 'check.zip',
      mode: 'CHECK',
      rowsTotal: 98412,
      rowsCreated: 97980,
      rowsUpdated: 420,
      rowsRejected: 12,
    });
    const calls = mockServer({
      'GET /api/product-types/7': () => ok({ id: 7, businessUnitId: 1, name: 'Catheters' }),
      'GET /api/business-units/1': () => ok({ id: 1, bulkImportType: 'ADD' }),
      'GET /api/bulk/active': () => ok({ active: true }),
      'GET /api/bulk': () => ok([processing, check, job()], { 'x-total-count': '3' }),
    });
    renderProducts();
    const table = await screen.findByRole('table', { name: '3. Uploads' });
    const bar = await within(table).findByRole('progressbar', { name: 'Progress of big.zip' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(within(table).getByText('250 of 1,000 rows (25%)')).toBeTruthy();
    expect(within(table).getByText('Check only')).toBeTruthy();
    expect(within(table).getByText('98,412 rows: 97,980 would be created, 420 updated, 12 rejected')).toBeTruthy();
    expect(within(table).getByText('3 rows: 2 created, 1 updated, 0 rejected')).toBeTruthy();
    const list = calls.find((c) => c.key === 'GET /api/bulk');
    expect(list?.query.get('entity')).toBe('PRODUCT');
    expect(list?.query.get('business-unit')).toBe('1');
    expect(list?.query.get('product-type')).toBe('7');

    // polled every 2 s while something processes, and the bar follows
    processing = { ...processing, rowsDone: 800 };
    await waitFor(() => expect(calls.filter((c) => c.key === 'GET /api/bulk').length).toBeGreaterThan(1), { timeout: 4000 });
    await waitFor(() =>
      expect(within(table).getByRole('progressbar', { name: 'Progress of big.zip' }).getAttribute('aria-valuenow')).toBe('80'),
    );
  });

  it('says when there are no uploads yet', async () => {
    server();
    renderProducts();
    expect(await screen.findByText('No uploads yet.')).toBeTruthy();
  });

  it('shows a job’s log and its errors by row, translated', async () => {
    const failed = job({ status: 'FAILED', rowsRejected: 2, hasRejectedRows: true, log: 'Read 3 rows.\n2 rows rejected.' });
    const calls = server(
      {
        'GET /api/bulk/5/errors': () =>
          ok(
            [
              { row: 2, column: 'Key code', message: 'NotBlank', value: '' },
              { row: 3, column: null, message: 'error.bulk.notAZip', value: null },
            ],
            { 'x-total-count': '2' },
          ),
      },
      { jobs: [failed] },
    );
    renderProducts();
    fireEvent.click(await screen.findByRole('button', { name: 'Log and errors of catalogue.zip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log and errors of catalogue.zip' });
    expect(within(dialog).getByTestId('bulk-job-log').textContent).toContain('2 rows rejected.');
    const errors = await within(dialog).findByRole('table', { name: 'Errors by row' });
    expect(within(errors).getByText('Key code')).toBeTruthy();
    expect(within(errors).getByText('cannot be empty')).toBeTruthy();
    expect(within(errors).getByText(i18n.t('error.bulk.notAZip'))).toBeTruthy();
    expect(within(dialog).getByText('2 errors')).toBeTruthy();
    expect(calls.find((c) => c.key === 'GET /api/bulk/5/errors')?.query.get('page')).toBe('0');
  });

  it('downloads the rejected rows', async () => {
    const calls = server({ 'GET /api/bulk/5/rejected-rows': () => ok({}) }, { jobs: [job({ status: 'WARNING', hasRejectedRows: true })] });
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderProducts();
    fireEvent.click(await screen.findByRole('button', { name: 'Download the rejected rows of catalogue.zip' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(keys(calls)).toContain('GET /api/bulk/5/rejected-rows');
  });

  it('downloads the uploaded zip while it is kept, under its own name', async () => {
    const calls = server(
      { 'GET /api/bulk/5/zip': () => ok({}) },
      { jobs: [job({ hasZip: true }), job({ id: 6, fileName: 'old.zip', hasZip: false })] },
    );
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderProducts();
    fireEvent.click(await screen.findByRole('button', { name: 'Download the zip of catalogue.zip' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(keys(calls)).toContain('GET /api/bulk/5/zip');
    expect(clicked).toEqual(['catalogue.zip']);
    // a zip removed after 30 days offers no button
    expect(screen.queryByRole('button', { name: 'Download the zip of old.zip' })).toBeNull();
    click.mockRestore();
  });

  it('cancels a queued upload only after confirmation', async () => {
    const calls = server(
      { 'POST /api/bulk/5/cancel': () => ok(job({ status: 'FAILED' })) },
      { jobs: [job({ status: 'UPLOADED', processedDate: null, rowsTotal: null, rowsDone: 0 }), job({ id: 8, fileName: 'done.zip' })] },
    );
    renderProducts();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel catalogue.zip' }));
    // a finished upload cannot be cancelled
    expect(screen.queryByRole('button', { name: 'Cancel done.zip' })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Cancel catalogue.zip?' });
    const confirm = within(dialog).getByRole('button', { name: 'Cancel the upload' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(keys(calls)).not.toContain('POST /api/bulk/5/cancel');
    fireEvent.change(within(dialog).getByRole('textbox'), {
      target: { value: within(dialog).getByTestId('confirmation-code').textContent },
    });
    fireEvent.click(confirm);
    await waitFor(() => expect(keys(calls)).toContain('POST /api/bulk/5/cancel'));
  });
});

describe('the documents’ bulk upload', () => {
  it('lists and uploads the unit’s documents', async () => {
    const calls = server();
    renderRoute(<DocumentBulkUploadPage />, { url: '/my-business-units/1/document-management/bulk-upload', path: DOCUMENT_PATH });
    expect(await screen.findByRole('heading', { name: 'Bulk upload: documents' })).toBeTruthy();
    await screen.findByText('No uploads yet.');
    const list = calls.find((c) => c.key === 'GET /api/bulk');
    expect(Object.fromEntries(list?.query ?? [])).toMatchObject({ entity: 'DOCUMENT', 'business-unit': '1' });
    expect(list?.query.has('product-type')).toBe(false);
  });
});

describe('the addresses of the upload pages', () => {
  const matched = (url: string) => matchRoutes(routes, url)?.at(-1)?.route.path;

  it('open the upload pages, before the documents’ own routes', () => {
    expect(matched(PRODUCT_URL)).toBe(PRODUCT_PATH);
    expect(matched('/my-business-units/1/document-management/bulk-upload')).toBe(DOCUMENT_PATH);
    expect(matched('/my-business-units/1/document-management/12')).toBe('/my-business-units/:businessUnitId/document-management/*');
  });

  it('carry the unit’s and the product type’s crumbs', () => {
    expect(breadcrumbTrail(PRODUCT_URL).map((c) => c.crumb)).toEqual(['home', 'business-unit', 'product-type']);
    expect(breadcrumbTrail('/my-business-units/1/document-management/bulk-upload').map((c) => c.crumb)).toEqual(['home', 'business-unit']);
  });
});

describe('the entry button', () => {
  const renderButton = (productTypeId?: number) =>
    renderRoute(<BulkUploadButton businessUnitId={1} productTypeId={productTypeId} />, { url: '/list', path: '/list' });

  it('is offered only with BULK_IMPORT in the unit', () => {
    signedInWith({ 1: ['PRODUCT_MANAGE', 'BULK_EXPORT'], 2: ['BULK_IMPORT'] });
    renderButton(7);
    expect(screen.queryByRole('link', { name: 'Bulk upload' })).toBeNull();
  });

  it('leads to the upload page of the product type, or of the documents', () => {
    renderButton(7);
    expect(screen.getByRole('link', { name: 'Bulk upload' }).getAttribute('href')).toBe(PRODUCT_URL);
    cleanupRoute();
    renderButton();
    expect(screen.getByRole('link', { name: 'Bulk upload' }).getAttribute('href')).toBe(
      '/my-business-units/1/document-management/bulk-upload',
    );
  });
});
