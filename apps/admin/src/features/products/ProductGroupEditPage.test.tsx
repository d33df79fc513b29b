import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ProductGroup, ProductListItem } from '@vellum/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LinkedDocumentsProps, SlotsProvider } from '../../platform/slots';
import { productType } from '../../test/catalogueFixtures';
import { mockServer, ok, problem } from '../../test/fakeServer';
import { renderRoute } from '../../test/renderRoute';
import { auth, signedInWith } from '../../test/signedIn';
import { ProductManagementRoutes } from './ProductManagementRoutes';

vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));

const PATH = '/my-business-units/:businessUnitId/product-types/:productTypeId/product-management/*';
const BASE = '/my-business-units/1/product-types/7/product-management';

const group: ProductGroup = {
  id: 5,
  businessUnitId: 1,
  productTypeId: 7,
  name: 'Knees',
  products: [{ id: 40, keyCode: 'KC-1' }],
  remarks: [{ id: 3, name: 'Sterile' }],
  documents: 2,
  version: 4,
};

const match = (id: number, keyCode: string): ProductListItem => ({
  id,
  businessUnitId: 1,
  productTypeId: 7,
  productTypeName: 'Implants',
  keyCode,
  publishDate: null,
  publishState: 'UNPUBLISHED',
  attributeValues: [],
  productGroups: 1,
  lastModifiedDate: '2026-01-01T00:00:00Z',
});

function server(save = () => ok(group)) {
  return mockServer({
    'GET /api/product-types/7': () => ok(productType()),
    'GET /api/product-groups/5': () => ok(group),
    'GET /api/product-remarks': () =>
      ok([
        { id: 3, name: 'Sterile' },
        { id: 4, name: 'Latex' },
      ]),
    'POST /api/products/search': (req) => {
      const text = (req.body as { text?: string }).text;
      const items = text === 'KC-2' ? [match(41, 'KC-2')] : [match(40, 'KC-1')];
      return ok({ items, pageable: { pageNumber: 0, pageSize: 25, totalPages: 1, totalElements: items.length } });
    },
    'PUT /api/product-groups': save,
    'POST /api/product-groups': save,
  });
}

/** What the app would put in the slot: here, the unit and group it is asked for. */
function LinkedDocuments({ businessUnitId, productGroupId }: LinkedDocumentsProps) {
  return <div data-testid="linked-documents">{`${businessUnitId}/${productGroupId}`}</div>;
}

const location = () => screen.getByTestId('location').textContent ?? '';

beforeEach(() => {
  signedInWith(['PRODUCT_MANAGE', 'PRODUCT_DELETE']);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('product group form', () => {
  it('lists the documents linked to the group in the slot the app fills', async () => {
    server();
    renderRoute(
      <SlotsProvider slots={{ LinkedDocuments }}>
        <ProductManagementRoutes />
      </SlotsProvider>,
      { url: `${BASE}/product-groups/5`, path: PATH },
    );
    expect((await screen.findByTestId('linked-documents')).textContent).toBe('1/5');
  });

  it('adds a product found by the product search and saves the group', async () => {
    const calls = server();
    renderRoute(<ProductManagementRoutes />, { url: `${BASE}/product-groups/5`, path: PATH });
    await screen.findByTestId('product-group-form');
    expect(screen.getByText('KC-1')).toBeTruthy();
    expect(screen.getByText('Linked to 2 documents.')).toBeTruthy();
    expect(calls.find((c) => c.key === 'GET /api/product-remarks')?.query.get('business-unit')).toBe('1');

    const picker = screen
      .getAllByLabelText('Products')
      .find((el) => el instanceof HTMLInputElement && el.type !== 'hidden') as HTMLInputElement;
    // the combobox takes typing only from the focused input
    act(() => picker.focus());
    fireEvent.change(picker, { target: { value: 'KC-2' } });
    await waitFor(() =>
      expect(calls.some((c) => c.key === 'POST /api/products/search' && (c.body as { text?: string }).text === 'KC-2')).toBe(true),
    );
    const search = calls.find((c) => (c.body as { text?: string } | undefined)?.text === 'KC-2');
    expect(search?.query.get('product-type')).toBe('7');
    // the dropdown's transition keeps it hidden from jsdom's accessibility tree
    fireEvent.click(await screen.findByRole('option', { name: 'KC-2', hidden: true }));

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe(`${BASE}/product-groups`));
    expect(calls.find((c) => c.key === 'PUT /api/product-groups')?.body).toEqual({
      id: 5,
      version: 4,
      productTypeId: 7,
      name: 'Knees',
      productIds: [40, 41],
      remarkIds: [3],
    });
  });

  it('needs a valid name and shows the server name error on it', async () => {
    const calls = server(() => problem(400, 'error.productGroup.nameExists'));
    renderRoute(<ProductManagementRoutes />, { url: `${BASE}/product-groups/new`, path: PATH });
    await screen.findByTestId('product-group-form');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Cannot be empty')).toBeTruthy();
    expect(calls.some((c) => c.key === 'POST /api/product-groups')).toBe(false);

    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Hips' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/product-groups')).toBe(true));
    expect(calls.find((c) => c.key === 'POST /api/product-groups')?.body).toEqual({
      name: 'Hips',
      productIds: [],
      remarkIds: [],
      productTypeId: 7,
    });
    await waitFor(() => expect(screen.getByLabelText(/^Name/).getAttribute('aria-invalid')).toBe('true'));
  });
});
