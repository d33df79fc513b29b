import { useCallback, useMemo, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  field: string;
  direction: SortDirection;
}

export interface TableState {
  /** From 0, as the server counts. */
  page: number;
  size: number;
  sort: SortState | null;
  search: string;
}

export const PAGE_SIZES = [10, 20, 50] as const;

export interface TableControls extends TableState {
  setPage(page: number): void;
  setSize(size: number): void;
  setSort(sort: SortState | null): void;
  setSearch(search: string): void;
}

function parseSort(raw: string | null): SortState | null {
  if (!raw) return null;
  const [field, dir] = raw.split(',');
  if (!field) return null;
  return { field, direction: dir === 'desc' ? 'desc' : 'asc' };
}

/**
 * Paging, sorting and search of a list, kept in the URL's query string so that the back button and a
 * shared link restore the same page. `prefix` separates two tables on one page.
 */
export function useTableState(options: { defaultSort?: SortState | null; defaultSize?: number; prefix?: string } = {}): TableControls {
  const { defaultSort = null, defaultSize = PAGE_SIZES[0], prefix = '' } = options;
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const pathRef = useRef(pathname);
  pathRef.current = pathname;
  const key = (k: string) => `${prefix}${k}`;

  const rawPage = Number(params.get(key('page')) ?? 0);
  const rawSize = Number(params.get(key('size')) ?? defaultSize);
  const page = Number.isInteger(rawPage) && rawPage >= 0 ? rawPage : 0;
  const size = (PAGE_SIZES as readonly number[]).includes(rawSize) ? rawSize : defaultSize;
  const sortParam = params.get(key('sort'));
  const sort = sortParam === 'none' ? null : (parseSort(sortParam) ?? defaultSort);
  const search = params.get(key('search')) ?? '';

  const update = useCallback(
    (changes: Record<string, string | null>) => {
      // a late change (a debounced search) after the user has left the page must not bring them back
      if (window.location.pathname !== pathRef.current) return;
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(changes)) {
            if (v === null || v === '') next.delete(`${prefix}${k}`);
            else next.set(`${prefix}${k}`, v);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams, prefix],
  );

  return useMemo(
    () => ({
      page,
      size,
      sort,
      search,
      setPage: (p) => update({ page: p > 0 ? String(p) : null }),
      setSize: (s) => update({ size: s === defaultSize ? null : String(s), page: null }),
      setSort: (s) => update({ sort: s ? `${s.field},${s.direction}` : defaultSort ? 'none' : null, page: null }),
      setSearch: (s) => update({ search: s.trim() || null, page: null }),
    }),
    [page, size, sort, search, update, defaultSize, defaultSort],
  );
}

/** The query parameters of a server-side paged call. */
export function pageParams(state: TableState): { page: number; size: number; sort?: string } {
  return { page: state.page, size: state.size, sort: state.sort ? `${state.sort.field},${state.sort.direction}` : undefined };
}

/**
 * For the small lists the server answers in full (roles, user groups, business units): filter, sort
 * and slice in the browser, with the same table state as a server-paged list.
 */
export function pageLocally<T>(
  rows: T[] | undefined,
  state: TableState,
  options: { searchText: (row: T) => string; sortValue?: (row: T, field: string) => string | number | boolean | null | undefined },
): { rows: T[] | undefined; total: number } {
  if (!rows) return { rows: undefined, total: 0 };
  const needle = state.search.trim().toLowerCase();
  let out = needle ? rows.filter((r) => options.searchText(r).toLowerCase().includes(needle)) : [...rows];
  const { sort } = state;
  const sortValue = options.sortValue;
  if (sort && sortValue) {
    const factor = sort.direction === 'desc' ? -1 : 1;
    out.sort((a, b) => {
      const va = sortValue(a, sort.field);
      const vb = sortValue(b, sort.field);
      if (va === vb) return 0;
      if (va === null || va === undefined) return 1;
      if (vb === null || vb === undefined) return -1;
      if (typeof va === 'string' && typeof vb === 'string') return factor * va.localeCompare(vb, undefined, { sensitivity: 'base' });
      return factor * (va < vb ? -1 : 1);
    });
  }
  const total = out.length;
  out = out.slice(state.page * state.size, (state.page + 1) * state.size);
  return { rows: out, total };
}
