import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProductType } from '@vellum/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { definition, manufacturerSettings, productType } from '../../test/catalogueFixtures';
import { json, type MockHandler, mockServer } from '../../test/fakeServer';
import { renderRoute } from '../../test/renderRoute';
import { auth, signedInWith } from '../../test/signedIn';
import { BusinessUnitProductTypeRoutes, GlobalProductTypeRoutes } from './ProductTypeRoutes';
import { ProductTypesPage } from './ProductTypesPage';

/** Product type 11 'Infusion pumps' of business unit 3, the type these tests open. */
const pumps = (over: Partial<ProductType> = {}) =>
  productType({ id: 11, businessUnitId: 3, slug: 'infusion-pumps', name: 'Infusion pumps', version: 1, ...over });

vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));
// full pages with many inputs render slowly in jsdom on a busy machine
vi.setConfig({ testTimeout: 30_000 });

const CONFIG = '/my-business-units/:businessUnitId/backend-configuration/product-type/*';
const GLOBAL_TYPE = pumps({
  id: 5,
  businessUnitId: 0,
  name: 'Global meters',
  slug: 'global-meters',
  attributeDefinitions: [definition({ id: 50, name: 'Size' }), definition({ id: 51, name: 'Lot', type: 'MULTI_ARRAY' })],
});
/** The page at a url, routed by a path pattern. */
const renderAt = (url: string, path: string, element: React.ReactElement) => renderRoute(element, { url, path });
const isDisabled = (el: HTMLElement) => (el as HTMLButtonElement).disabled;

/** The manufacturer's feature switches, global search on unless told. */
const features = (globalSearch = true) => ({
  'GET /api/manufacturer/own/features': () => json(200, manufacturerSettings(false, globalSearch)),
});

/** GET api/product-types answers by business unit. */
const listsBy =
  (units: Record<string, unknown[]>): MockHandler =>
  ({ query }) =>
    json(200, units[query.get('business-unit') ?? ''] ?? []);

const typeCode = async (dialog: HTMLElement) =>
  fireEvent.change(within(dialog).getByLabelText('Confirmation code'), {
    target: { value: within(dialog).getByTestId('confirmation-code').textContent },
  });

beforeEach(() => signedInWith({ 0: ['MANUFACTURER_READ'], 3: ['PRODUCT_TYPE_MANAGE', 'PRODUCT_TYPE_DELETE', 'PRODUCT_READ'] }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('copy a global product type', () => {
  it('lists the global types (business unit 0), copies one into the unit and opens the copy', async () => {
    const copy = pumps({ id: 77, name: 'Global meters', slug: 'global-meters', copiedFromId: 5 });
    const calls = mockServer({
      ...features(),
      'GET /api/product-types': listsBy({ 3: [], 0: [GLOBAL_TYPE] }),
      'POST /api/product-types/5/copy': () => json(201, copy),
      'GET /api/product-types/77': () => json(200, copy),
    });
    renderRoute(<BusinessUnitProductTypeRoutes />, { url: '/my-business-units/3/backend-configuration/product-type', path: CONFIG });
    await screen.findByText('No product types yet. Add one, or copy a global product type.');
    fireEvent.click(screen.getByRole('button', { name: 'Copy a global product type' }));

    const dialog = await screen.findByRole('dialog');
    const row = await within(dialog).findByTestId('copy-row');
    expect(row.textContent).toContain('Global meters');
    expect(row.textContent).toContain('2 attributes');
    expect(calls.some((c) => c.key === 'GET /api/product-types' && c.url.includes('business-unit=0'))).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy Global meters' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/my-business-units/3/backend-configuration/product-type/77'),
    );
    expect(calls.find((c) => c.key === 'POST /api/product-types/5/copy')?.body).toEqual({ businessUnitId: 3 });
    await screen.findByText('Product type Global meters');
  });

  it('says so when there is no global product type, and marks types copied before', async () => {
    mockServer({ ...features(), 'GET /api/product-types': listsBy({ 3: [], 0: [] }) });
    renderRoute(<ProductTypesPage />, {
      url: '/my-business-units/3/product-types',
      path: '/my-business-units/:businessUnitId/product-types',
    });
    const empty = await screen.findByTestId('product-types-empty');
    fireEvent.click(within(empty).getByRole('button', { name: 'Copy a global product type' }));
    expect((await screen.findByTestId('copy-empty')).textContent).toBe('There are no global product types to copy.');
  });

  it('from the product-type cards, the copy opens its products', async () => {
    const copy = pumps({ id: 78, copiedFromId: 5 });
    mockServer({
      ...features(),
      'GET /api/product-types': listsBy({ 3: [pumps({ id: 12, copiedFromId: 5 })], 0: [GLOBAL_TYPE] }),
      'POST /api/product-types/5/copy': () => json(201, copy),
    });
    renderRoute(<ProductTypesPage />, {
      url: '/my-business-units/3/product-types',
      path: '/my-business-units/:businessUnitId/product-types',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Copy a global product type' }));
    const row = await within(await screen.findByRole('dialog')).findByTestId('copy-row');
    expect(within(row).getByText('Copied before')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Copy Global meters' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/my-business-units/3/product-types/78/product-management/products'),
    );
  });
});

describe('product type cards', () => {
  it('show name, status and counts, and open the product management', async () => {
    mockServer({
      'GET /api/product-types': listsBy({
        3: [pumps({ id: 12, name: 'Pumps', status: 'WAITING', products: 3, productGroups: 1 })],
      }),
    });
    renderRoute(<ProductTypesPage />, {
      url: '/my-business-units/3/product-types',
      path: '/my-business-units/:businessUnitId/product-types',
    });
    const card = await screen.findByTestId('product-type-card');
    expect(card.textContent).toContain('Pumps');
    expect(card.textContent).toContain('Waiting');
    expect(card.textContent).toContain('3 products · 1 product group');
    expect(card.getAttribute('href')).toBe('/my-business-units/3/product-types/12/product-management/products');
  });

  it('open the configuration for a user who may only configure product types', async () => {
    signedInWith({ 3: ['PRODUCT_TYPE_MANAGE'] });
    mockServer({ 'GET /api/product-types': listsBy({ 3: [pumps({ id: 12, name: 'Pumps' })] }) });
    renderRoute(<ProductTypesPage />, {
      url: '/my-business-units/3/product-types',
      path: '/my-business-units/:businessUnitId/product-types',
    });
    const card = await screen.findByTestId('product-type-card');
    expect(card.getAttribute('href')).toBe('/my-business-units/3/backend-configuration/product-type/12');
  });

  it('readers see no add or copy buttons', async () => {
    signedInWith({ 3: ['PRODUCT_READ'] });
    mockServer({ 'GET /api/product-types': listsBy({ 3: [] }) });
    renderRoute(<ProductTypesPage />, {
      url: '/my-business-units/3/product-types',
      path: '/my-business-units/:businessUnitId/product-types',
    });
    expect((await screen.findByTestId('product-types-empty')).textContent).toContain('This business unit has no product types yet.');
    expect(screen.queryByRole('button', { name: 'Copy a global product type' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add product type' })).toBeNull();
  });
});

describe('deleting a product type', () => {
  it('asks for the confirmation code, then deletes', async () => {
    const calls = mockServer({
      'GET /api/product-types': listsBy({
        3: [pumps({ id: 11, name: 'Pumps' }), pumps({ id: 12, name: 'Meters', products: 2 })],
      }),
      'DELETE /api/product-types/11': () => json(204),
    });
    renderRoute(<BusinessUnitProductTypeRoutes />, { url: '/my-business-units/3/backend-configuration/product-type', path: CONFIG });
    await screen.findByText('Pumps');
    // a type that still holds products cannot be deleted
    expect(isDisabled(screen.getByRole('button', { name: 'Delete Meters' }))).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Pumps' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete the product type Pumps?')).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(isDisabled(confirm)).toBe(true);
    expect(calls.some((c) => c.key === 'DELETE /api/product-types/11')).toBe(false);
    await typeCode(dialog);
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.some((c) => c.key === 'DELETE /api/product-types/11')).toBe(true));
  });

  it('without PRODUCT_TYPE_DELETE there is no delete button', async () => {
    signedInWith({ 3: ['PRODUCT_TYPE_MANAGE'] });
    mockServer({ 'GET /api/product-types': listsBy({ 3: [pumps({ id: 11, name: 'Pumps' })] }) });
    renderRoute(<BusinessUnitProductTypeRoutes />, { url: '/my-business-units/3/backend-configuration/product-type', path: CONFIG });
    await screen.findByText('Pumps');
    expect(screen.queryByRole('button', { name: 'Delete Pumps' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit Pumps' }).getAttribute('href')).toBe(
      '/my-business-units/3/backend-configuration/product-type/11',
    );
  });
});

describe('global product types', () => {
  it('list business unit 0 without the copy action, managed with the rights held on unit 0', async () => {
    signedInWith({ 0: ['PRODUCT_TYPE_MANAGE'] });
    const calls = mockServer({ ...features(), 'GET /api/product-types': listsBy({ 0: [GLOBAL_TYPE] }) });
    renderRoute(<GlobalProductTypeRoutes />, {
      url: '/general-settings/manufacturer-product-type',
      path: '/general-settings/manufacturer-product-type/*',
    });
    await screen.findByText('Global meters');
    expect(screen.getByRole('heading', { name: 'Global product types' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy a global product type' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Add product type' }).getAttribute('href')).toBe(
      '/general-settings/manufacturer-product-type/new',
    );
    expect(calls.find((c) => c.key === 'GET /api/product-types')?.url).toContain('business-unit=0');
  });

  it('are not authorized while the global search is off, and nothing asks for them', async () => {
    signedInWith({ 0: ['PRODUCT_TYPE_MANAGE'] });
    const calls = mockServer({ ...features(false), 'GET /api/product-types': listsBy({ 0: [GLOBAL_TYPE] }) });
    renderAt('/general-settings/manufacturer-product-type/5', '/general-settings/manufacturer-product-type/*', <GlobalProductTypeRoutes />);
    expect((await screen.findByTestId('not-authorized')).textContent).toContain('You are not authorized to access this page.');
    expect(calls.some((c) => c.key.startsWith('GET /api/product-types'))).toBe(false);
  });
});

describe('global search off: no copy of a global product type', () => {
  it('neither the product-type cards nor the backend configuration offer the copy', async () => {
    const calls = mockServer({ ...features(false), 'GET /api/product-types': listsBy({ 3: [pumps({ id: 12 })], 0: [GLOBAL_TYPE] }) });
    renderAt('/my-business-units/3/product-types', '/my-business-units/:businessUnitId/product-types', <ProductTypesPage />);
    await screen.findByTestId('product-type-card');
    expect(screen.getByRole('link', { name: 'Add product type' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy a global product type' })).toBeNull();
    cleanup();

    renderAt('/my-business-units/3/backend-configuration/product-type', CONFIG, <BusinessUnitProductTypeRoutes />);
    await screen.findByText('Infusion pumps');
    expect(screen.getByRole('link', { name: 'Add product type' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy a global product type' })).toBeNull();
    expect(calls.some((c) => c.url.includes('business-unit=0'))).toBe(false);
  });

  it('the empty unit says only to add one', async () => {
    mockServer({ ...features(false), 'GET /api/product-types': listsBy({ 3: [] }) });
    renderAt('/my-business-units/3/product-types', '/my-business-units/:businessUnitId/product-types', <ProductTypesPage />);
    const empty = await screen.findByTestId('product-types-empty');
    expect(within(empty).queryByRole('button', { name: 'Copy a global product type' })).toBeNull();
    expect(empty.textContent).toContain('Add a product type with its attributes.');
  });
});
