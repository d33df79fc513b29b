import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DocumentErrorKeys } from '@vellum/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { documentType } from '../../test/documentFixtures';
import { mockServer, ok, problem } from '../../test/fakeServer';
import { cleanupRoute, renderRoute } from '../../test/renderRoute';
import { auth, signedInWith } from '../../test/signedIn';
import { DocumentTypeRoutes } from './DocumentTypeRoutes';

vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));

const PATH = '/my-business-units/:businessUnitId/backend-configuration/document-type/*';
const BASE = '/my-business-units/1/backend-configuration/document-type';
const location = () => screen.getByTestId('location').textContent ?? '';

function server(over: Record<string, Parameters<typeof mockServer>[0][string]> = {}, portal = true) {
  return mockServer({
    'GET /api/manufacturer/own/features': () => ok({ patientBusinessUnitSearch: portal }),
    'GET /api/document-types': () =>
      ok([documentType(), documentType({ id: 5, name: 'Leaflet', hcp: false, patient: true, active: false, sortNumber: 20 })], {
        'x-total-count': '12',
      }),
    'GET /api/document-types/4': () => ok(documentType()),
    'POST /api/document-types': (req) => ({ status: 201, body: { ...documentType(), id: 9, ...(req.body as object) } }),
    'PUT /api/document-types': (req) => ok({ ...documentType(), ...(req.body as object) }),
    'DELETE /api/document-types/4': () => ok(),
    ...over,
  });
}

beforeEach(() => {
  signedInWith(['DOCUMENT_TYPE_MANAGE', 'DOCUMENT_TYPE_DELETE']);
});
afterEach(cleanupRoute);

describe('error texts', () => {
  it.each(Object.values(DocumentErrorKeys))('%s has an English text', (key) => {
    expect(i18n.exists(key)).toBe(true);
  });
});

describe('document type list', () => {
  it('lists a page of the unit’s types from the server, sorted by sort number, with audiences and state', async () => {
    const calls = server();
    renderRoute(<DocumentTypeRoutes />, { url: BASE, path: PATH });
    const table = await screen.findByRole('table', { name: 'Document types' });
    expect(await within(table).findByRole('link', { name: 'Instructions for use' })).toBeTruthy();
    expect(within(table).getByText('Leaflet')).toBeTruthy();
    expect(within(table).getAllByText('HCP').length).toBeGreaterThan(0);
    expect(within(table).getByText('Patient')).toBeTruthy();
    const list = calls.find((c) => c.key === 'GET /api/document-types');
    expect(list?.query.get('business-unit')).toBe('1');
    expect(list?.query.get('sort')).toBe('sortNumber,asc');
    expect(list?.query.get('size')).toBe('10');
  });

  it('searches, sorts and pages on the server as the address says', async () => {
    const calls = server();
    renderRoute(<DocumentTypeRoutes />, { url: `${BASE}?search=leaf&sort=name,desc&page=1`, path: PATH });
    expect(((await screen.findByLabelText('Search document types')) as HTMLInputElement).value).toBe('leaf');
    await waitFor(() => expect(calls.some((c) => c.key === 'GET /api/document-types')).toBe(true));
    const query = calls.find((c) => c.key === 'GET /api/document-types')?.query;
    expect([query?.get('search'), query?.get('sort'), query?.get('page')]).toEqual(['leaf', 'name,desc', '1']);
  });

  it('shows the empty state, and the error state with a retry', async () => {
    server({ 'GET /api/document-types': () => ok([], { 'x-total-count': '0' }) });
    renderRoute(<DocumentTypeRoutes />, { url: BASE, path: PATH });
    expect(await screen.findByText('This business unit has no document types yet.')).toBeTruthy();
    cleanupRoute();
    server({ 'GET /api/document-types': () => problem(500, 'error.http.500') });
    renderRoute(<DocumentTypeRoutes />, { url: BASE, path: PATH });
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('deletes a type after the confirmation code', async () => {
    const calls = server();
    renderRoute(<DocumentTypeRoutes />, { url: BASE, path: PATH });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Instructions for use' }));
    const dialog = await screen.findByRole('dialog');
    const code = within(dialog).getByTestId('confirmation-code').textContent ?? '';
    fireEvent.change(within(dialog).getByLabelText('Confirmation code'), { target: { value: code } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'DELETE /api/document-types/4')).toBe(true));
  });

  it('offers neither create nor delete to a reader', async () => {
    signedInWith(['DOCUMENT_READ']);
    server();
    renderRoute(<DocumentTypeRoutes />, { url: BASE, path: PATH });
    await screen.findByRole('link', { name: 'Instructions for use' });
    expect(screen.queryByRole('link', { name: 'Add document type' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Instructions for use' })).toBeNull();
  });
});

describe('document type form', () => {
  it('creates a type with its audiences and sort number', async () => {
    const calls = server();
    renderRoute(<DocumentTypeRoutes />, { url: `${BASE}/new`, path: PATH });
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: ' Surgical technique ' } });
    fireEvent.change(screen.getByLabelText(/^Sort number/), { target: { value: '30' } });
    fireEvent.click(screen.getByLabelText('Shown to patients'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe(BASE));
    expect(calls.find((c) => c.key === 'POST /api/document-types')?.body).toEqual({
      businessUnitId: 1,
      name: 'Surgical technique',
      sortNumber: 30,
      active: true,
      hcp: true,
      patient: true,
      linkType: 'gs1:instructions',
    });
  });

  it('chooses the GS1 link type its files are listed under, and sends it with the version', async () => {
    const calls = server();
    renderRoute(<DocumentTypeRoutes />, { url: `${BASE}/4`, path: PATH });
    await screen.findByLabelText(/^Name/);
    const select = screen
      .getAllByLabelText(/^GS1 link type/)
      .find((el) => el instanceof HTMLInputElement && el.type !== 'hidden') as HTMLInputElement;
    expect(select.value).toBe('Instructions (gs1:instructions)');
    fireEvent.click(select);
    // the dropdown's transition keeps it hidden from jsdom's accessibility tree
    fireEvent.click(await screen.findByRole('option', { name: 'Electronic Patient Information Leaflet (gs1:epil)', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe(BASE));
    expect(calls.find((c) => c.key === 'PUT /api/document-types')?.body).toMatchObject({ id: 4, version: 2, linkType: 'gs1:epil' });
  });

  it('asks for an audience before sending anything', async () => {
    const calls = server();
    renderRoute(<DocumentTypeRoutes />, { url: `${BASE}/4`, path: PATH });
    fireEvent.click(await screen.findByLabelText('Shown to healthcare professionals (HCP)'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A document type needs at least one audience.')).toBeTruthy();
    expect(calls.some((c) => c.key === 'PUT /api/document-types')).toBe(false);
  });

  it('edits the audiences with the version, and puts the server’s sort-number error on its field', async () => {
    const calls = server({
      'PUT /api/document-types': () =>
        problem(400, DocumentErrorKeys.typeSortNumberExists, {
          fieldErrors: [{ objectName: 'documentType', field: 'sortNumber', message: DocumentErrorKeys.typeSortNumberExists }],
        }),
    });
    renderRoute(<DocumentTypeRoutes />, { url: `${BASE}/4`, path: PATH });
    fireEvent.click(await screen.findByLabelText('Shown to patients'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const field = await screen.findByLabelText(/^Sort number/);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Another document type of this business unit already has this sort number.')).toBeTruthy();
    expect(calls.find((c) => c.key === 'PUT /api/document-types')?.body).toMatchObject({ id: 4, version: 2, hcp: true, patient: true });
    expect(location()).toBe(`${BASE}/4`);
  });

  it('keeps the patient switch off while the patient portal is off', async () => {
    server({}, false);
    renderRoute(<DocumentTypeRoutes />, { url: `${BASE}/new`, path: PATH });
    await waitFor(() => expect((screen.getByLabelText('Shown to patients') as HTMLInputElement).disabled).toBe(true));
    expect(screen.getByText(/patient audience can be switched on once the patient portal is on/)).toBeTruthy();
  });
});
