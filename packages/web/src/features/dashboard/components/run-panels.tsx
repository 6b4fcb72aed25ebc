import type { SearchQueryInput, TriggerRun } from '@automate/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo, type ReactNode, useDeferredValue, useMemo } from 'react';
import { getErrorMessage } from '@/lib/api-client.ts';
import { formatNumber } from '@/lib/format.ts';
import { useRunSearch } from '@/lib/runs/search-runs.ts';
import { useVendorClock } from '@/lib/vendor-time.ts';
import { chartQuery, FAILURES_QUERY, UPCOMING_QUERY } from '../api/dashboard-queries.ts';
import { automationPath, FAILED_LOGS_PATH, LOGS_PATH, SCHEDULE_PATH } from './dashboard-links.ts';
import { BigNumber, ListSkeleton, Panel } from './dashboard-panel.tsx';
import { bucketRunsByDay, CHART_DAYS } from './dashboard-stats.ts';
import { RunChart } from './run-chart.tsx';

/*
 * The dashboard's panels of runs. Each reads its own request, so an answer re-renders its panel only,
 * not the whole page (the page itself reads only their errors).
 */

export const DASHBOARD_LOAD_FAILED = 'Some of the dashboard could not be loaded.';

function RunRows({
  runs,
  render,
  testId,
}: {
  runs: readonly TriggerRun[];
  render: (run: TriggerRun) => ReactNode;
  testId: string;
}) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}>
      {runs.map((run) => (
        <Box component="li" key={run.id} sx={{ py: 1 }} data-testid={testId}>
          {render(run)}
        </Box>
      ))}
    </Box>
  );
}

/**
 * A request's runs for a panel. Their arrival renders as a transition, which yields to the browser
 * between components, instead of one long task (a query's own update renders synchronously).
 */
function useDeferredRuns(vendorId: string, query: SearchQueryInput) {
  const runs = useRunSearch(vendorId, query);
  return { data: useDeferredValue(runs.data), isError: runs.isError, error: runs.error };
}

/** A panel's list of runs: a skeleton while they load, the error, `empty` when there are none, or the rows. */
function RunList({
  runs,
  empty,
  testId,
  render,
}: {
  runs: ReturnType<typeof useDeferredRuns>;
  empty: string;
  testId: string;
  render: (run: TriggerRun) => ReactNode;
}) {
  if (runs.data) {
    if (runs.data.rows.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
    return <RunRows runs={runs.data.rows} testId={testId} render={render} />;
  }
  if (runs.isError) return <Alert severity="error">{getErrorMessage(runs.error, DASHBOARD_LOAD_FAILED)}</Alert>;
  return <ListSkeleton />;
}

/** The week's runs by day, counted from the chart's request (`now` fixes the week while the page is open). */
function useWeekBuckets(vendorId: string, now: Date) {
  const recent = useDeferredRuns(vendorId, chartQuery(now));
  const buckets = useMemo(() => bucketRunsByDay(recent.data?.rows ?? [], now), [recent.data, now]);
  return { recent, buckets };
}

export const RunsTodayPanel = memo(function RunsTodayPanel({ vendorId, now }: { vendorId: string; now: Date }) {
  const { recent, buckets } = useWeekBuckets(vendorId, now);
  const today = buckets.at(-1)?.total;
  const week = buckets.reduce((sum, bucket) => sum + bucket.total, 0);
  return (
    <Panel title="Runs today" testId="dashboard-today">
      <BigNumber
        value={recent.data ? today : undefined}
        testId="runs-today"
        label={recent.data ? `${formatNumber(week)} in the last ${CHART_DAYS} days` : 'runs'}
      />
      <Button href={LOGS_PATH} sx={{ mt: 2 }}>
        Open the logs
      </Button>
    </Panel>
  );
});

export const RunChartPanel = memo(function RunChartPanel({ vendorId, now }: { vendorId: string; now: Date }) {
  const { recent, buckets } = useWeekBuckets(vendorId, now);
  return (
    <Panel title={`Last ${CHART_DAYS} days`} testId="dashboard-chart">
      {recent.data ? (
        <>
          {recent.data.total === 0 ? (
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              No runs this week. Runs appear when an automation that is switched on reacts to a change in ServiceM8.
            </Typography>
          ) : null}
          <RunChart buckets={buckets} />
          {recent.data.total > recent.data.rows.length ? (
            <Typography variant="caption" color="text.secondary">
              Counting the newest {formatNumber(recent.data.rows.length)} of {formatNumber(recent.data.total)}
              {recent.data.totalCapped ? '+' : ''} runs.
            </Typography>
          ) : null}
        </>
      ) : recent.isError ? (
        <Alert severity="error">{getErrorMessage(recent.error, DASHBOARD_LOAD_FAILED)}</Alert>
      ) : (
        <Skeleton variant="rectangular" height={180} />
      )}
    </Panel>
  );
});

export const UpcomingRunsPanel = memo(function UpcomingRunsPanel({ vendorId }: { vendorId: string }) {
  const upcoming = useDeferredRuns(vendorId, UPCOMING_QUERY);
  const clock = useVendorClock();
  return (
    <Panel
      title="Coming up"
      testId="dashboard-upcoming"
      action={
        <Button href={SCHEDULE_PATH} size="small">
          Schedule
        </Button>
      }
    >
      <RunList
        runs={upcoming}
        empty="Nothing is scheduled. Runs of automations with a delay wait here until they are due."
        testId="upcoming-run"
        render={(run) => (
          <>
            <Link href={automationPath(run.triggerId)} sx={{ fontWeight: 600 }}>
              {run.triggerName}
            </Link>
            <Typography variant="body2" color="text.secondary">
              Due {clock(run.dueAt)}
              {run.jobNumber ? ` · job ${run.jobNumber}` : ''}
            </Typography>
          </>
        )}
      />
    </Panel>
  );
});

export const RecentFailuresPanel = memo(function RecentFailuresPanel({ vendorId }: { vendorId: string }) {
  const failures = useDeferredRuns(vendorId, FAILURES_QUERY);
  const clock = useVendorClock();
  return (
    <Panel
      title="Recent failures"
      testId="dashboard-failures"
      action={
        <Button href={FAILED_LOGS_PATH} size="small">
          All failures
        </Button>
      }
    >
      <RunList
        runs={failures}
        empty="No failed runs. When one fails, the reason shows here."
        testId="failed-run"
        render={(run) => (
          <>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }} useFlexGap>
              <Link href={automationPath(run.triggerId)} sx={{ fontWeight: 600 }}>
                {run.triggerName}
              </Link>
              <Typography variant="body2" color="text.secondary">
                {clock(run.finishedAt ?? run.createdAt)}
                {run.jobNumber ? ` · job ${run.jobNumber}` : ''}
              </Typography>
            </Stack>
            <Typography variant="body2" color="error.main">
              {run.reason ?? 'No reason was recorded.'}
            </Typography>
          </>
        )}
      />
    </Panel>
  );
});
