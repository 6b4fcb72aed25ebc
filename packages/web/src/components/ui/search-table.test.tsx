// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SearchState } from '@/lib/search-params.ts';
import { onAPhone } from '@/testing/viewport.ts';
import { SearchTable, type SearchTableColumn } from './search-table.tsx';

const user = userEvent.setup({ delay: null });

type Row = { id: string; name: string };
const COLUMNS: Array<SearchTableColumn<Row>> = [
  { key: 'name', label: 'Name', sortField: 'name', render: (row) => row.name },
  { key: 'id', label: 'Id', render: (row) => row.id },
];
const STATE: SearchState = { PageNumber: 2, PageSize: 10, SortBy: 'name', SortDir: 'Ascending', Filters: [] };

function show(props: Partial<Parameters<typeof SearchTable<Row>>[0]> = {}) {
  const onChange = vi.fn();
  const onRowClick = vi.fn();
  render(
    <SearchTable<Row>
      label="People"
      columns={COLUMNS}
      rows={[
        { id: 'a', name: 'Ada' },
        { id: 'b', name: 'Bo' },
      ]}
      total={25}
      state={STATE}
      onChange={onChange}
      loading={false}
      getRowKey={(row) => row.id}
      onRowClick={onRowClick}
      emptyText="Nobody here."
      {...props}
    />,
  );
  return { onChange, onRowClick, table: screen.getByRole('table', { name: 'People' }) };
}

describe('the search table', () => {
  it('shows the rows and the page it is on', () => {
    const { table } = show();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('11–20 of 25')).toBeTruthy();
  });

  it('flips the sorted column and sorts nothing else', async () => {
    const { onChange } = show();
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(onChange).toHaveBeenCalledWith({ kind: 'sort', sortBy: 'name', sortDir: 'Descending' });
    expect(screen.queryByRole('button', { name: 'Id' })).toBeNull();
  });

  it('pages forward and back', async () => {
    const { onChange } = show();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(onChange).toHaveBeenCalledWith({ kind: 'page', pageNumber: 3 });
    await user.click(screen.getByRole('button', { name: 'Go to previous page' }));
    expect(onChange).toHaveBeenCalledWith({ kind: 'page', pageNumber: 1 });
  });

  it('opens a row on click', async () => {
    const { onRowClick } = show();
    await user.click(screen.getByText('Bo'));
    expect(onRowClick).toHaveBeenCalledWith({ id: 'b', name: 'Bo' });
  });

  it('shows skeleton rows before the first page, and the empty text when nothing matches', () => {
    show({ loading: true, rows: undefined });
    expect(screen.getAllByTestId('skeleton-table-row')).toHaveLength(5);
  });

  it('offers the first page when a later one is empty', async () => {
    const { onChange } = show({ rows: [], total: 5 });
    expect(screen.getByTestId('table-empty').textContent).toBe('Nobody here.');
    await user.click(screen.getByRole('button', { name: 'Back to the first page' }));
    expect(onChange).toHaveBeenCalledWith({ kind: 'page', pageNumber: 1 });
  });
});

describe('the search table on a phone', () => {
  onAPhone();

  it('shows each row as a card whose button opens it, as clicking the row does', async () => {
    const onRowClick = vi.fn();
    render(
      <SearchTable<Row>
        label="People"
        columns={COLUMNS}
        card={{ render: (row) => <strong>{row.name}</strong>, openLabel: (row) => `Open ${row.name}` }}
        rows={[
          { id: 'a', name: 'Ada' },
          { id: 'b', name: 'Bo' },
        ]}
        total={25}
        state={STATE}
        onChange={vi.fn()}
        loading={false}
        getRowKey={(row) => row.id}
        onRowClick={onRowClick}
        emptyText="Nobody here."
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'People' })).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual(['AdaOpen Ada', 'BoOpen Bo']);
    await user.click(screen.getByRole('button', { name: 'Open Bo' }));
    expect(onRowClick).toHaveBeenCalledTimes(1);
    expect(onRowClick).toHaveBeenCalledWith({ id: 'b', name: 'Bo' });
    await user.click(screen.getByText('Ada'));
    expect(onRowClick).toHaveBeenLastCalledWith({ id: 'a', name: 'Ada' });
    expect(screen.getByText('11–20 of 25')).toBeTruthy();
  });

  it('keeps the table for a list without cards', () => {
    show();
    expect(screen.queryByRole('list', { name: 'People' })).toBeNull();
  });
});
