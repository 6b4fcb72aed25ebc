import { RUN_STATUSES, type TriggerRun, type VendorMembership } from '@automate/contract';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';
import { LoadError } from '@/components/ui/load-error.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { SearchTable, type SearchTableColumn } from '@/components/ui/search-table.tsx';
import { SelectFilter } from '@/components/ui/select-filter.tsx';
import { TextFilter } from '@/components/ui/text-filter.tsx';
import { VendorTime } from '@/components/ui/vendor-time.tsx';
import { getErrorMessage } from '@/lib/api-client.ts';
import { formatNumber } from '@/lib/format.ts';
import { useNotifications } from '@/lib/notifications.ts';
import {
  filterValue,
  readSearchState,
  type SearchDefaults,
  toSearchQuery,
  writeSearchState,
} from '@/lib/search-params.ts';
import { useErrorToast } from '@/lib/use-error-toast.ts';
import { useSearchState } from '@/lib/use-search-state.ts';
import { useVendorTimeZone } from '@/lib/vendor-time.ts';
import { useTrigger } from '../api/get-trigger.ts';
import { useRetryRuns } from '../api/retry-runs.ts';
import { RUN_SORT_FIELDS, useRunSearch } from '../api/search-runs.ts';
import { useTriggerRunSearch } from '../api/search-trigger-runs.ts';
import { useTriggerSearch } from '../api/search-triggers.ts';
import { AUTOMATION_SCHEDULE_PATH, automationViewPath } from '../list/automation-paths.ts';
import { eventLabel } from '../list/event-labels.ts';
import { RunDrawer } from './run-drawer.tsx';
import { endOfLocalDay, startOfLocalDay, toLocalDayInput } from './run-format.ts';
import { retrySentence } from './run-labels.ts';
import { RunStatusChip } from './run-status-chip.tsx';

const STATUS_OPTIONS = RUN_STATUSES.map((value) => ({ value, label: value }));

const RUN_SEARCH_DEFAULTS: SearchDefaults = {
  PageSize: 25,
  SortBy: 'createdAt',
  SortDir: 'Descending',
  sortable: RUN_SORT_FIELDS,
};

const RUNS_LOAD_FAILED = 'The runs could not be loaded.';

/** The trigger picker lists up to this many automations, by name. */
const TRIGGER_OPTIONS_QUERY = { PageNumber: 1, PageSize: 500, SortBy: 'name', SortDir: 'Ascending' } as const;

/** The run list's columns; times are relative, exact in the business's time zone on hover. */
function runColumns(withTrigger: boolean, timeZone: string | undefined): ReadonlyArray<SearchTableColumn<TriggerRun>> {
  const when = (value: string | null) => <VendorTime value={value} timeZone={timeZone} />;
  return [
    { key: 'status', label: 'Status', sortField: 'status', render: (run) => <RunStatusChip status={run.status} /> },
    ...(withTrigger
      ? [
          {
            key: 'triggerName',
            label: 'Automation',
            sortField: 'triggerName',
            render: (run: TriggerRun) => (
              <Link href={automationViewPath(run.triggerId)} sx={{ fontWeight: 600 }}>
                {run.triggerName}
              </Link>
            ),
          },
        ]
      : []),
    { key: 'jobNumber', label: 'Job', sortField: 'jobNumber', render: (run) => run.jobNumber ?? '—' },
    { key: 'event', label: 'Event', sortField: 'event', render: (run) => eventLabel(run.event) },
    { key: 'createdAt', label: 'Created', sortField: 'createdAt', render: (run) => when(run.createdAt) },
    { key: 'dueAt', label: 'Due', sortField: 'dueAt', render: (run) => when(run.dueAt) },
    { key: 'finishedAt', label: 'Finished', sortField: 'finishedAt', render: (run) => when(run.finishedAt) },
    {
      key: 'reason',
      label: 'Reason',
      render: (run) => {
        const text = retrySentence(run, timeZone) ?? run.reason ?? '';
        return (
          <Typography
            variant="body2"
            title={text || undefined}
            color={run.retry ? 'warning.main' : undefined}
            sx={{ maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {text}
          </Typography>
        );
      },
    },
  ];
}

/** The trigger picker of the all-runs page. */
function TriggerFilter({
  vendorId,
  value,
  onChange,
}: {
  vendorId: string;
  value: string;
  onChange: (triggerId: string) => void;
}) {
  const triggers = useTriggerSearch(vendorId, TRIGGER_OPTIONS_QUERY);
  const rows = triggers.data?.rows ?? [];
  const known = value === '' || rows.some((row) => row.id === value);
  return (
    <TextField
      select
      size="small"
      label="Automation"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 220 }}
    >
      <MenuItem value="">All automations</MenuItem>
      {known ? null : <MenuItem value={value}>{triggers.isPending ? 'Loading…' : 'An automation not listed'}</MenuItem>}
      {rows.map((row) => (
        <MenuItem key={row.id} value={row.id}>
          {row.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The `nextCursor` of each page seen, so the next page is asked for after the last run shown (keyset
 * paging: as fast on page 400 as on page 1, and nothing repeated when new runs arrive) instead of by
 * offset. A page reached otherwise (a link, Back after a reload, a jump) goes by its number. The
 * cursors belong to one sort, filter and page size (`searchKey`) and are forgotten when it changes.
 */
function usePageCursors(searchKey: string) {
  const seen = useRef({ key: searchKey, pages: new Map<number, string>() });
  if (seen.current.key !== searchKey) seen.current = { key: searchKey, pages: new Map() };
  const [cursors] = useState(() => ({
    forPage: (page: number) => (page > 1 ? seen.current.pages.get(page) : undefined),
    remember: (page: number, cursor: string | null) => {
      if (cursor) seen.current.pages.set(page, cursor);
    },
  }));
  return cursors;
}

/** "Retry these N failed runs": the failed runs on the page shown, after confirming. */
function RetryFailedButton({ vendorId, runs }: { vendorId: string; runs: readonly TriggerRun[] }) {
  const failed = runs.filter((run) => run.status === 'Failed');
  const retry = useRetryRuns();
  const confirm = useConfirm();
  const { toast } = useNotifications();
  if (failed.length === 0) return null;
  const label = failed.length === 1 ? 'Retry the failed run' : `Retry these ${formatNumber(failed.length)} failed runs`;
  const retryAll = async () => {
    const confirmed = await confirm({
      title: `${label}?`,
      message:
        'Each runs again now: the steps that failed are attempted anew, the ones that succeeded are not repeated. Fix what made them fail first.',
      confirmText: 'Retry',
      cancelText: 'Not now',
    });
    if (!confirmed) return;
    retry.mutate(
      { vendorId, runIds: failed.map((run) => run.id) },
      {
        onSuccess: ({ data }) =>
          toast(`${formatNumber(data.retried)} run${data.retried === 1 ? ' was' : 's were'} retried.`, 'success'),
        onError: (error) => toast(getErrorMessage(error, 'The runs could not be retried.'), 'error'),
      },
    );
  };
  return (
    <Button variant="outlined" onClick={() => void retryAll()} loading={retry.isPending}>
      {label}
    </Button>
  );
}

/**
 * /app/automation/logs (every run) and /app/automation/view/{id}/logs (one automation's): the runs,
 * newest first, filtered by status, automation, job number and the day they were created, with the
 * query in the URL. A row opens its step log in a side panel. Past RUN_COUNT_CAP runs the pager says
 * "of 10,000+"; the next page is fetched by cursor.
 */
export function RunLog({ vendor, triggerId }: { vendor: VendorMembership; triggerId?: string }) {
  const vendorId = vendor.vendorId;
  const [state, change] = useSearchState(RUN_SEARCH_DEFAULTS);
  const [, setParams] = useSearchParams();
  const [selected, setSelected] = useState<string | null>(null);
  const cursors = usePageCursors(
    `${triggerId ?? ''}${JSON.stringify([state.SortBy, state.SortDir, state.PageSize, state.Filters])}`,
  );
  const cursor = cursors.forPage(state.PageNumber);
  const query = { ...toSearchQuery(state), ...(cursor ? { Cursor: cursor } : {}) };
  const all = useRunSearch(vendorId, query, { enabled: triggerId === undefined });
  const one = useTriggerRunSearch(vendorId, triggerId ?? '', query, { enabled: triggerId !== undefined });
  const search = triggerId === undefined ? all : one;
  const shown = search.isPlaceholderData ? undefined : search.data;
  useEffect(() => {
    if (shown) cursors.remember(shown.pageNumber + 1, shown.nextCursor);
  }, [shown, cursors]);
  useErrorToast(search.error, RUNS_LOAD_FAILED);
  const trigger = useTrigger(vendorId, triggerId ?? '', { enabled: triggerId !== undefined });
  const timeZone = useVendorTimeZone(vendorId);
  const columns = useMemo(() => runColumns(triggerId === undefined, timeZone), [triggerId, timeZone]);

  const status = filterValue(state.Filters, 'status');
  const jobNumber = filterValue(state.Filters, 'jobNumber');
  const chosenTrigger = filterValue(state.Filters, 'triggerId');
  const from = toLocalDayInput(filterValue(state.Filters, 'createdAt', 'GtEq'));
  const to = toLocalDayInput(filterValue(state.Filters, 'createdAt', 'LtEq'));
  const filtered = state.Filters.length > 0;

  /** A created-on-or-after (GtEq) or on-or-before (LtEq) day; both can apply at once. */
  const setCreated = (action: 'GtEq' | 'LtEq', day: string) => {
    const bound = action === 'GtEq' ? startOfLocalDay(day) : endOfLocalDay(day);
    setParams(
      (current) => {
        const now = readSearchState(current, RUN_SEARCH_DEFAULTS);
        const others = now.Filters.filter((filter) => !(filter.field === 'createdAt' && filter.action === action));
        const Filters = bound ? [...others, { action, field: 'createdAt', value: bound.toISOString() }] : others;
        return writeSearchState({ ...now, PageNumber: 1, Filters });
      },
      { replace: true },
    );
  };

  const name = trigger.data?.definition.name;
  const title = triggerId === undefined ? 'Logs' : name ? `Logs · ${name}` : 'Automation logs';

  return (
    <>
      <title>{`${title} · Automate`}</title>
      <PageHeader
        title={title}
        subtitle={
          triggerId === undefined
            ? 'Every run of your automations: what happened to which job, and why.'
            : 'Every run of this automation: what happened to which job, and why.'
        }
        actions={
          triggerId === undefined ? (
            <Button href={AUTOMATION_SCHEDULE_PATH}>Schedule</Button>
          ) : (
            <Button href={automationViewPath(triggerId)} variant="outlined">
              Open automation
            </Button>
          )
        }
      />
      <Paper variant="outlined">
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          useFlexGap
          sx={{ p: 2, pb: 1, flexWrap: 'wrap' }}
          role="search"
        >
          <SelectFilter
            label="Status"
            field="status"
            value={status}
            anyLabel="Any status"
            options={STATUS_OPTIONS}
            onChange={change}
          />
          {triggerId === undefined ? (
            <TriggerFilter
              vendorId={vendorId}
              value={typeof chosenTrigger === 'string' ? chosenTrigger : ''}
              onChange={(value) => change({ kind: 'filter', field: 'triggerId', action: 'Eq', value: value || null })}
            />
          ) : null}
          <TextFilter
            label="Job number"
            field="jobNumber"
            // The whole number, not a part of it: an index finds one job's runs among any number.
            action="Eq"
            value={typeof jobNumber === 'string' ? jobNumber : ''}
            onChange={change}
          />
          <TextField
            type="date"
            size="small"
            label="Created from"
            value={from}
            onChange={(event) => setCreated('GtEq', event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            size="small"
            label="Created to"
            value={to}
            onChange={(event) => setCreated('LtEq', event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          {status === 'Failed' && shown ? <RetryFailedButton vendorId={vendorId} runs={shown.rows} /> : null}
        </Stack>
        {search.isError ? (
          <LoadError error={search.error} fallback={RUNS_LOAD_FAILED} onRetry={() => search.refetch()} sx={{ mx: 2 }} />
        ) : null}
        <SearchTable
          label="Runs"
          columns={columns}
          rows={search.data?.rows}
          total={search.data?.total ?? 0}
          totalCapped={search.data?.totalCapped}
          hasNextPage={shown ? shown.nextCursor !== null : undefined}
          state={state}
          onChange={change}
          loading={search.isPending && !search.isError}
          fetching={search.isFetching}
          getRowKey={(run) => run.id}
          onRowClick={(run) => setSelected(run.id)}
          emptyText={
            filtered
              ? 'No runs match these filters.'
              : triggerId === undefined
                ? 'No runs yet. A run starts when an automation that is switched on reacts to a change in ServiceM8.'
                : 'This automation has not run yet. It runs when its event happens in ServiceM8 and its conditions hold; switch it on if it is off.'
          }
        />
      </Paper>
      <RunDrawer vendorId={vendorId} runId={selected} onClose={() => setSelected(null)} />
    </>
  );
}
