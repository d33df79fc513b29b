import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProductGroupListItem } from '@vellum/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '../../platform/auth';
import { productListItem, productType } from '../../test/catalogueFixtures';
import { mockServer, ok, onePage } from '../../test/fakeServer';
import { cleanupRoute, renderRoute } from '../../test/renderRoute';
import { signedInWith } from '../../test/signedIn';
import { UnitProductManagementRoutes } from './UnitProductManagementRoutes';

const auth: { current: Partial<AuthState> } = { current: {} };
vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));

const PATH = '/my-business-units/:businessUnitId/product-management/*';
const BASE = '/my-business-units/1/product-management';

beforeEach(() => {
  auth.current = signedInWith(['PRODUCT_READ']);
});
afterEach(cleanupRoute);

describe('the products of every product type of a business unit', () => {
  it('?orphans=true: searches the whole unit for orphans, each row opening its product', async () => {
    const calls = mockServer({
      'POST /api/products/search': () =>
        onePage([productListItem(), productListItem({ id: 41, productTypeId: 8, productTypeName: 'Pumps', keyCode: 'P-1' })]),
    });
    renderRoute(<UnitProductManagementRoutes />, { url: `${BASE}/products?orphans=true`, path: PATH });
    expect(await screen.findByRole('heading', { name: 'Orphan products' })).toBeTruthy();
    const pump = await screen.findByRole('link', { name: 'P-1' });
    expect(pump.getAttribute('href')).toBe('/my-business-units/1/product-types/8/product-management/products/41');
    expect(within(pump.closest('tr') as HTMLElement).getByText('Pumps')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'KC-1' }).getAttribute('href')).toBe(
      '/my-business-units/1/product-types/7/product-management/products/40',
    );
    const search = calls.find((c) => c.key === 'POST /api/products/search');
    expect(search?.query.get('business-unit')).toBe('1');
    expect(search?.query.has('product-type')).toBe(false);
    expect(search?.query.get('sort')).toBe('keyCode,asc');
    expect(search?.body).toMatchObject({ orphans: true });
    expect((screen.getByRole('switch', { name: 'Only orphans' }) as HTMLInputElement).checked).toBe(true);
  });

  it('?state=UNPUBLISHED: the unpublished products; sorting asks the server', async () => {
    const calls = mockServer({ 'POST /api/products/search': () => onePage([productListItem()]) });
    // the table state ignores changes made after the page was left: the window must be on the page too
    window.history.replaceState(null, '', `${BASE}/products`);
    renderRoute(<UnitProductManagementRoutes />, { url: `${BASE}/products?state=UNPUBLISHED`, path: PATH });
    expect(await screen.findByRole('heading', { name: 'Unpublished products' })).toBeTruthy();
    await screen.findByRole('link', { name: 'KC-1' });
    expect(calls.find((c) => c.key === 'POST /api/products/search')?.body).toMatchObject({ orphans: false, publishState: 'UNPUBLISHED' });
    fireEvent.click(screen.getByRole('button', { name: /Key code/ }));
    await waitFor(() => expect(calls.at(-1)?.query.get('sort')).toBe('keyCode,desc'));
  });

  it('the product-groups tab keeps the orphans filter and lists the orphan groups of the whole unit', async () => {
    const group: ProductGroupListItem = {
      id: 9,
      businessUnitId: 1,
      productTypeId: 8,
      name: 'Empty kit',
      documents: 0,
      version: 0,
      productCount: 0,
      remarkCount: 0,
    };
    const calls = mockServer({
      'POST /api/products/search': () => onePage([]),
      'GET /api/product-groups': () => ok([group], { 'x-total-count': '1' }),
      'GET /api/product-types': () => ok([productType({ id: 8, name: 'Pumps' })]),
    });
    renderRoute(<UnitProductManagementRoutes />, { url: `${BASE}/products?orphans=true`, path: PATH });
    await screen.findByText('No orphan products: every product belongs to a product group.');
    fireEvent.click(screen.getByRole('tab', { name: 'Product groups' }));
    expect(await screen.findByRole('heading', { name: 'Orphan product groups' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Empty kit' });
    expect(link.getAttribute('href')).toBe('/my-business-units/1/product-types/8/product-management/product-groups/9');
    await waitFor(() => expect(within(link.closest('tr') as HTMLElement).getByText('Pumps')).toBeTruthy());
    const list = calls.find((c) => c.key === 'GET /api/product-groups');
    expect(list?.query.get('business-unit')).toBe('1');
    expect(list?.query.get('orphans-only')).toBe('true');
    expect(list?.query.has('product-type')).toBe(false);
  });
});
