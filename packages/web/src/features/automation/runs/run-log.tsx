import { ACTIVITY_KEPT_DAYS, RUN_STATUSES, type TriggerRun, type VendorMembership } from '@automate/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { linkColumn } from '@/components/ui/search-table.tsx';
import { SelectFilter } from '@/components/ui/select-filter.tsx';
import { TextFilter } from '@/components/ui/text-filter.tsx';
import { getErrorMessage } from '@/lib/api-client.ts';
import { formatNumber } from '@/lib/format.ts';
import { useNotifications } from '@/lib/notifications.ts';
import { useRunSearch } from '@/lib/runs/search-runs.ts';
import { filterValue, type SearchDefaults } from '@/lib/search-params.ts';
import { useSearchState } from '@/lib/use-search-state.ts';
import { useVendorTimeZone } from '@/lib/vendor-time.ts';
import { ActivityTimeline } from '../activity/activity-timeline.tsx';
import { useTrigger } from '../api/get-trigger.ts';
import { useRetryRuns } from '../api/retry-runs.ts';
import { RUN_SORT_FIELDS } from '../api/search-runs.ts';
import { useTriggerRunSearch } from '../api/search-trigger-runs.ts';
import { useTriggerSearch } from '../api/search-triggers.ts';
import { AUTOMATION_ACTIVITY_PATH, AUTOMATION_SCHEDULE_PATH, automationViewPath } from '../list/automation-paths.ts';
import { CreatedRangeFilter } from './created-range-filter.tsx';
import { runCard, runColumns } from './run-columns.tsx';
import { RunDrawer } from './run-drawer.tsx';
import { RunTable } from './run-table.tsx';
import { useCursorQuery, useShownPage } from './use-page-cursors.ts';

export const STATUS_OPTIONS = RUN_STATUSES.map((value) => ({ value, label: value }));

const AUTOMATION_COLUMN = linkColumn<TriggerRun>(
  'triggerName',
  'Automation',
  (run) => automationViewPath(run.triggerId),
  (run) => run.triggerName,
);

const RUN_SEARCH_DEFAULTS: SearchDefaults = {
  PageSize: 25,
  SortBy: 'createdAt',
  SortDir: 'Descending',
  sortable: RUN_SORT_FIELDS,
};

/** The trigger picker lists up to this many automations, by name. */
const TRIGGER_OPTIONS_QUERY = { PageNumber: 1, PageSize: 500, SortBy: 'name', SortDir: 'Ascending' } as const;

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
  const [selected, setSelected] = useState<string | null>(null);
  const paging = useCursorQuery(state, triggerId);
  const { query } = paging;
  const all = useRunSearch(vendorId, query, { enabled: triggerId === undefined });
  const one = useTriggerRunSearch(vendorId, triggerId ?? '', query, { enabled: triggerId !== undefined });
  const search = triggerId === undefined ? all : one;
  const shown = useShownPage(search, paging);
  const trigger = useTrigger(vendorId, triggerId ?? '', { enabled: triggerId !== undefined });
  const timeZone = useVendorTimeZone(vendorId);
  const columns = useMemo(
    () =>
      runColumns<TriggerRun>({
        leading: triggerId === undefined ? [AUTOMATION_COLUMN] : [],
        timeZone,
        sortable: RUN_SORT_FIELDS,
      }),
    [triggerId, timeZone],
  );
  const card = useMemo(
    () => runCard<TriggerRun>({ title: (run) => AUTOMATION_COLUMN.render(run), timeZone }),
    [timeZone],
  );

  const status = filterValue(state.Filters, 'status');
  const jobNumber = filterValue(state.Filters, 'jobNumber');
  const chosenTrigger = filterValue(state.Filters, 'triggerId');
  const filtered = state.Filters.length > 0;

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
            <>
              <Button href={AUTOMATION_ACTIVITY_PATH}>Activity</Button>
              <Button href={AUTOMATION_SCHEDULE_PATH}>Schedule</Button>
            </>
          ) : (
            <Button href={automationViewPath(triggerId)} variant="outlined">
              Open automation
            </Button>
          )
        }
      />
      <RunTable
        filters={
          <>
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
            <CreatedRangeFilter state={state} defaults={RUN_SEARCH_DEFAULTS} />
            {status === 'Failed' && shown ? <RetryFailedButton vendorId={vendorId} runs={shown.rows} /> : null}
          </>
        }
        search={search}
        shown={shown}
        columns={columns}
        card={card}
        state={state}
        onChange={change}
        onRowClick={(run) => setSelected(run.id)}
        emptyText={
          filtered
            ? 'No runs match these filters.'
            : triggerId === undefined
              ? 'No runs yet. A run starts when an automation that is switched on reacts to a change in ServiceM8.'
              : 'This automation has not run yet. It runs when its event happens in ServiceM8 and its conditions hold; switch it on if it is off.'
        }
      />
      {typeof jobNumber === 'string' && jobNumber !== '' ? (
        <Box component="section" aria-labelledby="job-timeline" sx={{ mt: 4 }}>
          <Typography id="job-timeline" variant="h6" component="h2" sx={{ mb: 1.5 }}>
            What happened to job {jobNumber}
          </Typography>
          <ActivityTimeline
            vendorId={vendorId}
            filters={{ job: jobNumber }}
            emptyText={`No change to job ${jobNumber} in the last ${ACTIVITY_KEPT_DAYS} days.`}
          />
        </Box>
      ) : null}
      <RunDrawer vendorId={vendorId} runId={selected} onClose={() => setSelected(null)} />
    </>
  );
}
