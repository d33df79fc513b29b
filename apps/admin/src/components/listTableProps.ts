import type { UseQueryResult } from '@tanstack/react-query';

/** A list's page as the admin's hooks give it: rows with the `x-total-count`, or a search's `{items, pageable}`. */
type ListPage<T> = { rows: T[]; total: number } | { items: T[]; pageable: { totalElements: number } };

/**
 * The DataTable props a list query decides (rows, total, loading, refreshing, error, retry), so every
 * list page shows the same loading, refreshing, error and retry states.
 */
export function listTableProps<T>(query: UseQueryResult<ListPage<T>>) {
  const page = query.data;
  return {
    rows: page === undefined ? undefined : 'rows' in page ? page.rows : page.items,
    total: page === undefined ? undefined : 'rows' in page ? page.total : page.pageable.totalElements,
    loading: query.isPending,
    refreshing: query.isPlaceholderData,
    error: query.error,
    onRetry: () => void query.refetch(),
  };
}
