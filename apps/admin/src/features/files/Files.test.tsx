import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type ArchivedFile, type DocumentFile, FileErrorKeys } from '@vellum/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { mockServer, ok, problem } from '../../test/fakeServer';
import { FakeXhr } from '../../test/fakeXhr';
import { cleanupRoute, renderRoute } from '../../test/renderRoute';
import { auth, signedInWith } from '../../test/signedIn';
import { ArchivedDocumentsPage } from './ArchivedDocumentsPage';
import { DocumentFilesSection } from './DocumentFilesSection';
import { FileRoutes } from './FileRoutes';

vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));

const PATH = '/my-business-units/:businessUnitId/document-management/:documentId/files/*';
const BASE = '/my-business-units/1/document-management/7/files';
const location = () => screen.getByTestId('location').textContent ?? '';

const version = (over: Partial<DocumentFile['versions'][number]> = {}): DocumentFile['versions'][number] => ({
  id: 31,
  versionLabel: '2.0',
  date: '2026-06-01',
  validTo: null,
  publishDate: null,
  publishState: 'UNPUBLISHED',
  binary: null,
  createdBy: 'admin',
  createdDate: '2026-06-01T10:00:00Z',
  version: 0,
  ...over,
});
const pdfBinary = { name: 'ifu-v1.pdf', size: 2048, mediaType: 'application/pdf', sha256: 'ab', uploadedDate: '2026-03-01T10:00:00Z' };
const file = (over: Partial<DocumentFile> = {}): DocumentFile => ({
  id: 21,
  businessUnitId: 1,
  documentId: 7,
  name: 'IFU leaflet',
  remarks: null,
  remarksActive: false,
  restOfTheWorld: false,
  allLotNumbers: true,
  lotRangeIds: [],
  lotRanges: [],
  historical: false,
  countryIds: ['BE', 'NL'],
  documentLanguageIds: ['en', 'fr'],
  archiveDate: null,
  archived: false,
  currentVersionId: 31,
  versionLabel: '2.0',
  date: '2026-06-01',
  validTo: null,
  publishDate: null,
  publishState: 'UNPUBLISHED',
  binary: null,
  versions: [
    version(),
    version({
      id: 30,
      versionLabel: '1.0',
      date: '2026-03-01',
      binary: pdfBinary,
      publishState: 'PUBLISHED',
      publishDate: '2026-03-02T00:00:00Z',
    }),
  ],
  createdDate: '2026-03-01T10:00:00Z',
  lastModifiedDate: '2026-06-01T10:00:00Z',
  version: 3,
  ...over,
});

function server(over: Record<string, Parameters<typeof mockServer>[0][string]> = {}) {
  return mockServer({
    'GET /api/manufacturer/own/features': () => ok({ worldWidePublicWebsite: false }),
    'GET /api/countries': () =>
      ok([
        { isoCode: 'BE', name: 'Belgium', continentIsoCode: 'EU' },
        { isoCode: 'NL', name: 'Netherlands', continentIsoCode: 'EU' },
      ]),
    'GET /api/document-regions': () => ok([]),
    'GET /api/document-languages': () =>
      ok([
        { isoCode: 'en', name: 'English', nativeName: 'English', rtl: false },
        { isoCode: 'fr', name: 'French', nativeName: 'Français', rtl: false },
      ]),
    'GET /api/product-type-attribute-values/lot-ranges/search': () => ok([]),
    'GET /api/files/21': () => ok(file()),
    'GET /api/files': () => ok([file()], { 'x-total-count': '1' }),
    'PUT /api/files': (req) => ok({ ...file(), ...(req.body as object), version: 4 }),
    'POST /api/files': (req) => ({ status: 201, body: { ...file(), ...(req.body as object), id: 22 } }),
    'POST /api/files/21/versions': (req) => ({ status: 201, body: { ...file(), ...(req.body as object) } }),
    'PUT /api/files/21/archive': () => ok(file({ archiveDate: null })),
    ...over,
  });
}

beforeEach(() => {
  signedInWith(['DOCUMENT_MANAGE', 'DOCUMENT_DELETE', 'FILE_ROTW']);
  FakeXhr.last = undefined;
});
afterEach(cleanupRoute);

describe('error texts', () => {
  it.each(Object.values(FileErrorKeys))('%s has an English text', (key) => {
    expect(i18n.exists(key)).toBe(true);
  });
});

describe('file detail', () => {
  it('shows the file’s fields and its version history, newest first, with state and binary', async () => {
    server();
    renderRoute(<FileRoutes />, { url: `${BASE}/21`, path: PATH });
    expect(((await screen.findByLabelText(/^Name/)) as HTMLInputElement).value).toBe('IFU leaflet');
    const history = screen.getByRole('table', { name: 'Version history' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['2.0current', '1.0']);
    expect(within(rows[1]).getByText('ifu-v1.pdf (2.0 kB)')).toBeTruthy();
    expect(within(rows[1]).getByRole('button', { name: 'Download version 1.0' })).toBeTruthy();
    // the current version has no binary yet: no new version before it has one
    expect((screen.getByRole('button', { name: 'Add version' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getAllByText('Please provide a binary file').length).toBeGreaterThan(0);
    // rights gate the switches: FILE_ROTW yes, the others no
    expect((screen.getByRole('switch', { name: /^Rest of the world/ }) as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByRole('switch', { name: /^Historical/ }) as HTMLInputElement).disabled).toBe(true);
  });

  it('saves the file with its version and shows a rule the server refused on its field', async () => {
    const calls = server({
      'PUT /api/files': () =>
        problem(400, FileErrorKeys.versionLabelExists, {
          params: { versionLabel: '1.0' },
          fieldErrors: [{ objectName: 'file', field: 'versionLabel', message: FileErrorKeys.versionLabelExists }],
        }),
    });
    renderRoute(<FileRoutes />, { url: `${BASE}/21`, path: PATH });
    await screen.findByRole('table', { name: 'Version history' });
    const label = screen.getByRole('textbox', { name: /^Version/ }) as HTMLInputElement;
    fireEvent.change(label, { target: { value: '1.0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'PUT /api/files')).toBe(true));
    const body = calls.find((c) => c.key === 'PUT /api/files')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      id: 21,
      version: 3,
      documentId: 7,
      versionLabel: '1.0',
      countryIds: ['BE', 'NL'],
      documentLanguageIds: ['en', 'fr'],
    });
    expect(await screen.findByText(/already has a version/)).toBeTruthy();
  });

  it('creates a file and opens it; the form keeps the rules before sending', async () => {
    const calls = server();
    renderRoute(<FileRoutes />, { url: `${BASE}/new`, path: PATH });
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'New leaflet' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose at least one country, or make it a rest-of-world file.')).toBeTruthy();
    expect(screen.getByText('A document language is required.')).toBeTruthy();
    expect(calls.some((c) => c.key === 'POST /api/files')).toBe(false);
    fireEvent.click(screen.getByRole('switch', { name: /^Rest of the world/ }));
    const languages = () =>
      screen
        .getAllByLabelText(/^Document languages/)
        .find((el) => el instanceof HTMLInputElement && el.type !== 'hidden') as HTMLInputElement;
    act(() => languages().focus());
    fireEvent.click(languages());
    // the dropdown's transition keeps it hidden from jsdom's accessibility tree
    fireEvent.click(await screen.findByRole('option', { name: 'French (fr)', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe(`${BASE}/22`));
    expect(calls.find((c) => c.key === 'POST /api/files')?.body).toMatchObject({
      documentId: 7,
      name: 'New leaflet',
      restOfTheWorld: true,
      countryIds: [],
      documentLanguageIds: ['fr'],
      allLotNumbers: true,
    });
  });

  it('a new file says its binary comes next, or takes it at once: saved, then uploaded, then opened (decision 0051)', async () => {
    const calls = server();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderRoute(<FileRoutes />, { url: `${BASE}/new`, path: PATH });
    const field = await screen.findByTestId('new-file-binary');
    expect(screen.getByText(/otherwise upload it on the file's page after saving/)).toBeTruthy();
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'New leaflet' } });
    fireEvent.click(screen.getByRole('switch', { name: /^Rest of the world/ }));
    const languages = () =>
      screen
        .getAllByLabelText(/^Document languages/)
        .find((el) => el instanceof HTMLInputElement && el.type !== 'hidden') as HTMLInputElement;
    act(() => languages().focus());
    fireEvent.click(languages());
    fireEvent.click(await screen.findByRole('option', { name: 'French (fr)', hidden: true }));
    const input =
      field.closest('.mantine-InputWrapper-root')?.querySelector('input[type="file"]') ?? document.querySelector('input[type="file"]');
    const pdf = new File([new Uint8Array(1000)], 'leaflet.pdf', { type: 'application/pdf' });
    fireEvent.change(input as HTMLInputElement, { target: { files: [pdf] } });
    expect(await screen.findByText('Uploaded when you save the file.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(FakeXhr.last).toBeDefined());
    const xhr = FakeXhr.last as FakeXhr;
    // the file first (its rules on the server), then its binary through the upload every file uses
    expect(calls.some((c) => c.key === 'POST /api/files')).toBe(true);
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/files/22/binary']);
    act(() => xhr.progress(500, 1000));
    expect((await screen.findByRole('progressbar', { name: 'Upload progress' })).getAttribute('aria-valuenow')).toBe('50');
    expect(location()).toBe(`${BASE}/new`);
    act(() => xhr.answer(200, file({ id: 22, binary: { ...pdfBinary, name: 'leaflet.pdf' } })));
    await waitFor(() => expect(location()).toBe(`${BASE}/22`));
  });

  it('uploads a binary with a progress bar and can cancel it', async () => {
    server();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderRoute(<FileRoutes />, { url: `${BASE}/21`, path: PATH });
    const panel = await screen.findByTestId('file-binary');
    const input = panel.parentElement?.querySelector('input[type="file"]') ?? document.querySelector('input[type="file"]');
    const pdf = new File([new Uint8Array(1000)], 'ifu.pdf', { type: 'application/pdf' });
    fireEvent.change(input as HTMLInputElement, { target: { files: [pdf] } });
    await waitFor(() => expect(FakeXhr.last).toBeDefined());
    const xhr = FakeXhr.last as FakeXhr;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/files/21/binary']);
    act(() => xhr.progress(400, 1000));
    expect((await screen.findByRole('progressbar', { name: 'Upload progress' })).getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('40%')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(xhr.aborted).toBe(true);
    expect(await screen.findByText('The upload was cancelled; nothing was stored.')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();

    // a second upload that completes shows the binary
    fireEvent.change(input as HTMLInputElement, { target: { files: [pdf] } });
    await waitFor(() => expect(FakeXhr.last).not.toBe(xhr));
    act(() => (FakeXhr.last as FakeXhr).answer(200, file({ binary: { ...pdfBinary, name: 'ifu.pdf' } })));
    expect(await within(panel).findByText('ifu.pdf')).toBeTruthy();
  });

  it('adds a version in a dialog once the current version has its binary', async () => {
    const withBinary = file({ binary: pdfBinary, versions: [version({ binary: pdfBinary })] });
    const calls = server({ 'GET /api/files/21': () => ok(withBinary) });
    renderRoute(<FileRoutes />, { url: `${BASE}/21`, path: PATH });
    fireEvent.click(await screen.findByRole('button', { name: 'Add version' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Version/), { target: { value: '3.0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add version' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/files/21/versions')).toBe(true));
    expect(calls.find((c) => c.key === 'POST /api/files/21/versions')?.body).toMatchObject({ versionLabel: '3.0', validTo: null });
  });

  it('shows a file of another document as not found, and read-only for a reader', async () => {
    server();
    renderRoute(<FileRoutes />, { url: '/my-business-units/1/document-management/8/files/21', path: PATH });
    expect(await screen.findByText(/does not exist/i)).toBeTruthy();
    cleanupRoute();
    signedInWith(['DOCUMENT_READ']);
    server();
    renderRoute(<FileRoutes />, { url: `${BASE}/21`, path: PATH });
    expect(await screen.findByText('You can view these settings but not change them.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload binary' })).toBeNull();
  });
});

describe('files of a document', () => {
  it('lists the files with version, countries, languages, state, binary and archive; links to each; Add file', async () => {
    server({ 'GET /api/files': () => ok([file({ binary: pdfBinary, archiveDate: '2026-01-01T00:00:00Z', archived: true })]) });
    renderRoute(<DocumentFilesSection businessUnitId={1} documentId={7} canManage />, { url: '/x', path: '/x' });
    const table = await screen.findByRole('table', { name: 'Files' });
    const link = within(table).getByRole('link', { name: 'IFU leaflet' });
    expect(link.getAttribute('href')).toBe(`${BASE}/21`);
    const row = link.closest('tr') as HTMLElement;
    // countries and languages by name, not code (decision 0051)
    expect(within(row).getByText('Belgium, Netherlands')).toBeTruthy();
    expect(within(row).getByText('English, French')).toBeTruthy();
    expect(within(row).getByText('Archived')).toBeTruthy();
    expect(within(row).queryByText(/^Published/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Add file' }).getAttribute('href')).toBe(`${BASE}/new`);
  });

  it('shows a file whose archive date is still to come by its publish state, with the date it leaves the website', async () => {
    server({
      'GET /api/files': () =>
        ok([
          file({ binary: pdfBinary, archiveDate: '2099-01-01T00:00:00Z', archived: false, publishDate: null, publishState: 'UNPUBLISHED' }),
        ]),
    });
    renderRoute(<DocumentFilesSection businessUnitId={1} documentId={7} canManage />, { url: '/x', path: '/x' });
    const table = await screen.findByRole('table', { name: 'Files' });
    const row = within(table).getByRole('link', { name: 'IFU leaflet' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('Unpublished')).toBeTruthy();
    expect(within(row).getByText(/^From 1 Jan 2099/)).toBeTruthy();
    expect(within(row).queryByText('Archived')).toBeNull();
  });

  it('shows the empty state', async () => {
    server({ 'GET /api/files': () => ok([]) });
    renderRoute(<DocumentFilesSection businessUnitId={1} documentId={7} canManage={false} />, { url: '/x', path: '/x' });
    expect(await screen.findByText('This document has no files yet.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add file' })).toBeNull();
  });
});

describe('archived documents', () => {
  const archived: ArchivedFile = (({ versions: _v, ...f }) => ({
    ...f,
    archiveDate: '2026-01-01T00:00:00Z',
    archived: true,
    documentNumber: 'DOC-1',
    documentName: 'Hip implant',
  }))(file());

  it('lists the archived files with their document and restores one after the code', async () => {
    const calls = server({ 'GET /api/documents/archived-files': () => ok([archived]) });
    renderRoute(<ArchivedDocumentsPage />, {
      url: '/my-business-units/1/administration/archived-data-documents',
      path: '/my-business-units/:businessUnitId/administration/archived-data-documents',
    });
    const row = (await screen.findByRole('link', { name: 'IFU leaflet' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('DOC-1 — Hip implant')).toBeTruthy();
    expect(calls.find((c) => c.key === 'GET /api/documents/archived-files')?.query.get('business-unit')).toBe('1');
    fireEvent.click(within(row).getByRole('button', { name: 'Restore IFU leaflet' }));
    const dialog = await screen.findByRole('dialog');
    const code = within(dialog).getByTestId('confirmation-code').textContent ?? '';
    fireEvent.change(within(dialog).getByLabelText('Confirmation code'), { target: { value: code } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'PUT /api/files/21/archive')).toBe(true));
    expect(calls.find((c) => c.key === 'PUT /api/files/21/archive')?.body).toEqual({ archiveDate: null, version: 3 });
  });

  it('shows the empty state', async () => {
    server({ 'GET /api/documents/archived-files': () => ok([]) });
    renderRoute(<ArchivedDocumentsPage />, {
      url: '/my-business-units/1/administration/archived-data-documents',
      path: '/my-business-units/:businessUnitId/administration/archived-data-documents',
    });
    expect(await screen.findByText('No archived files.')).toBeTruthy();
  });
});
