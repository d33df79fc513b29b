import type { UseQueryResult } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { listTableProps } from './listTableProps';

type Page = { rows: string[]; total: number } | { items: string[]; pageable: { totalElements: number } };
const query = (over: Partial<UseQueryResult<Page>>) =>
  ({
    data: undefined,
    isPending: false,
    isPlaceholderData: false,
    error: null,
    refetch: vi.fn(),
    ...over,
  }) as unknown as UseQueryResult<Page>;

describe('listTableProps', () => {
  it('reads a list with its total count', () => {
    const props = listTableProps(query({ data: { rows: ['a', 'b'], total: 12 } }));
    expect(props).toMatchObject({ rows: ['a', 'b'], total: 12, loading: false, refreshing: false, error: null });
  });

  it("reads a search's items and pageable", () => {
    const props = listTableProps(query({ data: { items: ['x'], pageable: { totalElements: 40 } }, isPlaceholderData: true }));
    expect(props).toMatchObject({ rows: ['x'], total: 40, refreshing: true });
  });

  it('has neither rows nor total while the first page loads, and retries by refetching', () => {
    const refetch = vi.fn();
    const props = listTableProps(query({ isPending: true, refetch } as Partial<UseQueryResult<Page>>));
    expect(props.rows).toBeUndefined();
    expect(props.total).toBeUndefined();
    expect(props.loading).toBe(true);
    props.onRetry();
    expect(refetch).toHaveBeenCalledOnce();
  });
});
