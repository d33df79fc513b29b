import { Alert, Button, Group, NativeSelect, Pagination, Paper, Skeleton, Table, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconArrowDown, IconArrowsSort, IconArrowUp, IconRefresh, IconSearch } from '@tabler/icons-react';
import { Fragment, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './DataTable.module.css';
import { DebouncedInput } from './DebouncedInput';
import { PAGE_SIZES, type TableControls } from './tableState';

export interface Column<T> {
  /** Unique key; also the sort field unless `sortField` says otherwise. */
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  sortable?: boolean;
  sortField?: string;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
}

export interface DataTableProps<T> {
  /** Accessible name of the table. */
  label: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  total: number | undefined;
  /** The server counts the total up to this many rows and one more: a total above it reads "more than". */
  totalLimit?: number;
  state: TableControls;
  loading: boolean;
  /** The shown rows are the previous page's while the next one loads. */
  refreshing?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** Shows the debounced search box. */
  searchable?: boolean;
  searchLabel?: string;
  emptyMessage?: ReactNode;
  /** Extra controls next to the search box (filters). */
  toolbar?: ReactNode;
  /** A detail row under a row, shown when `isExpanded(row)`. */
  renderExpanded?: (row: T) => ReactNode;
  isExpanded?: (row: T) => boolean;
}

/** A list with server-side (or local) paging, sortable headers, search, and loading, empty and error states. */
export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const { columns, rows, state, total, loading, error } = props;
  const pages = total === undefined ? 0 : Math.max(1, Math.ceil(total / state.size));

  // after a delete on the last page, step back instead of showing an empty page
  useEffect(() => {
    if (!loading && total !== undefined && total > 0 && state.page >= pages) state.setPage(pages - 1);
  }, [loading, total, pages, state]);

  const from = total ? state.page * state.size + 1 : 0;
  const to = total ? Math.min(total, (state.page + 1) * state.size) : 0;

  return (
    <Paper withBorder radius="sm">
      {(props.searchable || props.toolbar) && (
        <Group p="sm" gap="sm" className={classes.toolbar} wrap="wrap">
          {props.searchable && <SearchBox value={state.search} onChange={state.setSearch} label={props.searchLabel} />}
          {props.toolbar}
        </Group>
      )}
      <Table.ScrollContainer minWidth={600}>
        <Table
          highlightOnHover
          verticalSpacing="xs"
          aria-label={props.label}
          aria-busy={loading || props.refreshing}
          className={classes.table}
          data-refreshing={props.refreshing || undefined}
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <HeaderCell key={c.key} column={c} state={state} />
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {error && !loading ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Alert
                    color="red"
                    variant="light"
                    icon={<IconAlertTriangle size={18} />}
                    title={t('components.dataTable.error')}
                    role="alert"
                  >
                    {props.onRetry && (
                      <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} />} onClick={props.onRetry}>
                        {t('components.dataTable.retry')}
                      </Button>
                    )}
                  </Alert>
                </Table.Td>
              </Table.Tr>
            ) : loading && !rows ? (
              Array.from({ length: Math.min(state.size, 10) }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                <Table.Tr key={i} data-testid="skeleton-row">
                  {columns.map((c) => (
                    <Table.Td key={c.key}>
                      <Skeleton height={14} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            ) : !rows || rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed" ta="center" py="lg">
                    {props.emptyMessage ?? (state.search ? t('components.dataTable.noMatch') : t('components.dataTable.empty'))}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row) => {
                const key = props.rowKey(row);
                const expanded = props.renderExpanded && props.isExpanded?.(row);
                return (
                  <Fragment key={key}>
                    <Table.Tr>
                      {columns.map((c) => (
                        <Table.Td key={c.key} ta={c.align}>
                          {c.render(row)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                    {expanded && (
                      <Table.Tr className={classes.detailRow}>
                        <Table.Td colSpan={columns.length}>{props.renderExpanded?.(row)}</Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                );
              })
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" p="sm" className={classes.footer} wrap="wrap">
        <Group gap="xs">
          <NativeSelect
            aria-label={t('components.dataTable.pageSize')}
            data={PAGE_SIZES.map((s) => ({ value: String(s), label: t('components.dataTable.perPage', { count: s }) }))}
            value={String(state.size)}
            onChange={(e) => state.setSize(Number(e.currentTarget.value))}
            w={110}
            size="xs"
          />
          <Text size="sm" c="dimmed" aria-live="polite">
            {total === undefined
              ? ''
              : total === 0
                ? t('components.dataTable.none')
                : props.totalLimit !== undefined && total > props.totalLimit
                  ? t('components.dataTable.rangeOver', { from, to, limit: props.totalLimit })
                  : t('components.dataTable.range', { from, to, total })}
          </Text>
        </Group>
        {pages > 1 && (
          <Pagination
            size="sm"
            total={pages}
            value={state.page + 1}
            onChange={(p) => state.setPage(p - 1)}
            getControlProps={(control) => ({ 'aria-label': t(`components.dataTable.${control}`) })}
            getItemProps={(p) => ({ 'aria-label': t('components.dataTable.goToPage', { page: p }) })}
          />
        )}
      </Group>
    </Paper>
  );
}

function HeaderCell<T>({ column, state }: { column: Column<T>; state: TableControls }) {
  const { t } = useTranslation();
  if (!column.sortable) {
    return (
      <Table.Th w={column.width} ta={column.align}>
        {column.header}
      </Table.Th>
    );
  }
  const field = column.sortField ?? column.key;
  const direction = state.sort?.field === field ? state.sort.direction : null;
  const next = () => {
    if (direction === null) state.setSort({ field, direction: 'asc' });
    else if (direction === 'asc') state.setSort({ field, direction: 'desc' });
    else state.setSort(null);
  };
  const Icon = direction === 'asc' ? IconArrowUp : direction === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th
      w={column.width}
      ta={column.align}
      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
    >
      <UnstyledButton
        onClick={next}
        className={classes.sortButton}
        title={t('components.dataTable.sortBy')}
        data-active={direction ? true : undefined}
      >
        <span>{column.header}</span>
        <Icon size={14} aria-hidden className={classes.sortIcon} />
      </UnstyledButton>
    </Table.Th>
  );
}

function SearchBox({ value, onChange, label }: { value: string; onChange: (v: string) => void; label?: string }) {
  const { t } = useTranslation();
  return (
    <DebouncedInput
      aria-label={label ?? t('components.dataTable.search')}
      placeholder={label ?? t('components.dataTable.search')}
      leftSection={<IconSearch size={16} />}
      value={value}
      onChange={onChange}
      w={{ base: '100%', sm: 320 }}
      type="search"
    />
  );
}
