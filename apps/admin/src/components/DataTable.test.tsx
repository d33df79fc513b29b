import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Column, DataTable } from './DataTable';
import { pageLocally, useTableState } from './tableState';
import { renderWithProviders } from './test-utils';

afterEach(cleanup);

interface Person {
  id: number;
  name: string;
}
const people: Person[] = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `Person ${String(i + 1).padStart(2, '0')}` }));
const columns: Column<Person>[] = [
  { key: 'id', header: 'Id', render: (p) => p.id, sortable: true },
  { key: 'name', header: 'Name', render: (p) => p.name, sortable: true },
];

function LocalTable({
  rows,
  loading = false,
  error,
  onRetry,
}: {
  rows?: Person[];
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
}) {
  const state = useTableState();
  const page = pageLocally(rows, state, { searchText: (p) => p.name, sortValue: (p, f) => (f === 'id' ? p.id : p.name) });
  return (
    <>
      <DataTable
        label="People"
        columns={columns}
        rows={page.rows}
        total={rows ? page.total : undefined}
        rowKey={(p) => p.id}
        state={state}
        loading={loading}
        error={error}
        onRetry={onRetry}
        searchable
      />
      <output data-testid="state">{JSON.stringify({ page: state.page, size: state.size, sort: state.sort, search: state.search })}</output>
    </>
  );
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'People' }))
    .getAllByRole('row')
    .slice(1);
const firstCellTexts = () => bodyRows().map((r) => within(r).getAllByRole('cell')[1].textContent);

/** A server-paged table whose server counts up to 20 rows and one more. */
function Counted({ total }: { total: number }) {
  const state = useTableState();
  return (
    <DataTable
      label="People"
      columns={columns}
      rows={people.slice(0, 10)}
      total={total}
      totalLimit={20}
      rowKey={(p) => p.id}
      state={state}
      loading={false}
    />
  );
}

describe('DataTable', () => {
  it('shows skeleton rows while the first page loads', () => {
    renderWithProviders(<LocalTable loading />);
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(10);
    expect(screen.getByRole('table', { name: 'People' }).getAttribute('aria-busy')).toBe('true');
  });

  it('shows the empty state', () => {
    renderWithProviders(<LocalTable rows={[]} />);
    expect(screen.getByText('Nothing to show yet.')).toBeTruthy();
  });

  it('shows the error state with a working retry', () => {
    const onRetry = vi.fn();
    renderWithProviders(<LocalTable error={new Error('boom')} onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('The list could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('pages through the rows and changes the page size', async () => {
    renderWithProviders(<LocalTable rows={people} />);
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('1–10 of 25')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(firstCellTexts()).toEqual(['Person 21', 'Person 22', 'Person 23', 'Person 24', 'Person 25']);
    expect(screen.getByText('21–25 of 25')).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Rows per page' }), { target: { value: '20' } });
    await waitFor(() => expect(bodyRows()).toHaveLength(20));
    expect(JSON.parse(screen.getByTestId('state').textContent ?? '{}')).toMatchObject({ page: 0, size: 20 });
  });

  it('sorts with keyboard-operable header buttons and announces the order with aria-sort', () => {
    renderWithProviders(<LocalTable rows={people} />);
    const header = screen.getByRole('columnheader', { name: /Name/ });
    expect(header.getAttribute('aria-sort')).toBe('none');
    const button = within(header).getByRole('button');
    expect(button.tagName).toBe('BUTTON');

    fireEvent.click(button);
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(firstCellTexts()[0]).toBe('Person 01');

    fireEvent.click(button);
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(firstCellTexts()[0]).toBe('Person 25');

    fireEvent.click(button);
    expect(header.getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('columnheader', { name: /Id/ }).getAttribute('aria-sort')).toBe('none');
  });

  it('searches after a pause in typing and goes back to the first page', async () => {
    renderWithProviders(<LocalTable rows={people} />, { route: '/?page=2' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'Person 1' } });
    // not at once: the search is debounced
    expect(JSON.parse(screen.getByTestId('state').textContent ?? '{}').search).toBe('');
    await waitFor(() => expect(JSON.parse(screen.getByTestId('state').textContent ?? '{}')).toMatchObject({ search: 'Person 1', page: 0 }));
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('1–10 of 10')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'nobody' } });
    expect(await screen.findByText('Nothing matches your search.')).toBeTruthy();
  });

  it('reads a total above the counted limit as "more than" the limit', () => {
    renderWithProviders(<Counted total={21} />);
    expect(screen.getByText('1–10 of more than 20')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeTruthy();
    cleanup();
    renderWithProviders(<Counted total={20} />);
    expect(screen.getByText('1–10 of 20')).toBeTruthy();
  });
});
