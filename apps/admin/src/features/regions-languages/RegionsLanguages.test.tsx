import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LanguageGroup, Region } from '@vellum/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MockHandler, mockServer, ok, problem } from '../../test/fakeServer';
import { languagesOf, referenceRoutes } from '../../test/regionsLanguagesFixtures';
import { cleanupRoute, renderRoute } from '../../test/renderRoute';
import { auth, signedInWith } from '../../test/signedIn';
import { InterfaceRegionRoutes, LanguageGroupRoutes, ManufacturerRegionsRoutes, WebsiteLanguagesPage } from './RegionsLanguagesRoutes';

vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));
afterEach(cleanupRoute);

const REGIONS = '/my-business-units/:businessUnitId/website-configuration/region/*';
const region = (over: Partial<Region> = {}): Region => ({
  id: 5,
  businessUnitId: 1,
  name: 'DACH',
  countryIds: ['AT', 'DE'],
  version: 0,
  ...over,
});
const location = () => screen.getByTestId('location').textContent ?? '';
/** The visible input of a Mantine MultiSelect, enabled. */
async function picker(label: RegExp) {
  const input = () =>
    screen.getAllByLabelText(label).find((el) => el instanceof HTMLInputElement && el.type !== 'hidden') as HTMLInputElement;
  await waitFor(() => expect(input().disabled).toBe(false));
  // the combobox takes typing only from the focused input
  act(() => input().focus());
  return input();
}

describe('regions', () => {
  it('lists the unit’s regions with their countries and links to each', async () => {
    signedInWith(['INTERFACE_REGION_MANAGE']);
    mockServer({ ...referenceRoutes, 'GET /api/interface-regions': () => ok([region()]) });
    renderRoute(<InterfaceRegionRoutes />, { url: '/my-business-units/1/website-configuration/region', path: REGIONS });
    const link = await screen.findByRole('link', { name: 'DACH' });
    expect(link.getAttribute('href')).toBe('/my-business-units/1/website-configuration/region/5');
    await screen.findByText('Austria, Germany');
    expect(screen.queryByTestId('regions-inherited')).toBeNull();
  });

  it('marks the manufacturer’s regions as inherited and read-only while the unit has none', async () => {
    signedInWith(['INTERFACE_REGION_MANAGE']);
    mockServer({ ...referenceRoutes, 'GET /api/interface-regions': () => ok([region({ businessUnitId: 0, name: 'World' })]) });
    renderRoute(<InterfaceRegionRoutes />, { url: '/my-business-units/1/website-configuration/region', path: REGIONS });
    await screen.findByTestId('regions-inherited');
    expect(screen.getByText('Inherited')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'World' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete World' })).toBeNull();
  });

  it('creates a region with countries chosen by continent, and shows the server’s error on its field', async () => {
    signedInWith(['INTERFACE_REGION_MANAGE']);
    let fail = true;
    const calls = mockServer({
      ...referenceRoutes,
      'GET /api/interface-regions': () => ok([]),
      'POST /api/interface-regions': (req) =>
        fail
          ? problem(400, 'error.region.countryAlreadyAssigned', {
              params: { country: 'BR', region: 'LatAm' },
              fieldErrors: [{ objectName: 'interfaceRegion', field: 'countryIds', message: 'error.region.countryAlreadyAssigned' }],
            })
          : ok(region({ ...(req.body as object), id: 9 })),
    });
    renderRoute(<InterfaceRegionRoutes />, { url: '/my-business-units/1/website-configuration/region/new', path: REGIONS });
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Americas' } });
    const countriesInput = await picker(/^Countries/);
    fireEvent.change(countriesInput, { target: { value: 'bra' } });
    expect(await screen.findByText('South America')).toBeTruthy();
    // the dropdown's transition keeps it hidden from jsdom's accessibility tree
    fireEvent.click(await screen.findByRole('option', { name: 'Brazil (BR)', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('BR already belongs to the region LatAm. A country belongs to only one region.')).toBeTruthy();
    const post = calls.find((c) => c.key === 'POST /api/interface-regions');
    expect(post?.body).toEqual({ businessUnitId: 1, name: 'Americas', countryIds: ['BR'] });
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/my-business-units/1/website-configuration/region'));
  });

  it('refuses a region without countries before sending it', async () => {
    signedInWith(['INTERFACE_REGION_MANAGE']);
    const calls = mockServer({ ...referenceRoutes, 'GET /api/interface-regions': () => ok([]) });
    renderRoute(<InterfaceRegionRoutes />, { url: '/my-business-units/1/website-configuration/region/new', path: REGIONS });
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Empty' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A region needs at least one country.')).toBeTruthy();
    expect(calls.some((c) => c.init.method === 'POST')).toBe(false);
  });

  it('manufacturer regions edit unit 0, one tab per kind', async () => {
    signedInWith({ 0: ['INTERFACE_REGION_MANAGE', 'DOCUMENT_REGION_MANAGE'] });
    const calls = mockServer({ ...referenceRoutes, 'GET /api/document-regions': () => ok([region({ businessUnitId: 0, name: 'EU' })]) });
    renderRoute(<ManufacturerRegionsRoutes />, {
      url: '/general-settings/manufacturer-regions/document',
      path: '/general-settings/manufacturer-regions/*',
    });
    expect((await screen.findByRole('link', { name: 'EU' })).getAttribute('href')).toBe(
      '/general-settings/manufacturer-regions/document/5',
    );
    expect(screen.queryByTestId('regions-inherited')).toBeNull();
    expect(calls.find((c) => c.key === 'GET /api/document-regions')?.query.get('business-unit')).toBe('0');
    expect(screen.getByRole('tab', { name: 'Document regions', selected: true })).toBeTruthy();
  });
});

describe('website languages', () => {
  it('selects all, shows ISO codes, keeps English and saves the whole list', async () => {
    signedInWith(['INTERFACE_LANGUAGE_MANAGE']);
    const calls = mockServer({
      ...referenceRoutes,
      'GET /api/interface-languages': () => ok(languagesOf(['en', 'de'])),
      'PUT /api/interface-languages': (req) => ok(languagesOf(req.body as string[])),
    });
    renderRoute(<WebsiteLanguagesPage />, {
      url: '/my-business-units/1/website-configuration/language',
      path: '/my-business-units/:businessUnitId/website-configuration/language',
    });
    const box = await screen.findByTestId('interface-languages');
    expect(within(box).getByTestId('interface-languages-selected').textContent).toMatch(/2 languages selected: English, German/);
    const english = within(box).getByRole('checkbox', { name: /^English/ }) as HTMLInputElement;
    expect(english.checked).toBe(true);
    expect(english.disabled).toBe(true);
    fireEvent.click(within(box).getByRole('switch', { name: 'Show ISO codes' }));
    expect(within(box).getAllByText('pt-BR').length).toBeGreaterThan(0);
    fireEvent.click(within(box).getByRole('checkbox', { name: 'Select all' }));
    expect(within(box).getByTestId('interface-languages-selected').textContent).toMatch(/^6 languages selected/);
    fireEvent.click(within(box).getByRole('checkbox', { name: 'Select all' }));
    // English stays
    expect(within(box).getByTestId('interface-languages-selected').textContent).toMatch(/^1 language selected: English \(en\)/);
    fireEvent.click(within(box).getByRole('checkbox', { name: /^Arabic/ }));
    fireEvent.click(within(box).getByTestId('interface-languages-save'));
    await waitFor(() => expect(calls.find((c) => c.key === 'PUT /api/interface-languages')?.body).toEqual(['ar', 'en']));
    expect(calls.find((c) => c.key === 'PUT /api/interface-languages')?.query.get('business-unit')).toBe('1');
  });
});

describe('document languages and language groups', () => {
  const group: LanguageGroup = { id: 3, businessUnitId: 1, name: 'Nordic', documentLanguageIds: ['da', 'sv'], version: 0 };
  const routes = (extra: Record<string, MockHandler> = {}) => ({
    ...referenceRoutes,
    'GET /api/document-languages': () => ok(languagesOf(['da', 'sv', 'de'])),
    'GET /api/language-groups': () => ok([group]),
    ...extra,
  });
  const PATH = '/my-business-units/:businessUnitId/backend-configuration/language-group/*';

  it('shows the document languages and the groups with their languages', async () => {
    signedInWith(['DOCUMENT_LANGUAGE_MANAGE']);
    mockServer(routes());
    renderRoute(<LanguageGroupRoutes />, { url: '/my-business-units/1/backend-configuration/language-group', path: PATH });
    await screen.findByTestId('document-languages');
    expect((await screen.findByRole('link', { name: 'Nordic' })).getAttribute('href')).toBe(
      '/my-business-units/1/backend-configuration/language-group/3',
    );
    expect(screen.getByText('Danish, Swedish')).toBeTruthy();
  });

  it('shows why a document language cannot be removed', async () => {
    signedInWith(['DOCUMENT_LANGUAGE_MANAGE']);
    mockServer(
      routes({
        'PUT /api/document-languages': () =>
          problem(400, 'error.language.inLanguageGroup', { params: { language: 'sv', group: 'Nordic' } }),
      }),
    );
    renderRoute(<LanguageGroupRoutes />, { url: '/my-business-units/1/backend-configuration/language-group', path: PATH });
    const box = await screen.findByTestId('document-languages');
    fireEvent.click(within(box).getByRole('checkbox', { name: /^Swedish/ }));
    fireEvent.click(within(box).getByTestId('document-languages-save'));
    expect(await within(box).findByRole('alert')).toBeTruthy();
  });

  it('creates a group of document languages, offering those of other groups disabled', async () => {
    signedInWith(['DOCUMENT_LANGUAGE_MANAGE']);
    const calls = mockServer(routes({ 'POST /api/language-groups': (req) => ok({ ...group, id: 4, ...(req.body as object) }) }));
    renderRoute(<LanguageGroupRoutes />, { url: '/my-business-units/1/backend-configuration/language-group/new', path: PATH });
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'German' } });
    const input = await picker(/^Languages/);
    fireEvent.click(input);
    const taken = await screen.findByRole('option', { name: 'Danish (in Nordic)', hidden: true });
    expect(taken.getAttribute('data-combobox-disabled') ?? taken.getAttribute('aria-disabled')).toBeTruthy();
    fireEvent.click(await screen.findByRole('option', { name: 'German (de)', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/my-business-units/1/backend-configuration/language-group'));
    expect(calls.find((c) => c.key === 'POST /api/language-groups')?.body).toEqual({
      businessUnitId: 1,
      name: 'German',
      documentLanguageIds: ['de'],
    });
  });
});
