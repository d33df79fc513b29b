import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockServer, ok, problem } from '../../test/fakeServer';
import { renderRoute } from '../../test/renderRoute';
import { ShellBreadcrumbs } from './ShellBreadcrumbs';

afterEach(cleanup);

const crumbs = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Breadcrumb' });
  return within(nav);
};

describe('ShellBreadcrumbs', () => {
  it('names the business unit and product type once their names are read', async () => {
    mockServer({
      'GET /api/business-units/1/displayName': () => ok({ displayName: 'Orthopaedics' }),
      'GET /api/product-types/7/name': () => ok({ name: 'Knee implants' }),
    });
    renderRoute(<ShellBreadcrumbs />, { url: '/my-business-units/1/product-types/7/product-management', path: '*' });
    const nav = await crumbs();
    expect((await nav.findByRole('link', { name: 'Orthopaedics' })).getAttribute('href')).toBe('/my-business-units/1');
    expect(await nav.findByText('Knee implants')).toBeTruthy();
  });

  it('invents no name for a unit it cannot name (no right there): only the way home', async () => {
    const calls = mockServer({ 'GET /api/business-units/2/displayName': () => problem(403, 'error.http.403') });
    renderRoute(<ShellBreadcrumbs />, { url: '/my-business-units/2/administration/audit-logs', path: '*' });
    const nav = await crumbs();
    await screen.findByTestId('location');
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.some((c) => c.key === 'GET /api/business-units/2/displayName')).toBe(true);
    expect(nav.queryByText(/Business unit/)).toBeNull();
    expect(nav.queryByText(/\d/)).toBeNull();
    expect(nav.getByRole('link', { name: 'My business units' })).toBeTruthy();
  });
});
