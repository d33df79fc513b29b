import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AccessRight, ProductType } from '@vellum/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { definition, manufacturerSettings, productType } from '../../test/catalogueFixtures';
import { json, mockServer } from '../../test/fakeServer';
import { renderRoute } from '../../test/renderRoute';
import { auth, signedInWith } from '../../test/signedIn';
import { BusinessUnitProductTypeRoutes } from './ProductTypeRoutes';

/** Product type 11 'Infusion pumps' of business unit 3, the type these tests open. */
const pumps = (over: Partial<ProductType> = {}) =>
  productType({ id: 11, businessUnitId: 3, slug: 'infusion-pumps', name: 'Infusion pumps', version: 1, ...over });

vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));
// full pages with many inputs render slowly in jsdom on a busy machine
vi.setConfig({ testTimeout: 30_000 });

const PATTERN = '/my-business-units/:businessUnitId/backend-configuration/product-type/*';
const MANAGER: AccessRight[] = ['PRODUCT_TYPE_MANAGE', 'PRODUCT_TYPE_DELETE', 'PRODUCT_TYPE_SPECIAL', 'PRODUCT_READ'];

function serve(type: ProductType, portal: boolean, extra: Parameters<typeof mockServer>[0] = {}) {
  return mockServer({
    'GET /api/manufacturer/own/features': () => json(200, manufacturerSettings(portal)),
    [`GET /api/product-types/${type.id}`]: () => json(200, type),
    ...extra,
  });
}

const openType = (id = 11) =>
  renderRoute(<BusinessUnitProductTypeRoutes />, { url: `/my-business-units/3/backend-configuration/product-type/${id}`, path: PATTERN });
const rows = () => screen.queryAllByTestId('attribute-row');
const isDisabled = (el: HTMLElement) => (el as HTMLInputElement | HTMLButtonElement).disabled;

beforeEach(() => signedInWith({ 0: ['MANUFACTURER_READ'], 3: MANAGER }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('attribute editor: limits and locking', () => {
  it('counts the custom attributes, locks type and uniqueness of saved rows, and keeps new rows open', async () => {
    serve(
      pumps({
        attributeDefinitions: [
          definition({ id: 1, name: 'Size', isUnique: true }),
          definition({ id: 2, name: 'Colour', visualizationOrder: 1 }),
        ],
      }),
      false,
    );
    openType();
    await screen.findByText('Product type Infusion pumps');
    expect(screen.getByTestId('attribute-limits').textContent).toBe('2 of 6 custom attributes');
    expect(screen.getByText('Switch lot numbers on to add a lot-number attribute.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add lot-number attribute' })).toBeNull();

    const saved = within(rows()[0]);
    expect(isDisabled(saved.getByLabelText('Type'))).toBe(true);
    expect(isDisabled(saved.getByLabelText('Unique'))).toBe(true);
    expect(saved.getAllByText('Cannot change once saved').length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('button', { name: 'Add attribute' }));
    expect(rows()).toHaveLength(3);
    const fresh = within(rows()[2]);
    expect(isDisabled(fresh.getByLabelText('Type'))).toBe(false);
    expect(isDisabled(fresh.getByLabelText('Unique'))).toBe(false);
    expect(screen.getByTestId('attribute-limits').textContent).toBe('3 of 6 custom attributes');
  });

  it('stops at 6 custom attributes and 1 lot-number attribute (lot numbers on)', async () => {
    const strings = [1, 2, 3, 4, 5, 6].map((id) => definition({ id, name: `Attr ${id}`, visualizationOrder: id }));
    serve(
      pumps({
        lotNumbers: true,
        attributeDefinitions: [...strings, definition({ id: 7, name: 'Lot', type: 'MULTI_ARRAY', searchTypeHCP: 'SEARCHABLE_EXACT' })],
      }),
      false,
    );
    openType();
    await screen.findByText('Product type Infusion pumps');
    expect(screen.getByTestId('attribute-limits').textContent).toBe('6 of 6 custom attributes, 1 of 1 lot-number attribute');
    expect(isDisabled(screen.getByRole('button', { name: 'Add attribute' }))).toBe(true);
    expect(isDisabled(screen.getByRole('button', { name: 'Add lot-number attribute' }))).toBe(true);
    expect(screen.queryByTestId('limit-problem')).toBeNull();
  });

  it('switching lot numbers off keeps a saved lot-number attribute, with a warning', async () => {
    const type = pumps({ lotNumbers: true, attributeDefinitions: [definition({ id: 7, name: 'Lot', type: 'MULTI_ARRAY' })] });
    const calls = serve(type, false, { 'PUT /api/product-types': ({ body }) => json(200, { ...type, ...(body as object), version: 2 }) });
    openType();
    await screen.findByText('Product type Infusion pumps');
    fireEvent.click(screen.getByRole('switch', { name: /Lot numbers/ }));
    expect(screen.getByTestId('lot-numbers-off-warning').textContent).toContain('hides files tied to specific lots');
    expect(screen.queryByTestId('limit-problem')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'PUT /api/product-types')).toBe(true));
    expect(calls.find((c) => c.key === 'PUT /api/product-types')?.body).toMatchObject({ lotNumbers: false });
  });

  it('a new lot-number attribute needs the lot-numbers switch, and nothing is saved without it', async () => {
    const calls = serve(pumps({ lotNumbers: true }), false);
    openType();
    await screen.findByText('Product type Infusion pumps');
    fireEvent.click(screen.getByRole('button', { name: 'Add lot-number attribute' }));
    fireEvent.change(within(rows()[0]).getByLabelText(/^Name/), { target: { value: 'Lot' } });
    fireEvent.click(screen.getByRole('switch', { name: /Lot numbers/ }));
    expect(screen.getByTestId('limit-problem').textContent).toBe('A lot-number attribute needs the lot-numbers switch on.');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByTestId('save-blocked');
    expect(calls.some((c) => c.key === 'PUT /api/product-types')).toBe(false);
  });

  it('is read-only without PRODUCT_TYPE_MANAGE', async () => {
    signedInWith({ 0: ['MANUFACTURER_READ'], 3: ['PRODUCT_READ'] });
    serve(pumps({ attributeDefinitions: [definition({ id: 1, name: 'Size' })] }), true);
    openType();
    await screen.findByText('Product type Infusion pumps');
    expect(screen.getByText('You can view these settings but not change them.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add attribute' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete Attribute/ })).toBeNull();
    expect(isDisabled(within(rows()[0]).getByLabelText('HCP search'))).toBe(true);
  });

  it('status and lot numbers need PRODUCT_TYPE_SPECIAL', async () => {
    signedInWith({ 0: ['MANUFACTURER_READ'], 3: ['PRODUCT_TYPE_MANAGE'] });
    serve(pumps(), true);
    openType();
    await screen.findByText('Product type Infusion pumps');
    expect(isDisabled(screen.getByRole('combobox', { name: 'Status' }))).toBe(true);
    expect(isDisabled(screen.getByRole('switch', { name: /Lot numbers/ }))).toBe(true);
  });
});

describe('searchability hint', () => {
  it('says live when HCP has nothing searchable, and clears once an attribute is searchable and active', async () => {
    serve(
      pumps({
        keyCodeSearchTypeHCP: 'VISIBLE',
        attributeDefinitions: [definition({ id: 1, name: 'Size', searchTypeHCP: 'SEARCHABLE_PARTIAL', isActive: false })],
      }),
      false,
    );
    openType();
    await screen.findByText('Product type Infusion pumps');
    expect(screen.getByTestId('audience-hint').textContent).toBe(
      'Nothing is searchable for Healthcare professionals (HCP): make the key code or an active attribute searchable for them.',
    );
    fireEvent.click(within(rows()[0]).getByLabelText('Active'));
    await waitFor(() => expect(screen.queryByTestId('audience-hint')).toBeNull());
  });

  it('asks the same for patients once the type shows them anything (portal on)', async () => {
    serve(pumps({ keyCodeSearchTypePatient: 'VISIBLE' }), true);
    openType();
    await screen.findByText('Product type Infusion pumps');
    expect(screen.getByTestId('audience-hint').textContent).toContain('Nothing is searchable for Patients');
  });

  it('blocks the save while an audience has nothing searchable', async () => {
    const calls = serve(pumps({ keyCodeSearchTypeHCP: 'NOT_VISIBLE', name: 'Pumps' }), false);
    openType();
    await screen.findByText('Product type Pumps');
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Pumps 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByTestId('save-blocked');
    expect(calls.some((c) => c.key === 'PUT /api/product-types')).toBe(false);
  });
});

describe('patient portal', () => {
  it('off: patient options are disabled with a hint, and values stored earlier are kept', async () => {
    const type = pumps({
      keyCodeSearchTypePatient: 'SEARCHABLE_EXACT',
      attributeDefinitions: [definition({ id: 1, name: 'Size', searchTypePatient: 'SEARCHABLE_EXACT', isMandatoryPatientSearch: true })],
    });
    const calls = serve(type, false, { 'PUT /api/product-types': ({ body }) => json(200, { ...type, ...(body as object), version: 2 }) });
    openType();
    await screen.findByText('Product type Infusion pumps');
    await screen.findByTestId('patient-portal-off');
    const row = within(rows()[0]);
    expect(isDisabled(row.getByLabelText('Patient search'))).toBe(true);
    expect(isDisabled(row.getByLabelText('Mandatory in patient search'))).toBe(true);
    expect(isDisabled(within(screen.getByTestId('search-patient')).getByLabelText('Key code search'))).toBe(true);
    expect(screen.queryByText('Hero image (patients)')).toBeNull();
    expect(screen.getByText('Hero image (HCP)')).toBeTruthy();

    // the type's name comes before the attribute rows' names
    fireEvent.change(screen.getAllByLabelText(/^Name/)[0], { target: { value: 'Infusion pumps 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'PUT /api/product-types')).toBe(true));
    const body = calls.find((c) => c.key === 'PUT /api/product-types')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      id: 11,
      version: 1,
      businessUnitId: 3,
      name: 'Infusion pumps 2',
      keyCodeSearchTypePatient: 'SEARCHABLE_EXACT',
    });
    expect(body.attributeDefinitions).toEqual([
      expect.objectContaining({ id: 1, searchTypePatient: 'SEARCHABLE_EXACT', isMandatoryPatientSearch: true, visualizationOrder: 0 }),
    ]);
  });

  it('on: patient options are enabled and the patient hero image is offered', async () => {
    serve(pumps({ attributeDefinitions: [definition({ id: 1, name: 'Size' })] }), true);
    openType();
    await screen.findByText('Product type Infusion pumps');
    expect(screen.queryByTestId('patient-portal-off')).toBeNull();
    expect(isDisabled(within(rows()[0]).getByLabelText('Patient search'))).toBe(false);
    expect(isDisabled(within(rows()[0]).getByLabelText('Mandatory in patient search'))).toBe(false);
    expect(screen.getByText('Hero image (patients)')).toBeTruthy();
  });
});

describe('deleting attributes', () => {
  it('a saved attribute is deleted on the server after the confirmation code', async () => {
    const type = pumps({
      attributeDefinitions: [definition({ id: 1, name: 'Size' }), definition({ id: 2, name: 'Colour', visualizationOrder: 1 })],
    });
    const calls = serve(type, false, { 'DELETE /api/product-type-attribute-definitions/1': () => json(204) });
    openType();
    await screen.findByText('Product type Infusion pumps');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Attribute 1: Size' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete the attribute Size?')).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(isDisabled(confirm)).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Confirmation code'), {
      target: { value: within(dialog).getByTestId('confirmation-code').textContent },
    });
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.some((c) => c.key === 'DELETE /api/product-type-attribute-definitions/1')).toBe(true));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]).getByDisplayValue('Colour')).toBeTruthy();
  });

  it('a new row goes without asking or calling the server', async () => {
    const calls = serve(pumps(), false);
    openType();
    await screen.findByText('Product type Infusion pumps');
    fireEvent.click(screen.getByRole('button', { name: 'Add attribute' }));
    expect(rows()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Attribute 1' }));
    expect(rows()).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.key.startsWith('DELETE'))).toBe(false);
  });
});

describe('creating', () => {
  it('suggests slugs from names, sends the rows in order, then opens the new type', async () => {
    const created = pumps({ id: 42, name: 'Blood glucose meters', slug: 'blood-glucose-meters' });
    const calls = mockServer({
      'GET /api/manufacturer/own/features': () => json(200, manufacturerSettings(false)),
      'POST /api/product-types': () => json(201, created),
      'GET /api/product-types/42': () => json(200, created),
    });
    renderRoute(<BusinessUnitProductTypeRoutes />, { url: '/my-business-units/3/backend-configuration/product-type/new', path: PATTERN });
    await screen.findByText('Add a product type');
    expect(screen.getByText('Images can be added once the product type is created.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Blood glucose meters' } });
    expect((screen.getByLabelText(/^Slug/) as HTMLInputElement).value).toBe('blood-glucose-meters');

    fireEvent.click(screen.getByRole('button', { name: 'Add attribute' }));
    fireEvent.change(within(rows()[0]).getByLabelText(/^Name/), { target: { value: 'Réf. No' } });
    expect((within(rows()[0]).getByLabelText(/^Slug/) as HTMLInputElement).value).toBe('ref-no');

    fireEvent.click(screen.getByRole('button', { name: 'Create product type' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/my-business-units/3/backend-configuration/product-type/42'),
    );
    const body = calls.find((c) => c.key === 'POST /api/product-types')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ businessUnitId: 3, name: 'Blood glucose meters', slug: 'blood-glucose-meters', status: 'ENABLED' });
    expect(body.attributeDefinitions).toEqual([
      expect.objectContaining({ id: null, name: 'Réf. No', slug: 'ref-no', type: 'STRING', visualizationOrder: 0, meta: null }),
    ]);
    await screen.findByText('Product type Blood glucose meters');
  });

  it('shows the server field errors and error keys on the form', async () => {
    mockServer({
      'GET /api/manufacturer/own/features': () => json(200, manufacturerSettings(false)),
      'POST /api/product-types': () =>
        json(400, { type: 'about:blank', title: 'Bad Request', status: 400, message: 'error.productType.nameExists' }),
    });
    renderRoute(<BusinessUnitProductTypeRoutes />, { url: '/my-business-units/3/backend-configuration/product-type/new', path: PATTERN });
    await screen.findByText('Add a product type');
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Pumps' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create product type' }));
    await screen.findByText('A product type with this name already exists in this business unit.');
  });
});

describe('retention', () => {
  it('an implantable type needs 15 years: the field says so and nothing is saved; 15 saves both', async () => {
    const type = pumps();
    const calls = serve(type, false, { 'PUT /api/product-types': ({ body }) => json(200, { ...type, ...(body as object), version: 2 }) });
    openType();
    await screen.findByText('Product type Infusion pumps');
    fireEvent.click(screen.getByRole('switch', { name: /Implantable devices/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Implantable devices keep what was public at least 15 years.')).toBeTruthy();
    expect(calls.some((c) => c.key === 'PUT /api/product-types')).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: /Retention \(years\)/ }), { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'PUT /api/product-types')).toBe(true));
    expect(calls.find((c) => c.key === 'PUT /api/product-types')?.body).toMatchObject({ retentionYears: 15, implantable: true });
  });
});
