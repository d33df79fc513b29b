import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProductRemark } from '@vellum/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockServer, ok } from '../../test/fakeServer';
import { renderRoute } from '../../test/renderRoute';
import { auth, signedInWith } from '../../test/signedIn';
import { RemarksRoutes } from './RemarksRoutes';
import { richTextHasContent, toRemarkBody } from './remarkForm';

vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));

const PATH = '/my-business-units/:businessUnitId/backend-configuration/product-remark/*';
const BASE = '/my-business-units/1/backend-configuration/product-remark';

const remark: ProductRemark = {
  id: 3,
  businessUnitId: 1,
  name: 'Sterile',
  visualizationOrder: 2,
  hcp: true,
  patient: true,
  content: '<p>Keep <strong>dry</strong></p><script>alert(1)</script>',
  cloudStorageObjectKey: null,
  productGroups: [{ id: 5, name: 'Knees' }],
  version: 1,
};

function server(current: ProductRemark = remark) {
  return mockServer({
    'GET /api/product-remarks': () => ok([current, { ...current, id: 4, name: 'Latex', hcp: false, patient: false, productGroups: [] }]),
    'GET /api/product-remarks/3': () => ok(current),
    'PUT /api/product-remarks': (req) => ok({ ...current, ...(req.body as object) }),
    'POST /api/product-remarks': (req) => ok({ ...current, id: 9, ...(req.body as object) }),
    'POST /api/product-remarks/3/rtf': () =>
      ok({ cloudStorageObjectKey: 'remarks/3.html', content: '<h2>Imported</h2><p>From a <em>file</em></p>' }),
  });
}

const location = () => screen.getByTestId('location').textContent ?? '';
const editor = () => screen.getByTestId('remark-content');
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
/** Changes the editor's text as typing would (ProseMirror reads DOM changes); the form becomes dirty. */
async function editText(node: Node, text: string) {
  await act(async () => {
    node.textContent = text;
  });
  await waitFor(() => expect(saveButton().disabled).toBe(false));
}

beforeEach(() => {
  signedInWith(['PRODUCT_REMARK_MANAGE', 'PRODUCT_REMARK_DELETE']);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('remark content', () => {
  it('counts text or images as content, not empty paragraphs', () => {
    expect(richTextHasContent('')).toBe(false);
    expect(richTextHasContent('<p></p><p>&nbsp; </p>')).toBe(false);
    expect(richTextHasContent('<p><img src="x.png"></p>')).toBe(true);
    expect(richTextHasContent('<p>a</p>')).toBe(true);
    const values = { name: ' N ', visualizationOrder: 1, hcp: true, patient: false, content: '<p> </p>' };
    expect(toRemarkBody(1, values)).toEqual({
      businessUnitId: 1,
      name: 'N',
      visualizationOrder: 1,
      hcp: true,
      patient: false,
      content: '',
    });
  });
});

describe('remark editor', () => {
  it('sends the edited rich text as clean HTML', async () => {
    const calls = server();
    renderRoute(<RemarksRoutes />, { url: `${BASE}/3`, path: PATH });
    await screen.findByTestId('remark-form');
    // the editor keeps only what its schema knows: no script
    expect(editor().innerHTML).not.toContain('script');
    const strong = editor().querySelector('strong') as HTMLElement;
    await editText(strong.firstChild as Node, 'dry and cool');
    expect(screen.getByText('Shown with the product groups: Knees')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe(BASE));
    expect(calls.find((c) => c.key === 'PUT /api/product-remarks')?.body).toEqual({
      id: 3,
      version: 1,
      businessUnitId: 1,
      name: 'Sterile',
      visualizationOrder: 2,
      hcp: true,
      patient: true,
      content: '<p>Keep <strong>dry and cool</strong></p>',
    });
  });

  it('sends no rich text when the content is left without text', async () => {
    const calls = server({ ...remark, content: '<p>Note</p>' });
    renderRoute(<RemarksRoutes />, { url: `${BASE}/3`, path: PATH });
    await screen.findByTestId('remark-form');
    await editText(editor().querySelector('p') as HTMLElement, '');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'PUT /api/product-remarks')).toBe(true));
    expect((calls.find((c) => c.key === 'PUT /api/product-remarks')?.body as { content?: string } | undefined)?.content).toBe('');
  });

  it('imports an HTML file into the content, then saves it', async () => {
    const calls = server();
    renderRoute(<RemarksRoutes />, { url: `${BASE}/3`, path: PATH });
    await screen.findByTestId('remark-form');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toContain('.html');
    const file = new File(['<h2>Imported</h2>'], 'remark.html', { type: 'text/html' });
    fireEvent.change(input, { target: { files: [file] } });

    await waitFor(() => expect(within(editor()).getByText('Imported')).toBeTruthy());
    const upload = calls.find((c) => c.key === 'POST /api/product-remarks/3/rtf');
    expect((upload?.body as FormData | undefined)?.get('file')).toBeInstanceOf(File);
    expect(calls.filter((c) => c.key === 'GET /api/product-remarks/3').length).toBeGreaterThan(1);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'PUT /api/product-remarks')).toBe(true));
    expect((calls.find((c) => c.key === 'PUT /api/product-remarks')?.body as { content?: string } | undefined)?.content).toBe(
      '<h2>Imported</h2><p>From a <em>file</em></p>',
    );
  });

  it('creates a remark: name required, HCP on and patient off by default', async () => {
    const calls = server();
    renderRoute(<RemarksRoutes />, { url: `${BASE}/new`, path: PATH });
    await screen.findByTestId('remark-form');
    expect((screen.getByTestId('remark-import') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Cannot be empty')).toBeTruthy();
    expect(calls.some((c) => c.key === 'POST /api/product-remarks')).toBe(false);

    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Fragile' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe(BASE));
    expect(calls.find((c) => c.key === 'POST /api/product-remarks')?.body).toEqual({
      businessUnitId: 1,
      name: 'Fragile',
      visualizationOrder: 0,
      hcp: true,
      patient: false,
      content: '',
    });
  });
});

describe('remark list', () => {
  it('lists name, order, audiences and groups, with add and delete by right', async () => {
    server();
    renderRoute(<RemarksRoutes />, { url: BASE, path: PATH });
    const row = (await screen.findByRole('link', { name: 'Sterile' })).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Sterile', '2', 'HCPPatient', '1', '']);
    expect(screen.getByText('No audience')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add remark' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Sterile' })).toBeTruthy();
    cleanup();
    signedInWith(['PRODUCT_READ']);
    server();
    renderRoute(<RemarksRoutes />, { url: BASE, path: PATH });
    await screen.findByRole('link', { name: 'Sterile' });
    expect(screen.queryByRole('link', { name: 'Add remark' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Sterile' })).toBeNull();
  });
});
