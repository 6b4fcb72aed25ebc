import type { SearchPage, SearchQueryInput } from '@automate/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { type SearchFilterSpec, SearchPanel, searchResults } from '@/components/ui/search-panel.tsx';
import type { SearchTableColumn } from '@/components/ui/search-table.tsx';
import { type SearchDefaults, toSearchQuery } from '@/lib/search-params.ts';
import { useErrorToast } from '@/lib/use-error-toast.ts';
import { useSearchState } from '@/lib/use-search-state.ts';

/**
 * A screen that searches one kind of record: the heading (with `actions`), the filters, a failed load,
 * and the table. The search lives in the URL and a row opens the record's page (`pathOf`), when records have one.
 */
export function SearchScreen<T extends { id: string }>({
  documentTitle,
  title,
  subtitle,
  actions,
  label,
  defaults,
  useSearch,
  loadFailed,
  filters,
  columns,
  pathOf,
  emptyText,
}: {
  documentTitle: string;
  title: string;
  subtitle: string;
  actions?: ReactNode;
  /** The table's accessible name. */
  label: string;
  defaults: SearchDefaults;
  useSearch: (query: SearchQueryInput) => UseQueryResult<SearchPage<T>>;
  loadFailed: string;
  filters: readonly SearchFilterSpec[];
  columns: ReadonlyArray<SearchTableColumn<T>>;
  /** Where a row's page lives; rows open nothing without it. */
  pathOf?: (id: string) => string;
  emptyText: { filtered: string; none: string };
}) {
  const navigate = useNavigate();
  const [state, change] = useSearchState(defaults);
  const search = useSearch(toSearchQuery(state));
  useErrorToast(search.error, loadFailed);

  return (
    <>
      <title>{documentTitle}</title>
      <PageHeader title={title} subtitle={subtitle} actions={actions} />
      <SearchPanel
        filters={filters}
        {...searchResults(search)}
        loadFailed={loadFailed}
        label={label}
        columns={columns}
        state={state}
        onChange={change}
        getRowKey={(row) => row.id}
        {...(pathOf ? { onRowClick: (row: T) => navigate(pathOf(row.id)) } : {})}
        emptyText={state.Filters.length > 0 ? emptyText.filtered : emptyText.none}
      />
    </>
  );
}
