import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { MouseEvent, ReactNode } from 'react';
import { formatNumber } from '@/lib/format.ts';
import { nextSort, type SearchChange, type SearchState } from '@/lib/search-params.ts';
import { usePhone } from '@/lib/use-phone.ts';
import { VISUALLY_HIDDEN } from './visually-hidden.ts';

export type SearchTableColumn<T> = {
  key: string;
  label: string;
  /** The label is for screen readers only (a column of row buttons needs no visible heading, but a name). */
  hiddenLabel?: boolean;
  /** The search field this column sorts by; unsortable without one. */
  sortField?: string;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  render: (row: T) => ReactNode;
};

/** A column sorted by its field `key` whose cell is the row's name, linking to the row's page. */
export function linkColumn<T>(
  key: string,
  label: string,
  href: (row: T) => string,
  text: (row: T) => string,
): SearchTableColumn<T> {
  return {
    key,
    label,
    sortField: key,
    render: (row) => (
      <Link href={href(row)} sx={{ fontWeight: 600 }}>
        {text(row)}
      </Link>
    ),
  };
}

const PAGE_SIZE_OPTIONS: readonly number[] = [10, 25, 50, 100];
const SKELETON_ROWS = 5;

export type SearchTableProps<T> = {
  /** The table's accessible name. */
  label: string;
  columns: ReadonlyArray<SearchTableColumn<T>>;
  rows: readonly T[] | undefined;
  total: number;
  /**
   * True when the search stopped counting at `total` (a capped count): the pager says "of 10,000+"
   * and offers the next page while `hasNextPage` is not false.
   */
  totalCapped?: boolean;
  /** Whether a page follows this one, when the search says so (a cursor search's `nextCursor`). */
  hasNextPage?: boolean;
  state: SearchState;
  onChange: (change: SearchChange) => void;
  /** True before the first page has arrived. */
  loading: boolean;
  /** True while a newer page is on its way (the old one stays shown). */
  fetching?: boolean;
  getRowKey: (row: T) => string;
  /** Opens a row; clicks on links inside the row are left to the link. */
  onRowClick?: (row: T) => void;
  emptyText: ReactNode;
  /**
   * The row as a card, shown instead of the table on a phone (narrower than 600 px), where the columns do
   * not fit: `render` draws what it shows, and `openLabel` names the card's button that does what clicking
   * it does (`onRowClick`), for the keyboard.
   */
  card?: RowCard<T>;
};

export type RowCard<T> = { render: (row: T) => ReactNode; openLabel?: (row: T) => string };

/**
 * A page of a server-side search: sortable column headers, paging, a progress bar while a new page
 * loads, skeleton rows before the first one arrives, and `emptyText` when nothing matches. The state
 * lives with the caller (see `useSearchState`); every change goes through `onChange`.
 */
export function SearchTable<T>({
  label,
  columns,
  rows,
  total,
  totalCapped = false,
  hasNextPage,
  state,
  onChange,
  loading,
  fetching = false,
  getRowKey,
  onRowClick,
  emptyText,
  card,
}: SearchTableProps<T>) {
  const phone = usePhone();
  const pageSizes = PAGE_SIZE_OPTIONS.includes(state.PageSize)
    ? PAGE_SIZE_OPTIONS
    : [...PAGE_SIZE_OPTIONS, state.PageSize].sort((a, b) => a - b);
  // A capped count does not say where the list ends: the pager counts -1 ("unknown") until the page
  // without a next one, where the exact number is known.
  const count = totalCapped
    ? hasNextPage === false
      ? (state.PageNumber - 1) * state.PageSize + (rows?.length ?? 0)
      : -1
    : total;
  const lastPage = count === -1 ? state.PageNumber : Math.max(1, Math.ceil(count / state.PageSize));

  const rowClick = (row: T) => (event: MouseEvent<HTMLElement>) => {
    if (!onRowClick || (event.target as HTMLElement).closest('a, button, input')) return;
    onRowClick(row);
  };

  return (
    <Box>
      <Box sx={{ height: 4 }}>{fetching && !loading ? <LinearProgress aria-label="Updating" /> : null}</Box>
      {phone && card ? (
        <RowCards
          label={label}
          rows={rows}
          loading={loading}
          busy={loading || fetching}
          getRowKey={getRowKey}
          card={card}
          onRowClick={onRowClick}
          rowClick={rowClick}
          empty={
            !loading && rows && rows.length === 0 ? (
              <Typography color="text.secondary" data-testid="table-empty" sx={{ py: 4, textAlign: 'center' }}>
                {emptyText}
              </Typography>
            ) : null
          }
        />
      ) : (
        <TableContainer>
          <Table size="small" aria-label={label} aria-busy={loading || fetching}>
            <TableHead>
              <TableRow>
                {columns.map((column) => {
                  const sorted = column.sortField !== undefined && state.SortBy === column.sortField;
                  const direction = sorted && state.SortDir === 'Descending' ? 'desc' : 'asc';
                  return (
                    <TableCell
                      key={column.key}
                      align={column.align}
                      // A hidden label is placed in its own cell, not where it would widen the page.
                      sx={{
                        width: column.width,
                        fontWeight: 600,
                        whiteSpace: 'nowrap',
                        position: column.hiddenLabel ? 'relative' : undefined,
                      }}
                      sortDirection={sorted ? direction : false}
                    >
                      {column.hiddenLabel ? (
                        <Box component="span" sx={VISUALLY_HIDDEN}>
                          {column.label}
                        </Box>
                      ) : column.sortField === undefined ? (
                        column.label
                      ) : (
                        <TableSortLabel
                          active={sorted}
                          direction={direction}
                          onClick={() => {
                            const sort = nextSort(state, column.sortField ?? column.key);
                            onChange({ kind: 'sort', sortBy: sort.SortBy, sortDir: sort.SortDir });
                          }}
                        >
                          {column.label}
                        </TableSortLabel>
                      )}
                    </TableCell>
                  );
                })}
              </TableRow>
            </TableHead>
            <TableBody>
              {loading
                ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows, identical and never reordered
                    <TableRow key={index} data-testid="skeleton-table-row">
                      {columns.map((column) => (
                        <TableCell key={column.key}>
                          <Skeleton variant="text" />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))
                : null}
              {!loading && rows && rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={columns.length} sx={{ py: 4, textAlign: 'center' }}>
                    <Typography color="text.secondary" data-testid="table-empty">
                      {emptyText}
                    </Typography>
                    {state.PageNumber > 1 && total > 0 ? (
                      <Button sx={{ mt: 1 }} onClick={() => onChange({ kind: 'page', pageNumber: 1 })}>
                        Back to the first page
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              ) : null}
              {!loading
                ? rows?.map((row) => (
                    <TableRow
                      key={getRowKey(row)}
                      hover={onRowClick !== undefined}
                      onClick={rowClick(row)}
                      sx={onRowClick ? { cursor: 'pointer' } : undefined}
                    >
                      {columns.map((column) => (
                        <TableCell key={column.key} align={column.align}>
                          {column.render(row)}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))
                : null}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <TablePagination
        component="div"
        count={count}
        {...(count === -1
          ? {
              labelDisplayedRows: ({ from, to }) =>
                `${formatNumber(from)}–${formatNumber(to)} of ${formatNumber(total)}+`,
            }
          : {})}
        page={Math.min(state.PageNumber, lastPage) - 1}
        rowsPerPage={state.PageSize}
        rowsPerPageOptions={pageSizes as number[]}
        onPageChange={(_event, page) => onChange({ kind: 'page', pageNumber: page + 1 })}
        onRowsPerPageChange={(event) => onChange({ kind: 'pageSize', pageSize: Number(event.target.value) })}
      />
    </Box>
  );
}

/** The rows as a list of cards (a phone's search results), each opening as its row would. */
function RowCards<T>({
  label,
  rows,
  loading,
  busy,
  getRowKey,
  card,
  onRowClick,
  rowClick,
  empty,
}: {
  label: string;
  rows: readonly T[] | undefined;
  loading: boolean;
  busy: boolean;
  getRowKey: (row: T) => string;
  card: RowCard<T>;
  onRowClick: ((row: T) => void) | undefined;
  rowClick: (row: T) => (event: MouseEvent<HTMLElement>) => void;
  empty: ReactNode;
}) {
  return (
    <>
      <Box
        component="ul"
        aria-label={label}
        aria-busy={busy}
        sx={{ listStyle: 'none', m: 0, px: 2, py: 1, display: 'grid', gap: 1.5 }}
      >
        {loading
          ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards, identical and never reordered
              <Box component="li" key={index} data-testid="skeleton-card">
                <Skeleton variant="rounded" height={88} />
              </Box>
            ))
          : rows?.map((row) => (
              <Box
                component="li"
                key={getRowKey(row)}
                data-testid="row-card"
                onClick={rowClick(row)}
                sx={{
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  p: 1.5,
                  minWidth: 0,
                  cursor: onRowClick ? 'pointer' : undefined,
                }}
              >
                {card.render(row)}
                {onRowClick && card.openLabel ? (
                  <Button size="small" onClick={() => onRowClick(row)} sx={{ mt: 0.5, ml: -1 }}>
                    {card.openLabel(row)}
                  </Button>
                ) : null}
              </Box>
            ))}
      </Box>
      {empty}
    </>
  );
}
