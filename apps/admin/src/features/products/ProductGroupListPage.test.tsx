import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProductGroupListItem } from '@vellum/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SKIP_CONFIRMATION_KEY } from '../../components/ConfirmDialog';
import { productType } from '../../test/catalogueFixtures';
import { mockServer, ok } from '../../test/fakeServer';
import { renderRoute } from '../../test/renderRoute';
import { auth, signedInWith } from '../../test/signedIn';
import { ProductManagementRoutes } from './ProductManagementRoutes';

vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));

const PATH = '/my-business-units/:businessUnitId/product-types/:productTypeId/product-management/*';
const BASE = '/my-business-units/1/product-types/7/product-management';

const groups: ProductGroupListItem[] = [
  { id: 5, businessUnitId: 1, productTypeId: 7, name: 'Knees', documents: 0, version: 0, productCount: 3, remarkCount: 1 },
  { id: 6, businessUnitId: 1, productTypeId: 7, name: 'Empty', documents: 0, version: 0, productCount: 0, remarkCount: 0 },
];

function server() {
  return mockServer({
    'GET /api/product-types/7': () => ok(productType()),
    'GET /api/product-groups': () => ok(groups, { 'x-total-count': '2' }),
    'DELETE /api/product-groups/5': () => ok(),
  });
}

const location = () => screen.getByTestId('location').textContent ?? '';

async function openDelete() {
  fireEvent.click(await screen.findByRole('button', { name: 'Delete Knees' }));
  return screen.findByRole('dialog');
}

function confirmWithCode(dialog: HTMLElement) {
  const code = within(dialog).getByTestId('confirmation-code').textContent ?? '';
  const button = within(dialog).getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
  expect(button.disabled).toBe(true);
  fireEvent.change(within(dialog).getByLabelText('Confirmation code'), { target: { value: code } });
  expect(button.disabled).toBe(false);
  fireEvent.click(button);
}

beforeEach(() => {
  signedInWith(['PRODUCT_MANAGE', 'PRODUCT_DELETE']);
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('product group list', () => {
  it('lists the groups of the type with their counts, searched and filtered to orphans on the server', async () => {
    const calls = server();
    renderRoute(<ProductManagementRoutes />, { url: `${BASE}/product-groups?orphans=true`, path: PATH });
    const row = (await screen.findByRole('link', { name: 'Knees' })).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Knees', '3', '1', '']);
    expect(screen.getByText('No products')).toBeTruthy();
    const query = calls.find((c) => c.key === 'GET /api/product-groups')?.query;
    expect(query?.get('product-type')).toBe('7');
    expect(query?.get('orphans-only')).toBe('true');
    expect(query?.get('sort')).toBe('name,asc');
    expect((screen.getByRole('switch', { name: 'Only orphans' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('tab', { name: 'Product groups' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('tab', { name: 'Products' }).getAttribute('href')).toBe(`${BASE}/products`);
  });

  it('deletes only the group by default (delete-type NONE)', async () => {
    const calls = server();
    renderRoute(<ProductManagementRoutes />, { url: `${BASE}/product-groups`, path: PATH });
    const dialog = await openDelete();
    expect((within(dialog).getByRole('radio', { name: 'Keep the products' }) as HTMLInputElement).checked).toBe(true);
    confirmWithCode(dialog);
    await waitFor(() => expect(calls.some((c) => c.key === 'DELETE /api/product-groups/5')).toBe(true));
    expect(calls.find((c) => c.key === 'DELETE /api/product-groups/5')?.query.get('delete-type')).toBe('NONE');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('deletes the orphaned products too when the user chooses so', async () => {
    const calls = server();
    renderRoute(<ProductManagementRoutes />, { url: `${BASE}/product-groups`, path: PATH });
    const dialog = await openDelete();
    expect(within(dialog).getByText('The group holds 3 products.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Also delete its products that are in no other group' }));
    confirmWithCode(dialog);
    await waitFor(() => expect(calls.some((c) => c.key === 'DELETE /api/product-groups/5')).toBe(true));
    expect(calls.find((c) => c.key === 'DELETE /api/product-groups/5')?.query.get('delete-type')).toBe('ORPHANED_PRODUCTS');
  });

  it('still asks the delete type when confirmations are skipped, without a code', async () => {
    localStorage.setItem(SKIP_CONFIRMATION_KEY, 'true');
    const calls = server();
    renderRoute(<ProductManagementRoutes />, { url: `${BASE}/product-groups`, path: PATH });
    const dialog = await openDelete();
    expect(within(dialog).queryByTestId('confirmation-code')).toBeNull();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Also delete its products that are in no other group' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'DELETE /api/product-groups/5')?.query.get('delete-type')).toBe('ORPHANED_PRODUCTS'),
    );
  });

  it('hides add and delete without the rights', async () => {
    signedInWith(['PRODUCT_READ']);
    server();
    renderRoute(<ProductManagementRoutes />, { url: `${BASE}/product-groups`, path: PATH });
    await screen.findByRole('link', { name: 'Knees' });
    expect(screen.queryByRole('button', { name: 'Delete Knees' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add product group' })).toBeNull();
    expect(location()).toBe(`${BASE}/product-groups`);
  });
});
