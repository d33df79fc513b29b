import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { BulkJob } from '@vellum/contract';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockServer, ok } from '../../test/fakeServer';
import { useBulkJobs } from './bulkUpload.hooks';

const job = (over: Partial<BulkJob>): BulkJob => ({
  id: 5,
  entity: 'PRODUCT',
  kind: 'IMPORT',
  mode: 'IMPORT',
  onError: 'ALL_OR_NOTHING',
  status: 'PROCESSING',
  fileName: 'catalogue.zip',
  fileFormat: 'TXT',
  businessUnitId: 1,
  productTypeId: 7,
  userLogin: 'anna',
  createdDate: '2026-11-20T10:00:00Z',
  processedDate: null,
  rowsTotal: 3,
  rowsDone: 1,
  rowsCreated: 0,
  rowsUpdated: 0,
  rowsRemoved: 0,
  rowsRejected: 0,
  log: '',
  hasRejectedRows: false,
  hasZip: true,
  cancelRequested: false,
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('the uploads table', () => {
  it('has the catalogue’s lists read again when an import it watched running ends having applied rows', async () => {
    let current = job({});
    mockServer({ 'GET /api/bulk': () => ok([current], { 'x-total-count': '1' }) });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // a products list the user saw before the import, still fresh in the cache
    client.setQueryData(['products', 'search', { page: 0 }], { items: [] });
    client.setQueryData(['bulk', 'active'], { active: true });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useBulkJobs({ entity: 'PRODUCT', businessUnitId: 1, productTypeId: 7 }, 0, 20), { wrapper });
    await waitFor(() => expect(result.current.data?.rows[0]?.status).toBe('PROCESSING'));
    expect(client.getQueryState(['products', 'search', { page: 0 }])?.isInvalidated).toBe(false);

    current = job({ status: 'SUCCESS', rowsDone: 3, rowsCreated: 3, processedDate: '2026-11-20T10:05:00Z' });
    await waitFor(() => expect(result.current.data?.rows[0]?.status).toBe('SUCCESS'), { timeout: 4000 });
    await waitFor(() => expect(client.getQueryState(['products', 'search', { page: 0 }])?.isInvalidated).toBe(true));
    // what the import does not touch stays as it was
    expect(client.getQueryState(['bulk', 'active'])?.isInvalidated).toBe(false);
  });

  it('does so too for an import that ended before the table ever saw it running, but not for what was finished when it opened', async () => {
    let rows: BulkJob[] = [job({ id: 4, status: 'SUCCESS', rowsCreated: 2 })];
    mockServer({ 'GET /api/bulk': () => ok(rows, { 'x-total-count': String(rows.length) }) });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['products', 'search', { page: 0 }], { items: [] });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const target = { entity: 'PRODUCT' as const, businessUnitId: 1, productTypeId: 7 };
    const { result } = renderHook(() => useBulkJobs(target, 0, 20), { wrapper });
    await waitFor(() => expect(result.current.data?.rows).toHaveLength(1));
    expect(client.getQueryState(['products', 'search', { page: 0 }])?.isInvalidated).toBe(false);

    rows = [job({ id: 9, status: 'SUCCESS', rowsCreated: 3 }), ...rows];
    await client.invalidateQueries({ queryKey: ['bulk', 'jobs'] });
    await waitFor(() => expect(result.current.data?.rows).toHaveLength(2));
    await waitFor(() => expect(client.getQueryState(['products', 'search', { page: 0 }])?.isInvalidated).toBe(true));
  });
});
