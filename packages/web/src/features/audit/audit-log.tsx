import { AuditEntry, type SearchFilter, type SearchQueryInput, searchPage, toSearchParams } from '@automate/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadError } from '@/components/ui/load-error.tsx';
import { SearchTable, type SearchTableColumn } from '@/components/ui/search-table.tsx';
import { apiGet } from '@/lib/api-client.ts';
import type { SearchChange, SearchState } from '@/lib/search-params.ts';
import { changeSearch } from '@/lib/search-params.ts';
import { readerClock, useVendorClock, type VendorClock } from '@/lib/vendor-time.ts';

const AuditPage = searchPage(AuditEntry);

/** `GET /api/Admin/audit/search` (super admins) or a vendor's `Activity/search`: newest first. */
function useEntrySearch(path: string, query: SearchQueryInput) {
  return useQuery({
    queryKey: ['audit', path, query],
    queryFn: ({ signal }) => apiGet(path, AuditPage, { query: toSearchParams(query), signal }),
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

/** Who did what, and when on `clock`. */
const entryColumns = (clock: VendorClock): ReadonlyArray<SearchTableColumn<AuditEntry>> => [
  { key: 'at', label: 'When', sortField: 'at', render: (entry) => clock(entry.at) },
  { key: 'actorName', label: 'Who', render: (entry) => entry.actorName },
  { key: 'summary', label: 'What', render: (entry) => entry.summary },
];

/** The entries with the setting before and after. */
const auditColumns = (clock: VendorClock): ReadonlyArray<SearchTableColumn<AuditEntry>> => [
  ...entryColumns(clock),
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

type EntrySource = {
  path: string;
  filters: SearchFilter[];
  columns: ReadonlyArray<SearchTableColumn<AuditEntry>>;
  loadFailed: string;
  emptyText: string;
};

/** A log of entries (who did what, when), newest first, paged in place. */
function EntryLog({ title, source }: { title: string; source: EntrySource }) {
  const [state, setState] = useState<SearchState>({
    PageNumber: 1,
    PageSize: 25,
    SortBy: 'at',
    SortDir: 'Descending',
    Filters: source.filters,
  });
  const search = useEntrySearch(source.path, state);
  const change = (next: SearchChange) => setState((current) => changeSearch(current, next));
  return (
    <Paper variant="outlined" component="section" aria-label={title}>
      <Typography variant="h6" component="h2" sx={{ p: 2, pb: 0 }}>
        {title}
      </Typography>
      {search.isError ? (
        <LoadError error={search.error} fallback={source.loadFailed} onRetry={() => search.refetch()} sx={{ m: 2 }} />
      ) : null}
      <SearchTable
        label={title}
        columns={source.columns}
        rows={search.data?.rows}
        total={search.data?.total ?? 0}
        state={state}
        onChange={change}
        loading={search.isPending}
        fetching={search.isFetching}
        getRowKey={(entry) => entry.id}
        emptyText={source.emptyText}
      />
    </Paper>
  );
}

/**
 * The audit log entries about one vendor or one user (`field` is `vendorId` or `targetUserId`), newest
 * first, paged in place: who did what and when, and the setting before and after. A vendor's entries
 * are on its clock; a user's, who may act for several businesses, on the reader's, with the zone named.
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
  const vendorClock = useVendorClock(field === 'vendorId' ? value : undefined);
  return (
    <EntryLog
      title={title}
      source={{
        path: '/Admin/audit/search',
        filters: [{ action: 'Eq', field, value }],
        columns: auditColumns(field === 'vendorId' ? vendorClock : readerClock),
        loadFailed: 'The audit log could not be loaded.',
        emptyText: 'No super admin has acted here yet.',
      }}
    />
  );
}

/**
 * A business's activity history (`GET /vendor/{id}/Activity/search`), or one trigger's: who created,
 * changed, switched on or off, or deleted a trigger (what changed, in words), and who cancelled or
 * retried which run.
 */
export function ActivityLog({ title, vendorId, triggerId }: { title: string; vendorId: string; triggerId?: string }) {
  const clock = useVendorClock(vendorId);
  return (
    <EntryLog
      title={title}
      source={{
        path: `/vendor/${vendorId}/Activity/search`,
        filters: triggerId ? [{ action: 'Eq', field: 'triggerId', value: triggerId }] : [],
        columns: entryColumns(clock),
        loadFailed: 'The activity could not be loaded.',
        emptyText: triggerId
          ? 'Nothing has been done to this automation yet.'
          : 'Nothing has been done to the automations yet.',
      }}
    />
  );
}
