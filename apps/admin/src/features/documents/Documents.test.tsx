import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DocumentRecordErrorKeys } from '@vellum/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { documentAttribute, documentAttributeList, documentListItem, documentRecord, documentType } from '../../test/documentFixtures';
import { mockServer, ok, onePage, problem } from '../../test/fakeServer';
import { cleanupRoute, renderRoute } from '../../test/renderRoute';
import { auth, signedInWith } from '../../test/signedIn';
import { DocumentRoutes } from './DocumentRoutes';

vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));

const PATH = '/my-business-units/:businessUnitId/document-management/*';
const BASE = '/my-business-units/1/document-management';
const location = () => screen.getByTestId('location').textContent ?? '';
/** The type select's input (its label also names the listbox). */
const typeInput = async () => (await screen.findAllByLabelText(/^Document type/)).find((el) => el.tagName === 'INPUT') as HTMLInputElement;

const definitions = [
  documentAttribute(),
  documentAttribute({ id: 12, name: 'Reference', slug: 'reference', mandatory: false, unique: true }),
  documentAttribute({ id: 13, name: 'Legacy', slug: 'legacy', mandatory: true, isActive: false }),
];

function server(over: Record<string, Parameters<typeof mockServer>[0][string]> = {}) {
  return mockServer({
    'POST /api/documents/search': () =>
      ok({
        items: [
          documentListItem(),
          documentListItem({ id: 31, number: 'LF-1', name: 'Leaflet', publishState: 'UNPUBLISHED', fileCount: 0 }),
        ],
        pageable: { pageNumber: 0, pageSize: 10, totalPages: 3, totalElements: 25 },
      }),
    'GET /api/document-types': () =>
      ok([documentType(), documentType({ id: 5, name: 'Old leaflet', active: false })], { 'x-total-count': '2' }),
    'GET /api/document-attribute-definitions': () => ok(documentAttributeList(definitions)),
    'GET /api/documents/30': () =>
      ok(
        documentRecord({
          attributeValues: [
            { attributeDefinitionId: 11, value: 'B' },
            { attributeDefinitionId: 13, value: 'kept' },
          ],
        }),
      ),
    'GET /api/product-groups': () =>
      ok([
        { id: 21, name: 'Vita family', productTypeId: 7 },
        { id: 22, name: 'Nova family', productTypeId: 7 },
      ]),
    'POST /api/products/search': () => onePage([]),
    'POST /api/documents': (req) => ({ status: 201, body: documentRecord({ id: 40, ...(req.body as object) }) }),
    'PUT /api/documents': (req) => ok(documentRecord({ ...(req.body as object) })),
    'DELETE /api/documents/30': () => ok(),
    ...over,
  });
}

beforeEach(() => {
  signedInWith(['DOCUMENT_MANAGE', 'DOCUMENT_DELETE', 'PRODUCT_READ']);
});
afterEach(cleanupRoute);

describe('error texts', () => {
  it.each(Object.values(DocumentRecordErrorKeys))('%s has an English text', (key) => {
    expect(i18n.exists(key)).toBe(true);
  });
});

describe('document list', () => {
  it('lists a page of the unit’s documents from the search, sorted by number', async () => {
    const calls = server();
    renderRoute(<DocumentRoutes />, { url: BASE, path: PATH });
    const table = await screen.findByRole('table', { name: 'Documents' });
    expect(await within(table).findByRole('link', { name: 'IFU-100' })).toBeTruthy();
    expect(within(table).getByText('Leaflet')).toBeTruthy();
    expect(within(table).getByText('Published')).toBeTruthy();
    expect(within(table).getByText('No files')).toBeTruthy();
    const search = calls.find((c) => c.key === 'POST /api/documents/search');
    expect([search?.query.get('business-unit'), search?.query.get('sort'), search?.query.get('size')]).toEqual(['1', 'number,asc', '10']);
    expect(search?.body).toEqual({});
    expect(screen.getByRole('link', { name: 'New document' })).toBeTruthy();
  });

  it('searches, filters, sorts and pages on the server as the address says', async () => {
    const calls = server();
    renderRoute(<DocumentRoutes />, {
      url: `${BASE}?search=vita&type=4&state=SCHEDULED&files=without&orphans=true&sort=name,desc&page=1`,
      path: PATH,
    });
    await screen.findByRole('table', { name: 'Documents' });
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/documents/search')).toBe(true));
    const search = calls.find((c) => c.key === 'POST /api/documents/search');
    expect(search?.body).toEqual({ text: 'vita', documentTypeId: 4, publishState: 'SCHEDULED', hasFiles: false, orphans: true });
    expect([search?.query.get('sort'), search?.query.get('page')]).toEqual(['name,desc', '1']);
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(calls.filter((c) => c.key === 'POST /api/documents/search').at(-1)?.body).toEqual({ text: 'vita' }));
  });

  it('shows the empty state, and the error state with a retry', async () => {
    server({ 'POST /api/documents/search': () => onePage([]) });
    renderRoute(<DocumentRoutes />, { url: BASE, path: PATH });
    expect(await screen.findByText('This business unit has no documents yet.')).toBeTruthy();
    cleanupRoute();
    server({ 'POST /api/documents/search': () => problem(500, 'error.http.500') });
    renderRoute(<DocumentRoutes />, { url: BASE, path: PATH });
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('deletes a document after the confirmation code', async () => {
    const calls = server();
    renderRoute(<DocumentRoutes />, { url: BASE, path: PATH });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete IFU-100' }));
    const dialog = await screen.findByRole('dialog');
    const code = within(dialog).getByTestId('confirmation-code').textContent ?? '';
    fireEvent.change(within(dialog).getByLabelText('Confirmation code'), { target: { value: code } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'DELETE /api/documents/30')).toBe(true));
  });

  it('offers neither create nor delete to a reader', async () => {
    signedInWith(['DOCUMENT_READ']);
    server();
    renderRoute(<DocumentRoutes />, { url: BASE, path: PATH });
    await screen.findByRole('link', { name: 'IFU-100' });
    expect(screen.queryByRole('link', { name: 'New document' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete IFU-100' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Bulk upload' })).toBeNull();
  });

  it('offers the bulk upload of the documents with BULK_IMPORT in the unit', async () => {
    signedInWith(['DOCUMENT_READ', 'BULK_IMPORT']);
    server();
    renderRoute(<DocumentRoutes />, { url: BASE, path: PATH });
    await screen.findByRole('link', { name: 'IFU-100' });
    expect(screen.getByRole('link', { name: 'Bulk upload' }).getAttribute('href')).toBe(`${BASE}/bulk-upload`);
  });
});

describe('document form', () => {
  it('creates a document with its type and attribute values, then opens it', async () => {
    const calls = server();
    renderRoute(<DocumentRoutes />, { url: `${BASE}/new`, path: PATH });
    fireEvent.change(await screen.findByLabelText(/^Number/), { target: { value: ' IFU-200 ' } });
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Nova instructions' } });
    fireEvent.change(screen.getByLabelText(/^Revision/), { target: { value: 'A' } });
    // only active types are offered to a new document
    fireEvent.click(await typeInput());
    // the dropdown's transition keeps it hidden from jsdom's accessibility tree
    await screen.findByRole('option', { name: 'Instructions for use', hidden: true });
    expect(screen.queryByRole('option', { name: /Old leaflet/, hidden: true })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: 'Instructions for use', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe(`${BASE}/40`));
    expect(calls.find((c) => c.key === 'POST /api/documents')?.body).toEqual({
      businessUnitId: 1,
      number: 'IFU-200',
      name: 'Nova instructions',
      documentTypeId: 4,
      attributeValues: [{ attributeDefinitionId: 11, value: 'A' }],
      productGroupIds: [],
      productIds: [],
    });
  });

  it('asks for the mandatory values and the type before sending anything', async () => {
    const calls = server();
    renderRoute(<DocumentRoutes />, { url: `${BASE}/new`, path: PATH });
    fireEvent.change(await screen.findByLabelText(/^Number/), { target: { value: 'X-1' } });
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'X' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText(/^Revision/).getAttribute('aria-invalid')).toBe('true'));
    expect((await typeInput()).getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.key === 'POST /api/documents')).toBe(false);
  });

  it('edits with the version, keeps the values of inactive attributes, and shows a taken unique value on its field', async () => {
    const calls = server({
      'PUT /api/documents': () =>
        problem(400, DocumentRecordErrorKeys.attributeValueExists, {
          params: { attribute: 'Reference', value: 'R-1' },
          fieldErrors: [
            { objectName: 'document', field: 'attributeValues.1.value', message: DocumentRecordErrorKeys.attributeValueExists },
          ],
        }),
    });
    renderRoute(<DocumentRoutes />, { url: `${BASE}/30`, path: PATH });
    expect(await screen.findByRole('heading', { name: 'Document IFU-100' })).toBeTruthy();
    expect(screen.getByText('Vita family')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Reference/), { target: { value: 'R-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Another document already has the value R-1 for Reference.')).toBeTruthy();
    expect(calls.find((c) => c.key === 'PUT /api/documents')?.body).toEqual({
      id: 30,
      version: 3,
      businessUnitId: 1,
      number: 'IFU-100',
      name: 'Vita instructions',
      documentTypeId: 4,
      attributeValues: [
        { attributeDefinitionId: 11, value: 'B' },
        { attributeDefinitionId: 12, value: 'R-1' },
        { attributeDefinitionId: 13, value: 'kept' },
      ],
      productGroupIds: [21],
      productIds: [],
    });
    expect(location()).toBe(`${BASE}/30`);
  });

  it('lists an inactive current type, and is read-only without the manage right', async () => {
    signedInWith(['DOCUMENT_READ']);
    server({ 'GET /api/documents/30': () => ok(documentRecord({ documentTypeId: 5 })) });
    renderRoute(<DocumentRoutes />, { url: `${BASE}/30`, path: PATH });
    expect((await typeInput()).value).toBe('Old leaflet (inactive)');
    expect(screen.getByText(/You can view/i)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect((screen.getByLabelText(/^Number/) as HTMLInputElement).readOnly).toBe(true);
  });

  it('deletes after the confirmation code and goes back to the list', async () => {
    const calls = server();
    renderRoute(<DocumentRoutes />, { url: `${BASE}/30`, path: PATH });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    const code = within(dialog).getByTestId('confirmation-code').textContent ?? '';
    fireEvent.change(within(dialog).getByLabelText('Confirmation code'), { target: { value: code } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(location()).toBe(BASE));
    expect(calls.some((c) => c.key === 'DELETE /api/documents/30')).toBe(true);
  });

  it('shows the not-found page for an unknown document', async () => {
    server({ 'GET /api/documents/30': () => problem(404, 'error.notFound') });
    renderRoute(<DocumentRoutes />, { url: `${BASE}/30`, path: PATH });
    expect(await screen.findByText('The page does not exist.')).toBeTruthy();
  });
});
