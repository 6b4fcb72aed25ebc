import type { TriggerRun } from '@automate/contract';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { activeFilterCount, FilterBar } from '@/components/ui/filter-bar.tsx';
import { LoadError } from '@/components/ui/load-error.tsx';
import { type RowCard, SearchTable, type SearchTableColumn } from '@/components/ui/search-table.tsx';
import type { SearchChange, SearchState } from '@/lib/search-params.ts';
import { useErrorToast } from '@/lib/use-error-toast.ts';

const RUNS_LOAD_FAILED = 'The runs could not be loaded.';

type RunSearch<Run> = {
  data?: { rows: Run[]; total: number; totalCapped: boolean } | undefined;
  error: Error | null;
  isError: boolean;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => unknown;
};

/**
 * A run list: its `filters` above the table of `search`'s page (cards on a phone, the filters folded), a load error with a retry, and the
 * pager (by cursor while `shown`, the page asked for, says there is a next one).
 */
export function RunTable<Run extends TriggerRun>({
  filters,
  search,
  shown,
  columns,
  card,
  state,
  onChange,
  onRowClick,
  emptyText,
}: {
  filters: ReactNode;
  search: RunSearch<Run>;
  shown: { nextCursor: string | null } | undefined;
  columns: ReadonlyArray<SearchTableColumn<Run>>;
  /** The run as a phone's card. */
  card: RowCard<Run>;
  state: SearchState;
  onChange: (change: SearchChange) => void;
  onRowClick: (run: Run) => void;
  emptyText: string;
}) {
  useErrorToast(search.error, RUNS_LOAD_FAILED);
  return (
    <Paper variant="outlined">
      <FilterBar active={activeFilterCount(state)}>{filters}</FilterBar>
      {search.isError ? (
        <LoadError error={search.error} fallback={RUNS_LOAD_FAILED} onRetry={() => search.refetch()} sx={{ mx: 2 }} />
      ) : null}
      <SearchTable
        label="Runs"
        columns={columns}
        card={card}
        rows={search.data?.rows}
        total={search.data?.total ?? 0}
        totalCapped={search.data?.totalCapped}
        hasNextPage={shown ? shown.nextCursor !== null : undefined}
        state={state}
        onChange={onChange}
        loading={search.isPending && !search.isError}
        fetching={search.isFetching}
        getRowKey={(run) => run.id}
        onRowClick={onRowClick}
        emptyText={emptyText}
      />
    </Paper>
  );
}
