import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockServer, problem } from '../../test/fakeServer';
import { renderRoute } from '../../test/renderRoute';
import { auth, signedInWith } from '../../test/signedIn';
import { BulkExportButton } from './BulkExportButton';

vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));

const PATH = '/products';
const render = () => renderRoute(<BulkExportButton businessUnitId={1} productTypeId={7} />, { url: PATH, path: PATH });
const exports = (calls: ReturnType<typeof mockServer>) => calls.filter((c) => c.key === 'GET /api/bulk/export');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('bulk export of a product type’s products', () => {
  it('is offered only with BULK_EXPORT in the unit', () => {
    signedInWith({ 1: ['PRODUCT_MANAGE'], 2: ['BULK_EXPORT'] });
    mockServer({});
    render();
    expect(screen.queryByRole('button', { name: 'Bulk export' })).toBeNull();
  });

  it('requests the export in the chosen format (TXT by default) and closes', async () => {
    signedInWith(['BULK_EXPORT']);
    const calls = mockServer({
      'GET /api/bulk/export': () => json(202, { id: 5 }, { 'x-vellum-alert': 'vellumApp.bulk.exportRequested' }),
    });
    render();
    fireEvent.click(screen.getByRole('button', { name: 'Bulk export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk export of the products' });
    expect((screen.getByRole('radio', { name: 'TXT (tab-separated)' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Request export' }));
    await waitFor(() => expect(exports(calls)).toHaveLength(1));
    const first = exports(calls)[0];
    expect(Object.fromEntries(first?.query ?? [])).toEqual({
      entity: 'PRODUCT',
      'business-unit': '1',
      'product-type': '7',
      'file-format': 'TXT',
    });
    await waitFor(() => expect(dialog.isConnected).toBe(false));

    fireEvent.click(screen.getByRole('button', { name: 'Bulk export' }));
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('radio', { name: 'ODS' }));
    fireEvent.click(screen.getByRole('button', { name: 'Request export' }));
    await waitFor(() => expect(exports(calls)).toHaveLength(2));
    expect(exports(calls)[1]?.query.get('file-format')).toBe('ODS');
  });

  it('stays open when an export is already in progress', async () => {
    signedInWith(['BULK_EXPORT']);
    const calls = mockServer({ 'GET /api/bulk/export': () => problem(409, 'error.bulk.exportInProgress') });
    render();
    fireEvent.click(screen.getByRole('button', { name: 'Bulk export' }));
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Request export' }));
    await waitFor(() => expect(exports(calls)).toHaveLength(1));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('bulk export of a unit’s documents', () => {
  it('requests the documents’ export without a product type', async () => {
    signedInWith(['BULK_EXPORT']);
    const calls = mockServer({
      'GET /api/bulk/export': () => json(202, { id: 6 }, { 'x-vellum-alert': 'vellumApp.bulk.exportRequested' }),
    });
    renderRoute(<BulkExportButton businessUnitId={1} />, { url: PATH, path: PATH });
    fireEvent.click(screen.getByRole('button', { name: 'Bulk export' }));
    await screen.findByRole('dialog', { name: 'Bulk export of the documents' });
    fireEvent.click(screen.getByRole('radio', { name: 'XLS' }));
    fireEvent.click(screen.getByRole('button', { name: 'Request export' }));
    await waitFor(() => expect(exports(calls)).toHaveLength(1));
    expect(Object.fromEntries(exports(calls)[0]?.query ?? [])).toEqual({ entity: 'DOCUMENT', 'business-unit': '1', 'file-format': 'XLS' });
  });
});
