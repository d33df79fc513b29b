import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ProductListItem } from '@vellum/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { definition, productType } from '../../test/catalogueFixtures';
import { mockServer, ok } from '../../test/fakeServer';
import { renderRoute } from '../../test/renderRoute';
import { auth, signedInWith } from '../../test/signedIn';
import { ProductManagementRoutes } from './ProductManagementRoutes';

vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));

const PATH = '/my-business-units/:businessUnitId/product-types/:productTypeId/product-management/*';
const BASE = '/my-business-units/1/product-types/7/product-management';

const type = productType({
  attributeDefinitions: [
    definition({ id: 1, name: 'Size', searchTypeHCP: 'SEARCHABLE_EXACT' }),
    definition({ id: 2, name: 'Brand', searchTypePatient: 'SEARCHABLE_PARTIAL' }),
    definition({ id: 3, name: 'Colour', searchTypeHCP: 'VISIBLE' }),
    definition({ id: 4, name: 'Internal' }),
  ],
});

const item: ProductListItem = {
  id: 40,
  businessUnitId: 1,
  productTypeId: 7,
  productTypeName: 'Implants',
  keyCode: 'KC-1',
  publishDate: '2020-05-01T10:00:00Z',
  publishState: 'PUBLISHED',
  attributeValues: [{ id: 1, attributeDefinitionId: 1, value: 'XL' }],
  productGroups: 0,
  lastModifiedDate: '2026-01-01T00:00:00Z',
};

function server(items: ProductListItem[] = [item]) {
  return mockServer({
    'GET /api/product-types/7': () => ok(type),
    'POST /api/products/search': () => ok({ items, pageable: { pageNumber: 0, pageSize: 10, totalPages: 1, totalElements: items.length } }),
  });
}

const searches = (calls: ReturnType<typeof server>) => calls.filter((c) => c.key === 'POST /api/products/search');
const location = () => screen.getByTestId('location').textContent ?? '';

beforeEach(() => {
  signedInWith(['PRODUCT_MANAGE', 'PRODUCT_DELETE']);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('product list', () => {
  it('opens the products tab of a product type and shows its visible attributes as columns', async () => {
    const calls = server();
    renderRoute(<ProductManagementRoutes />, { url: BASE, path: PATH });
    await screen.findByText('KC-1');
    expect(location()).toBe(`${BASE}/products`);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Key code', 'Size', 'Brand', 'Colour', 'Publish state', 'Groups', 'Actions']);
    expect(screen.getByText('Orphan')).toBeTruthy();
    expect(screen.getByText(/^Published \d+ May 2020/)).toBeTruthy();
    const first = searches(calls)[0];
    expect(first.query.get('product-type')).toBe('7');
    expect(first.query.get('sort')).toBe('keyCode,asc');
    expect(first.body).toEqual({ attributes: [], orphans: false });
  });

  it('builds the filter bar from the searchable attributes and sends the filters', async () => {
    const calls = server();
    renderRoute(<ProductManagementRoutes />, { url: `${BASE}/products`, path: PATH });
    await screen.findByText('KC-1');
    expect(screen.getByLabelText('Key code (contains)')).toBeTruthy();
    expect(screen.getByLabelText('Size (exact)')).toBeTruthy();
    expect(screen.getByLabelText('Brand (contains)')).toBeTruthy();
    expect(screen.queryByLabelText(/^Colour \(/)).toBeNull();
    expect(screen.queryByLabelText(/^Internal/)).toBeNull();

    fireEvent.change(screen.getByLabelText('Size (exact)'), { target: { value: 'XL' } });
    await waitFor(() => expect(location()).toContain('attr1=XL'));
    fireEvent.click(screen.getByRole('switch', { name: 'Only orphans' }));
    await waitFor(() => expect(location()).toContain('orphans=true'));
    await waitFor(() =>
      expect(searches(calls).at(-1)?.body).toEqual({
        attributes: [{ attributeDefinitionId: 1, value: 'XL', match: 'EXACT' }],
        orphans: true,
      }),
    );
  });

  it('reads the filters from the URL and offers to clear them', async () => {
    const calls = server([]);
    renderRoute(<ProductManagementRoutes />, { url: `${BASE}/products?keyCode=AB&attr2=acme&state=SCHEDULED`, path: PATH });
    await screen.findByText('Nothing matches your search.');
    expect(searches(calls)[0].body).toEqual({
      keyCode: { value: 'AB', match: 'PARTIAL' },
      attributes: [{ attributeDefinitionId: 2, value: 'acme', match: 'PARTIAL' }],
      publishState: 'SCHEDULED',
      orphans: false,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location()).toBe(`${BASE}/products`));
  });

  it('shows an empty state with an add button, hidden without PRODUCT_MANAGE', async () => {
    server([]);
    renderRoute(<ProductManagementRoutes />, { url: `${BASE}/products`, path: PATH });
    expect(await screen.findByText('This product type has no products yet.')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Add product' })).toHaveLength(2);
    cleanup();
    signedInWith(['PRODUCT_READ']);
    server([]);
    renderRoute(<ProductManagementRoutes />, { url: `${BASE}/products`, path: PATH });
    await screen.findByText('This product type has no products yet.');
    expect(screen.queryByRole('link', { name: 'Add product' })).toBeNull();
  });

  it('deletes a product after the confirmation code', async () => {
    const calls = mockServer({
      'GET /api/product-types/7': () => ok(type),
      'POST /api/products/search': () => ok({ items: [item], pageable: { pageNumber: 0, pageSize: 10, totalPages: 1, totalElements: 1 } }),
      'DELETE /api/products/40': () => ok(),
    });
    renderRoute(<ProductManagementRoutes />, { url: `${BASE}/products`, path: PATH });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete KC-1' }));
    const code = (await screen.findByTestId('confirmation-code')).textContent ?? '';
    fireEvent.change(screen.getByLabelText('Confirmation code'), { target: { value: code } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByTestId('confirmation-code')).toBeNull());
    expect(calls.filter((c) => c.key === 'DELETE /api/products/40')).toHaveLength(1);
  });
});
