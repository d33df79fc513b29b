import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { productListItem } from '../../test/catalogueFixtures';
import { mockServer, ok, onePage } from '../../test/fakeServer';
import { cleanupRoute, renderRoute } from '../../test/renderRoute';
import { ProductSearchPage } from './ProductSearchPage';

const item = productListItem({ businessUnitId: 2, productGroups: 1 });

afterEach(cleanupRoute);

describe('product search across business units', () => {
  it('searches every unit with the text and links each product to its unit', async () => {
    const calls = mockServer({
      'GET /api/business-units': () => ok([{ id: 2, displayName: 'Orthopaedics', slug: 'ortho' }]),
      'POST /api/products/search': () => onePage([item]),
    });
    // the table state ignores changes made after the page was left: the window must be on the page too
    window.history.replaceState(null, '', '/general-settings/product-search');
    renderRoute(<ProductSearchPage />, { url: '/general-settings/product-search', path: '/general-settings/product-search' });
    expect(await screen.findByText('Type a key code or an attribute value to search every business unit.')).toBeTruthy();
    expect(calls.some((c) => c.key === 'POST /api/products/search')).toBe(false);

    fireEvent.change(screen.getByLabelText('Key code or attribute value'), { target: { value: 'KC' } });
    const link = await screen.findByRole('link', { name: 'KC-1' });
    expect(link.getAttribute('href')).toBe('/my-business-units/2/product-types/7/product-management/products/40');
    const row = link.closest('tr') as HTMLElement;
    await waitFor(() => expect(within(row).getByText('Orthopaedics')).toBeTruthy());
    expect(within(row).getByText('Implants')).toBeTruthy();
    expect(within(row).getByText('Unpublished')).toBeTruthy();
    const search = calls.find((c) => c.key === 'POST /api/products/search');
    expect(search?.body).toEqual({ text: 'KC' });
    expect(search?.query.has('product-type')).toBe(false);
    expect(search?.query.has('business-unit')).toBe(false);
  });
});
