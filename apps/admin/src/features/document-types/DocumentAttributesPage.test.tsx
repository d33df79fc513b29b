import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DocumentErrorKeys } from '@vellum/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentAttribute, documentAttributeList } from '../../test/documentFixtures';
import { mockServer, ok, problem } from '../../test/fakeServer';
import { cleanupRoute, renderRoute } from '../../test/renderRoute';
import { auth, signedInWith } from '../../test/signedIn';
import { DocumentAttributesPage } from './DocumentAttributesPage';

vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));

const PATH = '/my-business-units/:businessUnitId/backend-configuration/document-attribute';
const URL = '/my-business-units/1/backend-configuration/document-attribute';
const revision = documentAttribute();
const note = documentAttribute({ id: 12, name: 'Note', slug: 'note', mandatory: false, searchType: 'VISIBLE', visualizationOrder: 1 });

function server(over: Parameters<typeof mockServer>[0] = {}) {
  return mockServer({
    'GET /api/document-attribute-definitions': () => ok(documentAttributeList([revision, note])),
    'PUT /api/document-attribute-definitions': (req) => {
      const body = req.body as { definitions: object[] };
      return ok(
        documentAttributeList(
          body.definitions.map((d, i) => documentAttribute({ id: 20 + i, ...d })),
          4,
        ),
      );
    },
    ...over,
  });
}
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const putBody = (calls: ReturnType<typeof mockServer>) =>
  calls.filter((c) => c.key === 'PUT /api/document-attribute-definitions').at(-1)?.body as {
    version: number;
    definitions: { id: number | null; name: string; slug: string; visualizationOrder: number }[];
  };

beforeEach(() => {
  signedInWith(['DOCUMENT_ATTRIBUTE_MANAGE']);
});
afterEach(cleanupRoute);

describe('document attributes', () => {
  it('shows the unit’s definitions as editable rows in their order', async () => {
    const calls = server();
    renderRoute(<DocumentAttributesPage />, { url: URL, path: PATH });
    const name = (await screen.findByLabelText('Name of attribute 1')) as HTMLInputElement;
    expect(name.value).toBe('Revision');
    expect((screen.getByLabelText('Slug of Note') as HTMLInputElement).value).toBe('note');
    expect((screen.getByLabelText('Revision is mandatory') as HTMLInputElement).checked).toBe(true);
    expect(calls.find((c) => c.key === 'GET /api/document-attribute-definitions')?.query.get('business-unit')).toBe('1');
  });

  it('adds a row whose slug follows its name, reorders, and saves the whole list with the list version', async () => {
    const calls = server();
    renderRoute(<DocumentAttributesPage />, { url: URL, path: PATH });
    await screen.findByLabelText('Name of attribute 1');
    fireEvent.click(screen.getByRole('button', { name: 'Add attribute' }));
    fireEvent.change(screen.getByLabelText('Name of attribute 3'), { target: { value: 'Market Region' } });
    expect((screen.getByLabelText('Slug of Market Region') as HTMLInputElement).value).toBe('market-region');
    fireEvent.click(screen.getByRole('button', { name: 'Move Market Region up' }));
    save();
    await waitFor(() => expect(putBody(calls)).toBeDefined());
    const body = putBody(calls);
    expect(body.version).toBe(3);
    expect(body.definitions.map((d) => [d.id, d.name, d.slug, d.visualizationOrder])).toEqual([
      [11, 'Revision', 'revision', 0],
      [null, 'Market Region', 'market-region', 1],
      [12, 'Note', 'note', 2],
    ]);
    // the saved list (with the new ids) replaces the form
    await waitFor(() => expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true));
  });

  it('asks the confirmation code before a save removes saved definitions', async () => {
    const calls = server();
    renderRoute(<DocumentAttributesPage />, { url: URL, path: PATH });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Note' }));
    save();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Saving removes Note/)).toBeTruthy();
    const code = within(dialog).getByTestId('confirmation-code').textContent ?? '';
    fireEvent.change(within(dialog).getByLabelText('Confirmation code'), { target: { value: code } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(putBody(calls)?.definitions.map((d) => d.id)).toEqual([11]));
  });

  it('marks duplicate slugs and bad names on their rows before sending', async () => {
    const calls = server();
    renderRoute(<DocumentAttributesPage />, { url: URL, path: PATH });
    fireEvent.change(await screen.findByLabelText('Slug of Note'), { target: { value: 'revision' } });
    fireEvent.change(screen.getByLabelText('Name of attribute 1'), { target: { value: 'Rev$' } });
    save();
    expect(await screen.findByText('Two document attributes cannot have the same slug.')).toBeTruthy();
    expect(screen.getByText('Cannot be empty or include special characters')).toBeTruthy();
    expect(calls.some((c) => c.key === 'PUT /api/document-attribute-definitions')).toBe(false);
  });

  it('puts the server’s row errors on the row’s field, and clears them when the rows move', async () => {
    server({
      'PUT /api/document-attribute-definitions': () =>
        problem(400, DocumentErrorKeys.attributeNameExists, {
          fieldErrors: [
            { objectName: 'documentAttributeDefinitions', field: 'definitions.1.name', message: DocumentErrorKeys.attributeNameExists },
          ],
        }),
    });
    renderRoute(<DocumentAttributesPage />, { url: URL, path: PATH });
    fireEvent.change(await screen.findByLabelText('Name of attribute 2'), { target: { value: 'Notes' } });
    save();
    await waitFor(() => expect(screen.getByLabelText('Name of attribute 2').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Two document attributes cannot have the same name.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Move Notes up' }));
    await waitFor(() => expect(screen.queryByText('Two document attributes cannot have the same name.')).toBeNull());
  });

  it('shows the empty state, and the load error with a retry', async () => {
    server({ 'GET /api/document-attribute-definitions': () => ok(documentAttributeList([], 0)) });
    renderRoute(<DocumentAttributesPage />, { url: URL, path: PATH });
    expect(await screen.findByText(/no document attributes yet/)).toBeTruthy();
    cleanupRoute();
    server({ 'GET /api/document-attribute-definitions': () => problem(500, 'error.http.500') });
    renderRoute(<DocumentAttributesPage />, { url: URL, path: PATH });
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('is read-only without the manage right', async () => {
    signedInWith(['DOCUMENT_READ']);
    server();
    renderRoute(<DocumentAttributesPage />, { url: URL, path: PATH });
    expect(((await screen.findByLabelText('Name of attribute 1')) as HTMLInputElement).readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Add attribute' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
