import type { FilterOperator } from '@automate/contract';
import Paper from '@mui/material/Paper';
import { activeFilterCount, FilterBar } from '@/components/ui/filter-bar.tsx';
import { LoadError } from '@/components/ui/load-error.tsx';
import { SearchTable, type SearchTableProps } from '@/components/ui/search-table.tsx';
import { SelectFilter, type SelectFilterOption } from '@/components/ui/select-filter.tsx';
import { TextFilter } from '@/components/ui/text-filter.tsx';
import { filterValue } from '@/lib/search-params.ts';

/** A filter above a search table: a text box (contains, by default) or a select (equals). */
export type SearchFilterSpec =
  | { kind: 'text'; label: string; field: string; action?: FilterOperator }
  | {
      kind: 'select';
      label: string;
      field: string;
      anyLabel: string;
      options: readonly SelectFilterOption[];
      minWidth?: number;
    };

/** What the panel reads of the search's query to show a failed load. */
type SearchLoad = { isError: boolean; error: unknown; refetch(): unknown };

/** A search query's result as the panel's props: its rows and total, loading, refreshing, a failed load. */
export function searchResults<T>(
  search: SearchLoad & { data?: { rows: T[]; total: number } | undefined; isPending: boolean; isFetching: boolean },
) {
  return {
    load: search,
    rows: search.data?.rows,
    total: search.data?.total ?? 0,
    loading: search.isPending,
    fetching: search.isFetching,
  };
}

/**
 * A search screen's panel: the filters (a search landmark, folded behind one button on a phone), each showing its value in the search; a
 * failed load with Try again; and the table. Filters, paging and sorting all change the search through
 * `onChange`.
 */
export function SearchPanel<T>({
  filters,
  load,
  loadFailed,
  ...table
}: SearchTableProps<T> & {
  filters: readonly SearchFilterSpec[];
  load: SearchLoad;
  /** The alert's sentence when the server gave none. */
  loadFailed: string;
}) {
  const { state, onChange } = table;
  return (
    <Paper variant="outlined">
      <FilterBar active={activeFilterCount(state)}>
        {filters.map((filter) => {
          const value = filterValue(state.Filters, filter.field);
          return filter.kind === 'text' ? (
            <TextFilter
              key={filter.field}
              label={filter.label}
              field={filter.field}
              action={filter.action}
              value={typeof value === 'string' ? value : ''}
              onChange={onChange}
            />
          ) : (
            <SelectFilter
              key={filter.field}
              label={filter.label}
              field={filter.field}
              value={value}
              anyLabel={filter.anyLabel}
              options={filter.options}
              onChange={onChange}
              minWidth={filter.minWidth}
            />
          );
        })}
      </FilterBar>
      {load.isError ? (
        <LoadError error={load.error} fallback={loadFailed} onRetry={() => load.refetch()} sx={{ mx: 2 }} />
      ) : null}
      <SearchTable {...table} />
    </Paper>
  );
}
