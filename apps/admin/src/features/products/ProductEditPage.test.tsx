import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Product } from '@vellum/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { definition, productType } from '../../test/catalogueFixtures';
import { type MockRequest, mockServer, ok, problem } from '../../test/fakeServer';
import { renderRoute } from '../../test/renderRoute';
import { auth, signedInWith } from '../../test/signedIn';
import { ProductManagementRoutes } from './ProductManagementRoutes';

vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));

const PATH = '/my-business-units/:businessUnitId/product-types/:productTypeId/product-management/*';
const BASE = '/my-business-units/1/product-types/7/product-management';

const type = productType({
  attributeDefinitions: [definition({ id: 1, name: 'Size', isMandatory: true }), definition({ id: 2, name: 'Brand', isUnique: true })],
  lotNumbers: true,
});

const product: Product = {
  id: 40,
  businessUnitId: 1,
  productTypeId: 7,
  keyCode: 'KC-1',
  publishDate: null,
  publishState: 'UNPUBLISHED',
  endOfLifeDate: null,
  attributeValues: [
    { id: 1, attributeDefinitionId: 1, value: 'XL' },
    { id: 2, attributeDefinitionId: 2, value: 'Acme' },
  ],
  productGroups: [{ id: 5, name: 'Knees' }],
  lotRanges: [
    {
      id: 9,
      businessUnitId: 1,
      productTypeId: 7,
      name: 'Batch A',
      numbers: ['L1'],
      archiveDate: null,
      archived: false,
      appliesToAll: false,
      version: 0,
    },
  ],
  createdDate: '2026-01-01T00:00:00Z',
  lastModifiedDate: '2026-01-02T00:00:00Z',
  version: 3,
};

function server(save: (req: MockRequest) => ReturnType<typeof ok> = (req) => ok({ ...product, id: 41, ...(req.body as object) })) {
  let created: ReturnType<typeof ok> | undefined;
  return mockServer({
    'GET /api/product-types/7': () => ok(type),
    'GET /api/products/40': () => ok(product),
    'GET /api/products/41': () => created ?? problem(404, 'error.http.404'),
    'GET /api/product-groups': () => ok([{ id: 5, name: 'Knees', productCount: 1, remarkCount: 0 }], { 'x-total-count': '1' }),
    'POST /api/products/search': () => ok({ items: [], pageable: { pageNumber: 0, pageSize: 10, totalPages: 0, totalElements: 0 } }),
    'POST /api/products': (req) => {
      created = save(req);
      return created;
    },
    'PUT /api/products': save,
  });
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type_ = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  signedInWith(['PRODUCT_MANAGE', 'PRODUCT_DELETE']);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('product form', () => {
  it('requires the key code and mandatory attributes before sending anything', async () => {
    const calls = server();
    renderRoute(<ProductManagementRoutes />, { url: `${BASE}/products/new`, path: PATH });
    await screen.findByTestId('product-form');
    expect(screen.getByText('Must be unique among the products of this type.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field(/^Key code/).getAttribute('aria-invalid')).toBe('true'));
    expect(field(/^Size/).getAttribute('aria-invalid')).toBe('true');
    expect(field(/^Brand/).getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.getAllByText('Cannot be empty')).toHaveLength(2);
    expect(calls.some((c) => c.key === 'POST /api/products')).toBe(false);

    type_(/^Key code/, ' KC-9 ');
    type_(/^Size/, 'M');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // the new product opens, for its lot ranges and groups
    await waitFor(() => expect(location()).toBe(`${BASE}/products/41`));
    expect(await screen.findByRole('heading', { name: /KC-9/ })).toBeTruthy();
    expect(field(/^Key code/).value).toBe('KC-9');
    expect(calls.find((c) => c.key === 'POST /api/products')?.body).toEqual({
      productTypeId: 7,
      keyCode: 'KC-9',
      publishDate: null,
      endOfLifeDate: null,
      attributeValues: [{ attributeDefinitionId: 1, value: 'M' }],
      productGroupIds: [],
      lotRanges: [],
    });
  });

  it('puts a server error about an attribute value on that attribute, with its params', async () => {
    server(() =>
      problem(400, 'error.product.attributeValueNotUnique', {
        params: { attributeDefinitionId: 2, name: 'Brand', value: 'Acme' },
        fieldErrors: [{ objectName: 'product', field: 'attributeValues.1.value', message: 'error.product.attributeValueNotUnique' }],
      }),
    );
    renderRoute(<ProductManagementRoutes />, { url: `${BASE}/products/40`, path: PATH });
    await screen.findByTestId('product-form');
    type_(/^Key code/, 'KC-2');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field(/^Brand/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The value Acme of the unique attribute Brand is already used by another product.')).toBeTruthy();
    expect(field(/^Size/).getAttribute('aria-invalid')).not.toBe('true');
    expect(location()).toBe(`${BASE}/products/40`);
  });

  it('edits lot ranges and shows a lot-range error on its row', async () => {
    const calls = server(() =>
      problem(400, 'error.lotRange.nameTaken', {
        params: { name: 'Batch B' },
        fieldErrors: [{ objectName: 'product', field: 'lotRanges.1.name', message: 'error.lotRange.nameTaken' }],
      }),
    );
    renderRoute(<ProductManagementRoutes />, { url: `${BASE}/products/40`, path: PATH });
    await screen.findByTestId('product-form');
    fireEvent.click(screen.getByRole('button', { name: 'Add lot range' }));
    const rows = screen.getAllByTestId('lot-range-row');
    expect(rows).toHaveLength(2);
    fireEvent.change(within(rows[1]).getByLabelText(/^Name/), { target: { value: 'Batch B' } });
    const numbers = within(rows[1]).getByLabelText(/^Lot numbers/) as HTMLInputElement;
    act(() => numbers.focus());
    fireEvent.change(numbers, { target: { value: 'L7' } });
    fireEvent.keyDown(numbers, { key: 'Enter' });
    fireEvent.click(within(rows[1]).getByRole('switch', { name: /^Applies to all products/ }));

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Another lot range of this business unit is already named Batch B.')).toBeTruthy();
    expect(calls.find((c) => c.key === 'PUT /api/products')?.body).toMatchObject({
      id: 40,
      version: 3,
      lotRanges: [
        { id: 9, version: 0, name: 'Batch A', numbers: ['L1'], archiveDate: null, appliesToAll: false },
        { name: 'Batch B', numbers: ['L7'], archiveDate: null, appliesToAll: true },
      ],
    });
    expect(within(rows[1]).getByLabelText(/^Name/).getAttribute('aria-invalid')).toBe('true');
  });

  it('says when another user changed the product (409)', async () => {
    server(() => problem(409, 'error.concurrencyFailure'));
    renderRoute(<ProductManagementRoutes />, { url: `${BASE}/products/40`, path: PATH });
    await screen.findByTestId('product-form');
    type_(/^Key code/, 'KC-2');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Another user modified this data at the same time as you. Your changes were rejected.')).toBeTruthy();
  });

  it('duplicates a product into a new form: key code emptied, lot ranges not copied', async () => {
    const calls = server();
    renderRoute(<ProductManagementRoutes />, { url: `${BASE}/products/40`, path: PATH });
    await screen.findByTestId('product-form');
    expect(screen.getAllByTestId('lot-range-row')).toHaveLength(1);
    type_(/^Brand/, 'Other brand');

    fireEvent.click(screen.getByRole('button', { name: 'Duplicate' }));
    await waitFor(() => expect(location()).toBe(`${BASE}/products/new`));
    expect(await screen.findByText('New product of Implants (duplicate)')).toBeTruthy();
    expect(field(/^Key code/).value).toBe('');
    expect(field(/^Size/).value).toBe('XL');
    expect(field(/^Brand/).value).toBe('Other brand');
    expect(screen.queryAllByTestId('lot-range-row')).toHaveLength(0);
    expect(within(screen.getByTestId('product-form')).getByText('Knees')).toBeTruthy();

    type_(/^Key code/, 'KC-COPY');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe(`${BASE}/products/41`));
    expect(calls.find((c) => c.key === 'POST /api/products')?.body).toEqual({
      productTypeId: 7,
      keyCode: 'KC-COPY',
      publishDate: null,
      endOfLifeDate: null,
      attributeValues: [
        { attributeDefinitionId: 1, value: 'XL' },
        { attributeDefinitionId: 2, value: 'Other brand' },
      ],
      productGroupIds: [5],
      lotRanges: [],
    });
  });

  it('is read-only without PRODUCT_MANAGE', async () => {
    signedInWith(['PRODUCT_READ']);
    server();
    renderRoute(<ProductManagementRoutes />, { url: `${BASE}/products/40`, path: PATH });
    await screen.findByTestId('product-form');
    expect(screen.getByText('You can view these settings but not change them.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Duplicate' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
