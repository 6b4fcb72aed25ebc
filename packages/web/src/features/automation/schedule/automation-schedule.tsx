import type { SearchFilter, SearchQueryInput, TriggerRun, VendorMembership } from '@automate/contract';
import CalendarViewWeekIcon from '@mui/icons-material/CalendarViewWeek';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import ViewListIcon from '@mui/icons-material/ViewList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError } from '@/components/ui/load-error.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { formatNumber } from '@/lib/format.ts';
import { useRunSearch } from '@/lib/runs/search-runs.ts';
import { useErrorToast } from '@/lib/use-error-toast.ts';
import { formatVendorTime, useVendor } from '@/lib/vendor-time.ts';
import {
  AUTOMATION_LOGS_PATH,
  AUTOMATION_SEARCH_LINK,
  AUTOMATION_TEMPLATES_PATH,
  automationViewPath,
} from '../list/automation-paths.ts';
import { eventLabel } from '../list/event-labels.ts';
import { RunDrawer } from '../runs/run-drawer.tsx';
import { RunWarnings } from '../runs/run-warnings.tsx';
import { useCancelRunAction } from '../runs/use-cancel-run-action.ts';
import {
  addDays,
  dayHeading,
  dayKey,
  groupByDay,
  parseDayKey,
  shortDay,
  startOfDay,
  startOfWeek,
  weekDays,
  weekRangeLabel,
} from './schedule-dates.ts';

const SCHEDULE_LOAD_FAILED = 'The schedule could not be loaded.';

const SCHEDULED: SearchFilter = { action: 'Eq', field: 'status', value: 'Scheduled' };
const LIST_PAGE = 100;
const MAX_PAGE = 500;

/** The upcoming runs: Scheduled, soonest first. */
function scheduledRunsQuery(pageSize: number, extra: SearchFilter[] = []): SearchQueryInput {
  return { PageNumber: 1, PageSize: pageSize, SortBy: 'dueAt', SortDir: 'Ascending', Filters: [SCHEDULED, ...extra] };
}

type RunActions = {
  open: (run: TriggerRun) => void;
  cancel: (run: TriggerRun) => void;
  isCancelling: (runId: string) => boolean;
  /** The business's time zone, in which the days and times are shown. */
  timeZone: string | undefined;
};

function JobFacts({ run }: { run: TriggerRun }) {
  if (!run.jobNumber && !run.jobUuid) return null;
  return (
    <Typography variant="body2" color="text.secondary" component="div" sx={{ wordBreak: 'break-all' }}>
      {run.jobNumber ? `Job ${run.jobNumber}` : 'Job'}
      {run.jobUuid ? (
        <Box component="code" sx={{ fontSize: 11, ml: 0.5 }} title="The job’s ServiceM8 uuid">
          {run.jobUuid}
        </Box>
      ) : null}
    </Typography>
  );
}

function RunListItem({ run, actions }: { run: TriggerRun; actions: RunActions }) {
  return (
    <Stack
      component="li"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ py: 1.5, px: 2, alignItems: { sm: 'center' } }}
      data-testid="scheduled-run"
    >
      <Typography sx={{ width: 90, flexShrink: 0, fontWeight: 600 }}>
        {formatVendorTime(run.dueAt, actions.timeZone, 'time')}
      </Typography>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Link href={automationViewPath(run.triggerId)} sx={{ fontWeight: 600 }}>
          {run.triggerName}
        </Link>
        <Typography variant="body2" color="text.secondary">
          {eventLabel(run.event)}
        </Typography>
        <JobFacts run={run} />
        <RunWarnings run={run} dense />
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
        <Button size="small" onClick={() => actions.open(run)}>
          Details
        </Button>
        <Button
          size="small"
          color="error"
          onClick={() => actions.cancel(run)}
          disabled={actions.isCancelling(run.id)}
          aria-label={`Cancel ${run.triggerName}${run.jobNumber ? ` for job ${run.jobNumber}` : ''}`}
        >
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
}

function ScheduleList({ vendorId, actions }: { vendorId: string; actions: RunActions }) {
  const [pageSize, setPageSize] = useState(LIST_PAGE);
  const search = useRunSearch(vendorId, scheduledRunsQuery(pageSize));
  useErrorToast(search.error, SCHEDULE_LOAD_FAILED);

  if (search.isError)
    return <LoadError error={search.error} fallback={SCHEDULE_LOAD_FAILED} onRetry={() => search.refetch()} />;
  if (search.isPending) return <ScheduleSkeleton />;
  const { rows, total, totalCapped } = search.data;
  if (rows.length === 0) return <NothingScheduled />;

  const groups = groupByDay(rows, (run) => run.dueAt, actions.timeZone);
  const today = dayKey(new Date(), actions.timeZone);
  return (
    <Stack spacing={2}>
      {groups.map((group) => (
        <Paper variant="outlined" key={group.key} component="section" aria-labelledby={`day-${group.key}`}>
          <Typography
            id={`day-${group.key}`}
            variant="subtitle1"
            component="h2"
            sx={{ px: 2, pt: 1.5, fontWeight: 700 }}
          >
            {dayHeading(group.key, today)}
            <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
              {group.items.length === 1 ? '1 run' : `${formatNumber(group.items.length)} runs`}
            </Typography>
          </Typography>
          <Box
            component="ul"
            sx={{ listStyle: 'none', p: 0, m: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}
          >
            {group.items.map((run) => (
              <RunListItem key={run.id} run={run} actions={actions} />
            ))}
          </Box>
        </Paper>
      ))}
      {total > rows.length ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography color="text.secondary">
            Showing the first {formatNumber(rows.length)} of {formatNumber(total)}
            {totalCapped ? '+' : ''} scheduled runs.
          </Typography>
          {pageSize < MAX_PAGE ? (
            <Button
              onClick={() => setPageSize((size) => Math.min(MAX_PAGE, size + LIST_PAGE))}
              disabled={search.isFetching}
            >
              Show more
            </Button>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}

function ScheduleWeek({
  vendorId,
  monday,
  onWeek,
  actions,
}: {
  vendorId: string;
  monday: string;
  onWeek: (monday: string | null) => void;
  actions: RunActions;
}) {
  const { timeZone } = actions;
  const next = addDays(monday, 7);
  const search = useRunSearch(
    vendorId,
    scheduledRunsQuery(MAX_PAGE, [
      { action: 'GtEq', field: 'dueAt', value: startOfDay(monday, timeZone).toISOString() },
      { action: 'Lt', field: 'dueAt', value: startOfDay(next, timeZone).toISOString() },
    ]),
  );
  useErrorToast(search.error, SCHEDULE_LOAD_FAILED);
  const byDay = new Map(
    groupByDay(search.data?.rows ?? [], (run) => run.dueAt, timeZone).map((group) => [group.key, group.items]),
  );
  const today = dayKey(new Date(), timeZone);
  const thisWeek = startOfWeek(today) === monday;

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <IconButton aria-label="Previous week" onClick={() => onWeek(addDays(monday, -7))}>
          <ChevronLeftIcon />
        </IconButton>
        <Typography variant="h6" component="h2" sx={{ minWidth: 200, textAlign: 'center' }} data-testid="week-range">
          {weekRangeLabel(monday)}
        </Typography>
        <IconButton aria-label="Next week" onClick={() => onWeek(next)}>
          <ChevronRightIcon />
        </IconButton>
        {thisWeek ? null : <Button onClick={() => onWeek(null)}>This week</Button>}
      </Stack>
      {search.isError ? (
        <LoadError error={search.error} fallback={SCHEDULE_LOAD_FAILED} onRetry={() => search.refetch()} />
      ) : null}
      <Box sx={{ height: 4 }}>{search.isFetching ? <LinearProgress aria-label="Loading" /> : null}</Box>
      <Box
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(7, minmax(0, 1fr))' }, gap: 1 }}
        data-testid="schedule-week"
      >
        {weekDays(monday).map((key) => {
          const runs = byDay.get(key) ?? [];
          const heading = shortDay(key);
          return (
            <Paper
              key={key}
              variant="outlined"
              component="section"
              aria-label={`${heading.weekday} ${heading.day}`}
              sx={{ p: 1, minHeight: { md: 240 }, borderColor: key === today ? 'primary.main' : undefined }}
            >
              <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
                {heading.weekday}{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  {heading.day}
                </Typography>
              </Typography>
              {search.isPending ? (
                <Skeleton variant="rounded" height={56} sx={{ mt: 1 }} />
              ) : (
                <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
                  {runs.map((run) => (
                    <Box
                      component="li"
                      key={run.id}
                      data-testid="week-run"
                      sx={{ p: 1, borderRadius: 1, bgcolor: 'action.hover', borderLeft: 3, borderColor: 'info.main' }}
                    >
                      <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
                        <Typography variant="caption" sx={{ fontWeight: 700 }}>
                          {formatVendorTime(run.dueAt, timeZone, 'time')}
                        </Typography>
                        <Tooltip title="Cancel this run">
                          <span>
                            <IconButton
                              size="small"
                              sx={{ p: 0.25 }}
                              aria-label={`Cancel ${run.triggerName}${run.jobNumber ? ` for job ${run.jobNumber}` : ''}`}
                              onClick={() => actions.cancel(run)}
                              disabled={actions.isCancelling(run.id)}
                            >
                              <EventBusyIcon fontSize="inherit" />
                            </IconButton>
                          </span>
                        </Tooltip>
                      </Stack>
                      <Link
                        component="button"
                        variant="body2"
                        onClick={() => actions.open(run)}
                        sx={{ display: 'block', textAlign: 'left', fontWeight: 600, wordBreak: 'break-word' }}
                      >
                        {run.triggerName}
                      </Link>
                      {run.jobNumber ? (
                        <Typography variant="caption" color="text.secondary" component="div">
                          Job {run.jobNumber}
                        </Typography>
                      ) : null}
                      {run.jobUuid ? (
                        <Typography
                          variant="caption"
                          color="text.secondary"
                          component="code"
                          sx={{ display: 'block', fontSize: 10, wordBreak: 'break-all' }}
                        >
                          {run.jobUuid}
                        </Typography>
                      ) : null}
                      <RunWarnings run={run} dense />
                    </Box>
                  ))}
                </Stack>
              )}
            </Paper>
          );
        })}
      </Box>
      {search.data && search.data.rows.length === 0 ? (
        <Typography color="text.secondary" data-testid="week-empty">
          Nothing is scheduled this week.
        </Typography>
      ) : null}
      {search.data && search.data.total > search.data.rows.length ? (
        <Typography color="text.secondary">
          Showing the first {formatNumber(search.data.rows.length)} of {formatNumber(search.data.total)} runs this week.
        </Typography>
      ) : null}
    </Stack>
  );
}

function ScheduleSkeleton() {
  return (
    <Stack spacing={2} data-testid="schedule-loading">
      {[0, 1].map((key) => (
        <Paper variant="outlined" key={key} sx={{ p: 2 }}>
          <Skeleton variant="text" width={160} />
          <Skeleton variant="text" />
          <Skeleton variant="text" />
        </Paper>
      ))}
    </Stack>
  );
}

function NothingScheduled() {
  return (
    <Paper variant="outlined" sx={{ px: 3, py: 5, textAlign: 'center' }} data-testid="schedule-empty">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Nothing is scheduled
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 560, mx: 'auto' }}>
        Runs wait here when an automation has a delay, such as a follow-up three days after a quote is sent. Add a delay
        to an automation, or start from a template that has one.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'center' }}>
        <Button href={AUTOMATION_SEARCH_LINK} variant="contained">
          Your automations
        </Button>
        <Button href={AUTOMATION_TEMPLATES_PATH} variant="outlined">
          Templates
        </Button>
      </Stack>
    </Paper>
  );
}

type View = 'list' | 'week';

/**
 * /app/automation/schedule: the runs waiting for their due time, soonest first, as a list grouped by
 * day or as a week calendar (Monday to Sunday), both by the days and times of the business's time zone. Each can be opened or cancelled. The view and the week
 * are kept in the URL (`view=week&week=2026-03-02`).
 */
export function AutomationSchedule({ vendor }: { vendor: VendorMembership }) {
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'week' ? 'week' : 'list';
  const business = useVendor(vendor.vendorId);
  // The browser's zone only when the business's cannot be read; until then the days are not known.
  const timeZone = business.data?.timeZone || undefined;
  const monday = startOfWeek(parseDayKey(params.get('week')) ?? dayKey(new Date(), timeZone));
  const [selected, setSelected] = useState<string | null>(null);
  const { cancelRun, isCancelling } = useCancelRunAction(vendor.vendorId);
  const actions: RunActions = {
    open: (run) => setSelected(run.id),
    cancel: (run) => void cancelRun(run),
    isCancelling,
    timeZone,
  };

  const setView = (next: View) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === 'week') updated.set('view', 'week');
      else {
        updated.delete('view');
        updated.delete('week');
      }
      return updated;
    });
  const setWeek = (next: string | null) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === null) updated.delete('week');
      else updated.set('week', next);
      return updated;
    });

  return (
    <>
      <title>Schedule · Automate</title>
      <PageHeader
        title="Schedule"
        subtitle="Runs waiting for their delay to end, with a warning when a message will not be sent (the client has no email address…). Cancel one to stop its actions from happening."
        actions={
          <>
            <Button href={AUTOMATION_LOGS_PATH}>Logs</Button>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={view}
              onChange={(_event, next: View | null) => {
                if (next) setView(next);
              }}
              aria-label="View"
            >
              <ToggleButton value="list" aria-label="List">
                <ViewListIcon fontSize="small" sx={{ mr: 0.5 }} /> List
              </ToggleButton>
              <ToggleButton value="week" aria-label="Week">
                <CalendarViewWeekIcon fontSize="small" sx={{ mr: 0.5 }} /> Week
              </ToggleButton>
            </ToggleButtonGroup>
          </>
        }
      />
      {business.isPending ? (
        <ScheduleSkeleton />
      ) : view === 'list' ? (
        <ScheduleList vendorId={vendor.vendorId} actions={actions} />
      ) : (
        <ScheduleWeek vendorId={vendor.vendorId} monday={monday} onWeek={setWeek} actions={actions} />
      )}
      <RunDrawer vendorId={vendor.vendorId} runId={selected} onClose={() => setSelected(null)} />
    </>
  );
}
