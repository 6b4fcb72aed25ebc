import type { SearchPage, SearchQueryInput } from '@automate/contract';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import type { UseQueryResult } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { type SearchFilterSpec, SearchPanel } from '@/components/ui/search-panel.tsx';
import type { SearchTableColumn } from '@/components/ui/search-table.tsx';
import { type SearchDefaults, toSearchQuery } from '@/lib/search-params.ts';
import { useErrorToast } from '@/lib/use-error-toast.ts';
import { useSearchState } from '@/lib/use-search-state.ts';

/**
 * A super admin's list of records (articles, FAQ entries, templates; drafts too): the heading with its
 * New button, the filters, a failed load, and the table; the search lives in the URL and a row opens
 * its editor.
 */
export function RecordSearchList<T extends { id: string }>({
  documentTitle,
  title,
  subtitle,
  newPath,
  newLabel,
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
  newPath: string;
  newLabel: string;
  /** The table's accessible name. */
  label: string;
  defaults: SearchDefaults;
  useSearch: (query: SearchQueryInput) => UseQueryResult<SearchPage<T>>;
  loadFailed: string;
  filters: readonly SearchFilterSpec[];
  columns: ReadonlyArray<SearchTableColumn<T>>;
  /** Where a row's editor lives. */
  pathOf: (id: string) => string;
  emptyText: { filtered: string; none: string };
}) {
  const navigate = useNavigate();
  const [state, change] = useSearchState(defaults);
  const search = useSearch(toSearchQuery(state));
  useErrorToast(search.error, loadFailed);

  return (
    <>
      <title>{documentTitle}</title>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <Button href={newPath} variant="contained" startIcon={<AddIcon />}>
            {newLabel}
          </Button>
        }
      />
      <SearchPanel
        filters={filters}
        load={search}
        loadFailed={loadFailed}
        label={label}
        columns={columns}
        rows={search.data?.rows}
        total={search.data?.total ?? 0}
        state={state}
        onChange={change}
        loading={search.isPending}
        fetching={search.isFetching}
        getRowKey={(row) => row.id}
        onRowClick={(row) => navigate(pathOf(row.id))}
        emptyText={state.Filters.length > 0 ? emptyText.filtered : emptyText.none}
      />
    </>
  );
}
