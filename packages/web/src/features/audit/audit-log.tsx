import { AuditEntry, type SearchQueryInput, searchPage, toSearchParams } from '@automate/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadError } from '@/components/ui/load-error.tsx';
import { SearchTable, type SearchTableColumn } from '@/components/ui/search-table.tsx';
import { apiGet } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format.ts';
import type { SearchChange, SearchState } from '@/lib/search-params.ts';
import { changeSearch } from '@/lib/search-params.ts';

const AuditPage = searchPage(AuditEntry);
const LOAD_FAILED = 'The audit log could not be loaded.';

/** `GET /api/Admin/audit/search` (super admins): newest first. */
function useAuditSearch(query: SearchQueryInput) {
  return useQuery({
    queryKey: ['audit', query],
    queryFn: ({ signal }) => apiGet('/Admin/audit/search', AuditPage, { query: toSearchParams(query), signal }),
    placeholderData: keepPreviousData,
  });
}

/** A setting's value for the Change column: `name: Alpha · timeZone: Pacific/Auckland`. */
function describeValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'object' || Array.isArray(value)) return JSON.stringify(value);
  return Object.entries(value)
    .map(([key, item]) => `${key}: ${typeof item === 'string' ? item : JSON.stringify(item)}`)
    .join(' · ');
}

const COLUMNS: ReadonlyArray<SearchTableColumn<AuditEntry>> = [
  { key: 'at', label: 'When', sortField: 'at', render: (entry) => formatDateTime(entry.at) },
  { key: 'actorName', label: 'Who', render: (entry) => entry.actorName },
  { key: 'summary', label: 'What', render: (entry) => entry.summary },
  {
    key: 'change',
    label: 'Before → after',
    render: (entry) =>
      entry.before === null && entry.after === null ? (
        '—'
      ) : (
        <Box component="span" sx={{ fontSize: 12, wordBreak: 'break-word' }}>
          {entry.before === null ? '' : `${describeValue(entry.before)} → `}
          {describeValue(entry.after)}
        </Box>
      ),
  },
];

/**
 * The audit log entries about one vendor or one user (`field` is `vendorId` or `targetUserId`), newest
 * first, paged in place: who did what and when, and the setting before and after.
 */
export function AuditLog({
  title,
  field,
  value,
}: {
  title: string;
  field: 'vendorId' | 'targetUserId';
  value: string;
}) {
  const [state, setState] = useState<SearchState>({
    PageNumber: 1,
    PageSize: 25,
    SortBy: 'at',
    SortDir: 'Descending',
    Filters: [{ action: 'Eq', field, value }],
  });
  const search = useAuditSearch(state);
  const change = (next: SearchChange) => setState((current) => changeSearch(current, next));
  return (
    <Paper variant="outlined" component="section" aria-label={title}>
      <Typography variant="h6" component="h2" sx={{ p: 2, pb: 0 }}>
        {title}
      </Typography>
      {search.isError ? (
        <LoadError error={search.error} fallback={LOAD_FAILED} onRetry={() => search.refetch()} sx={{ m: 2 }} />
      ) : null}
      <SearchTable
        label={title}
        columns={COLUMNS}
        rows={search.data?.rows}
        total={search.data?.total ?? 0}
        state={state}
        onChange={change}
        loading={search.isPending}
        fetching={search.isFetching}
        getRowKey={(entry) => entry.id}
        emptyText="No super admin has acted here yet."
      />
    </Paper>
  );
}
