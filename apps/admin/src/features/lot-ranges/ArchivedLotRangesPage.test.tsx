import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockServer, ok } from '../../test/fakeServer';
import { renderRoute } from '../../test/renderRoute';
import { auth, signedInWith } from '../../test/signedIn';
import { ArchivedLotRangesPage } from './ArchivedLotRangesPage';
import type { LotRangeReview } from './lotRanges.hooks';

vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));

const PATH = '/my-business-units/:businessUnitId/administration/archived-data-lot-ranges';
const URL = '/my-business-units/1/administration/archived-data-lot-ranges';

const range: LotRangeReview = {
  id: 9,
  businessUnitId: 1,
  productTypeId: 7,
  productTypeName: 'Implants',
  name: 'Batch 2019',
  numbers: ['L1', 'L2'],
  archiveDate: '2020-01-01T00:00:00Z',
  archived: true,
  appliesToAll: false,
  products: [{ id: 40, keyCode: 'KC-1' }],
  version: 3,
};

function server() {
  return mockServer({
    'GET /api/products/review-lot-ranges': () => ok([range]),
    'PUT /api/lot-ranges/9/archive': () => ok({ ...range, archiveDate: null, archived: false, version: 4 }),
  });
}

beforeEach(() => {
  signedInWith(['PRODUCT_MANAGE']);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('archived lot ranges', () => {
  it('lists the archived lot ranges of the unit and restores one after the code', async () => {
    const calls = server();
    renderRoute(<ArchivedLotRangesPage />, { url: URL, path: PATH });
    const row = (await screen.findByText('Batch 2019')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Implants')).toBeTruthy();
    expect(within(row).getByText('L2')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'KC-1' }).getAttribute('href')).toBe(
      '/my-business-units/1/product-types/7/product-management/products/40',
    );
    const query = calls[0].query;
    expect([query.get('business-unit'), query.get('archived')]).toEqual(['1', 'true']);

    fireEvent.click(within(row).getByRole('button', { name: 'Restore Batch 2019' }));
    const dialog = await screen.findByRole('dialog');
    const code = within(dialog).getByTestId('confirmation-code').textContent ?? '';
    fireEvent.change(within(dialog).getByLabelText('Confirmation code'), { target: { value: code } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'PUT /api/lot-ranges/9/archive')).toBe(true));
    expect(calls.find((c) => c.key === 'PUT /api/lot-ranges/9/archive')?.body).toEqual({ archiveDate: null, version: 3 });
  });

  it('offers no restore without PRODUCT_MANAGE', async () => {
    signedInWith(['PRODUCT_READ']);
    server();
    renderRoute(<ArchivedLotRangesPage />, { url: URL, path: PATH });
    await screen.findByText('Batch 2019');
    expect(screen.queryByRole('button', { name: 'Restore Batch 2019' })).toBeNull();
  });
});
