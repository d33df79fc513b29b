import { cleanup, screen, within } from '@testing-library/react';
import type { BusinessUnitStatistics } from '@vellum/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '../../platform/auth';
import { mockServer, ok } from '../../test/fakeServer';
import { renderRoute } from '../../test/renderRoute';
import { signedInWith } from '../../test/signedIn';
import { BusinessUnitHomePage } from './BusinessUnitHomePage';

const auth: { current: Partial<AuthState> } = { current: {} };
vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));

const stats: BusinessUnitStatistics = {
  id: 1,
  slug: 'ortho',
  displayName: 'Orthopaedics',
  active: true,
  languageFilesHcp: 4,
  languageFilesPatient: 0,
  products: 12,
  documents: 7,
  orphans: { products: 8, documents: 2, productGroups: 3 },
  publishStatus: { productsNoDate: 5, productsFutureDate: 1, filesNoDate: 0, filesFutureDate: 0 },
  downloads: { totalDownloads: 0, totalDownloadsForPeriod: 0 },
  configuration: {
    interfaceRegions: 2,
    documentRegions: 1,
    interfaceLanguages: 3,
    documentLanguages: 4,
    languageGroups: 1,
    footerItems: 0,
    contentBlocks: 0,
    publicResources: 0,
    publicUserGroups: 0,
  },
};

function renderHome() {
  mockServer({ 'GET /api/business-units/1/statistics': () => ok(stats) });
  renderRoute(<BusinessUnitHomePage />, { url: '/my-business-units/1', path: '/my-business-units/:businessUnitId' });
}
const card = (name: string) => screen.findByRole('region', { name });
const hrefOf = (el: HTMLElement, name: RegExp) => within(el).getByRole('link', { name }).getAttribute('href');

beforeEach(() => {
  auth.current = signedInWith(['PRODUCT_READ', 'DOCUMENT_READ', 'PUBLISH']);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('business-unit home: tiles link to their lists', () => {
  it('orphan products, product groups and documents open the unit-wide orphan lists', async () => {
    renderHome();
    const orphans = await card('Orphans');
    expect(hrefOf(orphans, /^8\s*Products\s*, Orphans: open the list$/)).toBe(
      '/my-business-units/1/product-management/products?orphans=true',
    );
    expect(hrefOf(orphans, /^3\s*Product groups\s*, Orphans: open the list$/)).toBe(
      '/my-business-units/1/product-management/product-groups?orphans=true',
    );
    expect(hrefOf(orphans, /^2\s*Documents\s*, Orphans: open the list$/)).toBe('/my-business-units/1/document-management?orphans=true');
    expect(within(orphans).getAllByRole('link')).toHaveLength(3);
  });

  it('the product count and the unpublished and scheduled products open the products of the unit', async () => {
    renderHome();
    const counts = await card('Object counts');
    expect(hrefOf(counts, /^12\s*Products\s*, Object counts: open the list$/)).toBe('/my-business-units/1/product-management/products');
    expect(hrefOf(counts, /^7\s*Documents\s*, Object counts: open the list$/)).toBe('/my-business-units/1/document-management');
    expect(within(counts).getAllByRole('link')).toHaveLength(2);
    const publish = await card('Publish status');
    expect(hrefOf(publish, /^5\s*Unpublished products\s*, Publish status: open the list$/)).toBe(
      '/my-business-units/1/product-management/products?state=UNPUBLISHED',
    );
    expect(hrefOf(publish, /^1\s*Scheduled products\s*, Publish status: open the list$/)).toBe(
      '/my-business-units/1/product-management/products?state=SCHEDULED',
    );
    expect(hrefOf(publish, /^0\s*Unpublished documents\s*, Publish status: open the list$/)).toBe(
      '/my-business-units/1/document-management?state=UNPUBLISHED',
    );
    expect(within(publish).getAllByRole('link')).toHaveLength(4);
  });

  it('without a product right the publish tiles are plain numbers', async () => {
    auth.current = signedInWith(['PUBLISH']);
    renderHome();
    const publish = await card('Publish status');
    expect(within(publish).getByText('Unpublished products')).toBeTruthy();
    expect(within(publish).queryAllByRole('link')).toHaveLength(0);
  });

  it('regions and languages open their screens, each shown to whoever may manage it', async () => {
    auth.current = signedInWith(['INTERFACE_REGION_MANAGE', 'DOCUMENT_LANGUAGE_MANAGE']);
    renderHome();
    const configuration = await card('Website configuration');
    expect(hrefOf(configuration, /^2\s*Website regions\s*, Website configuration: open the list$/)).toBe(
      '/my-business-units/1/website-configuration/region',
    );
    expect(hrefOf(configuration, /^4\s*Document languages\s*, Website configuration: open the list$/)).toBe(
      '/my-business-units/1/backend-configuration/language-group',
    );
    expect(hrefOf(configuration, /^1\s*Language groups\s*, Website configuration: open the list$/)).toBe(
      '/my-business-units/1/backend-configuration/language-group',
    );
    expect(within(configuration).getAllByRole('link')).toHaveLength(3);
    expect(within(configuration).queryByText('Document regions')).toBeNull();
    expect(within(configuration).queryByText('Footer items')).toBeNull();
  });

  it('the layout counts open the layout and public resources screens for whoever may manage the layout', async () => {
    auth.current = signedInWith(['LAYOUT_MANAGE']);
    renderHome();
    const configuration = await card('Website configuration');
    expect(hrefOf(configuration, /Footer items\s*, Website configuration: open the list$/)).toBe(
      '/my-business-units/1/website-configuration/layout',
    );
    expect(hrefOf(configuration, /Content blocks\s*, Website configuration: open the list$/)).toBe(
      '/my-business-units/1/website-configuration/layout',
    );
    expect(hrefOf(configuration, /Public resources\s*, Website configuration: open the list$/)).toBe(
      '/my-business-units/1/website-configuration/public-resources',
    );
    expect(within(configuration).getAllByRole('link')).toHaveLength(3);
  });

  it('the restricted access groups open their list for whoever may manage them', async () => {
    auth.current = signedInWith(['RESTRICTED_ACCESS_GROUP_MANAGE']);
    renderHome();
    const configuration = await card('Website configuration');
    expect(hrefOf(configuration, /Restricted access groups\s*, Website configuration: open the list$/)).toBe(
      '/my-business-units/1/document-management/restricted-access',
    );
    expect(within(configuration).getAllByRole('link')).toHaveLength(1);
  });
});
