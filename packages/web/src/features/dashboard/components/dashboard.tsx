import type {
  CurrentSubscription,
  SearchFilter,
  SearchQueryInput,
  TriggerAttention,
  TriggerRun,
  VendorMembership,
} from '@automate/contract';
import BoltIcon from '@mui/icons-material/Bolt';
import CableIcon from '@mui/icons-material/Cable';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import SyncIcon from '@mui/icons-material/Sync';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useMemo } from 'react';
import { UsageBars } from '@/components/ui/usage-bars.tsx';
import { getErrorMessage } from '@/lib/api-client.ts';
import { useSubscription } from '@/lib/billing/subscription.ts';
import { formatDate, formatDateTime, formatNumber } from '@/lib/format.ts';
import { SERVICEM8_SIGN_IN_URL } from '@/lib/links.ts';
import { useNotifications } from '@/lib/notifications.ts';
import { useErrorToast } from '@/lib/use-error-toast.ts';
import { useTriggerCount } from '../api/count-triggers.ts';
import { useDashboardRuns } from '../api/search-runs.ts';
import { useSyncServiceM8 } from '../api/sync-servicem8.ts';
import { useTriggersNeedingAttention } from '../api/triggers-needing-attention.ts';
import {
  automationPath,
  FAILED_LOGS_PATH,
  LOGS_PATH,
  SCHEDULE_PATH,
  SUBSCRIPTION_PATH,
  TEMPLATES_PATH,
} from './dashboard-links.ts';
import { bucketRunsByDay, CHART_DAYS, chartStart } from './dashboard-stats.ts';
import { FirstRunChecklist } from './first-run-checklist.tsx';
import { NoPlanNotice } from './no-plan-notice.tsx';
import { RunChart } from './run-chart.tsx';
import { SuspendedNotice } from './suspended-notice.tsx';

type PlanUsageMeters = NonNullable<CurrentSubscription['usage']>;

const DASHBOARD_LOAD_FAILED = 'Some of the dashboard could not be loaded.';
const SYNC_FAILED = 'ServiceM8 could not be synced.';

const NO_FILTERS: readonly SearchFilter[] = [];
const ACTIVE: readonly SearchFilter[] = [{ action: 'Eq', field: 'enabled', value: true }];
/** The runs search allows up to 500 a page: enough for a week's chart of most vendors. */
const CHART_PAGE = 500;

const UPCOMING_QUERY: SearchQueryInput = {
  PageNumber: 1,
  PageSize: 5,
  SortBy: 'dueAt',
  SortDir: 'Ascending',
  Filters: [{ action: 'Eq', field: 'status', value: 'Scheduled' }],
};
const FAILURES_QUERY: SearchQueryInput = {
  PageNumber: 1,
  PageSize: 5,
  SortBy: 'finishedAt',
  SortDir: 'Descending',
  Filters: [{ action: 'Eq', field: 'status', value: 'Failed' }],
};

/** Runs created since local midnight `CHART_DAYS - 1` days ago, newest first (so today is complete). */
function chartQuery(now: Date): SearchQueryInput {
  return {
    PageNumber: 1,
    PageSize: CHART_PAGE,
    SortBy: 'createdAt',
    SortDir: 'Descending',
    Filters: [{ action: 'GtEq', field: 'createdAt', value: chartStart(now).toISOString() }],
  };
}

function Panel({
  title,
  action,
  children,
  testId,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }} component="section" aria-label={title} data-testid={testId}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

function BigNumber({ value, label, testId }: { value: number | undefined; label: string; testId: string }) {
  return (
    <Box>
      {value === undefined ? (
        <Skeleton variant="text" width={60} sx={{ fontSize: '2.5rem' }} />
      ) : (
        <Typography variant="h3" component="p" sx={{ fontWeight: 700 }} data-testid={testId}>
          {formatNumber(value)}
        </Typography>
      )}
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}

function ListSkeleton() {
  return (
    <Stack spacing={1}>
      <Skeleton variant="text" />
      <Skeleton variant="text" />
      <Skeleton variant="text" width="70%" />
    </Stack>
  );
}

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

function ServiceM8Panel({ vendor }: { vendor: VendorMembership }) {
  const sync = useSyncServiceM8();
  const { toast } = useNotifications();
  const resync = () =>
    sync.mutate(vendor.vendorId, {
      onSuccess: ({ message }) => toast(message ?? 'ServiceM8 data is up to date.', 'success'),
      onError: (error) => toast(getErrorMessage(error, SYNC_FAILED), 'error'),
    });
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2" data-testid="dashboard-vendor-name">
            {vendor.name}
          </Typography>
          <Chip size="small" label={vendor.role} />
        </Stack>
        {vendor.sm8Connected ? (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'ternary.main' }}>
              <CheckCircleIcon fontSize="small" />
              <Typography data-testid="sm8-connected">ServiceM8 is connected.</Typography>
            </Stack>
            {vendor.role === 'Admin' ? (
              <>
                <Typography variant="body2" color="text.secondary">
                  Added a badge, queue or form in ServiceM8? Re-sync so your automations can use it.
                </Typography>
                <Button variant="outlined" startIcon={<SyncIcon />} onClick={resync} loading={sync.isPending}>
                  Re-sync
                </Button>
              </>
            ) : null}
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Typography color="text.secondary">
              Connect your ServiceM8 account so automations can react to your jobs.
            </Typography>
            {vendor.role === 'Admin' ? (
              <Button component="a" href={SERVICEM8_SIGN_IN_URL} variant="contained" startIcon={<CableIcon />}>
                Connect ServiceM8
              </Button>
            ) : (
              <Typography variant="body2" color="text.secondary">
                An Admin of {vendor.name} can connect it.
              </Typography>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

/** Saved triggers that fail on every run until changed (they break a rule of their event). */
function NeedsAttention({
  triggers,
  automationPathOf,
}: {
  triggers: readonly TriggerAttention[];
  automationPathOf: (id: string) => string;
}) {
  return (
    <Alert
      severity="warning"
      component="section"
      role="region"
      aria-label="Automations that need attention"
      data-testid="needs-attention"
    >
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {triggers.length === 1 ? '1 automation needs' : `${formatNumber(triggers.length)} automations need`} your
        attention
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        These cannot do what they say when they run. Open each one, fix what is listed and save it.
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {triggers.map((trigger) => (
          <li key={trigger.id}>
            <Link href={automationPathOf(trigger.id)} sx={{ fontWeight: 600 }}>
              {trigger.name}
            </Link>
            {trigger.enabled ? '' : ' (switched off)'}
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {trigger.problems.map((problem) => (
                <li key={problem}>
                  <Typography variant="body2">{problem}</Typography>
                </li>
              ))}
            </Box>
          </li>
        ))}
      </Box>
    </Alert>
  );
}

/** While a payment has failed (past due): automations run until the grace ends, so the Admins see it first thing. */
function PastDueNotice({ graceEndsAt }: { graceEndsAt: string | null }) {
  return (
    <Alert
      severity="warning"
      data-testid="payment-failed"
      action={
        <Button href={SUBSCRIPTION_PATH} color="inherit" size="small">
          Subscription
        </Button>
      }
    >
      <AlertTitle>The last payment failed</AlertTitle>
      Automations keep running{graceEndsAt ? ` until ${formatDate(graceEndsAt)}` : ''}; pay the open invoice to keep
      them going.
    </Alert>
  );
}

/** The plan's usage this period, for Admins; the Account overview has the rest of the subscription. */
function PlanUsage({
  planName,
  automationsRun,
  usage,
}: {
  planName: string | null;
  automationsRun: boolean;
  usage: PlanUsageMeters;
}) {
  return (
    <Panel
      title="Plan usage"
      testId="dashboard-plan-usage"
      action={
        <Button href={SUBSCRIPTION_PATH} size="small">
          Subscription
        </Button>
      }
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {planName ? `${planName} plan, this period` : 'This period'}
      </Typography>
      {automationsRun ? null : (
        <Alert severity="error" sx={{ mb: 2 }}>
          Automations are paused: the subscription is not active.
        </Alert>
      )}
      <UsageBars usage={usage} />
    </Panel>
  );
}

/**
 * The vendor's dashboard: ServiceM8's state, how many automations are on, the runs of the last week by
 * status, what is coming up, what failed lately, the plan's usage (Admins, once there is a plan), and
 * the first steps until a new vendor has done them.
 */
export function Dashboard({ vendor, automationsPath }: { vendor: VendorMembership; automationsPath: string }) {
  const vendorId = vendor.vendorId;
  // One "now" per visit, so the chart's query (and its cache entry) stays the same while the page is open.
  const now = useMemo(() => new Date(), []);
  const total = useTriggerCount(vendorId, NO_FILTERS);
  const active = useTriggerCount(vendorId, ACTIVE);
  const recent = useDashboardRuns(vendorId, chartQuery(now));
  const upcoming = useDashboardRuns(vendorId, UPCOMING_QUERY);
  const failures = useDashboardRuns(vendorId, FAILURES_QUERY);
  const attention = useTriggersNeedingAttention(vendorId);
  // Billing is the Admins': the server refuses it to a User, so a User's dashboard never asks.
  const subscription = useSubscription(vendorId, { enabled: vendor.role === 'Admin' });
  useErrorToast(
    total.error ??
      active.error ??
      recent.error ??
      upcoming.error ??
      failures.error ??
      attention.error ??
      subscription.error,
    DASHBOARD_LOAD_FAILED,
  );
  // Without a plan there is nothing to measure (the no-plan notice says that automations wait for one).
  const showsUsage = Boolean(subscription.data?.usage);

  const buckets = useMemo(() => bucketRunsByDay(recent.data?.rows ?? [], now), [recent.data, now]);
  const today = buckets.at(-1)?.total;
  const week = buckets.reduce((sum, bucket) => sum + bucket.total, 0);

  // The checklist and the attention list go above the panels, and only the counts say whether they show:
  // until those are in, a placeholder stands for the page, so the panels appear once, where they stay
  // (instead of being pushed down a phone's screen as the lists arrive).
  if (total.isPending || active.isPending || attention.isPending) {
    return <Skeleton variant="rounded" height={320} role="status" aria-label="Loading the dashboard" />;
  }

  return (
    <Stack spacing={3}>
      <SuspendedNotice vendorId={vendorId} />
      {subscription.isPending && vendor.role === 'Admin' ? null : (
        <NoPlanNotice vendor={vendor} subscription={subscription.data} />
      )}
      {subscription.data?.status === 'past_due' ? <PastDueNotice graceEndsAt={subscription.data.graceEndsAt} /> : null}
      {total.data !== undefined && active.data !== undefined ? (
        <FirstRunChecklist
          vendor={vendor}
          automationsPath={automationsPath}
          state={{ connected: vendor.sm8Connected, hasAutomation: total.data > 0, hasActive: active.data > 0 }}
        />
      ) : null}
      {attention.data && attention.data.length > 0 ? (
        <NeedsAttention triggers={attention.data} automationPathOf={automationPath} />
      ) : null}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6, xl: 4 }}>
          <ServiceM8Panel vendor={vendor} />
        </Grid>
        <Grid size={{ xs: 12, md: 6, xl: 4 }}>
          <Panel title="Automations" testId="dashboard-automations">
            <BigNumber
              value={active.data}
              testId="active-count"
              label={
                total.data === undefined
                  ? 'switched on'
                  : `switched on, of ${formatNumber(total.data)} automation${total.data === 1 ? '' : 's'}`
              }
            />
            <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
              <Button href={automationsPath} variant="outlined" startIcon={<BoltIcon />}>
                Automations
              </Button>
              <Button href={TEMPLATES_PATH} startIcon={<LibraryBooksIcon />}>
                Templates
              </Button>
            </Stack>
          </Panel>
        </Grid>
        <Grid size={{ xs: 12, md: 6, xl: 4 }}>
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
        </Grid>
        <Grid size={{ xs: 12, md: 6, xl: 8 }}>
          <Panel title={`Last ${CHART_DAYS} days`} testId="dashboard-chart">
            {recent.data ? (
              <>
                {recent.data.total === 0 ? (
                  <Typography color="text.secondary" sx={{ mb: 1 }}>
                    No runs this week. Runs appear when an automation that is switched on reacts to a change in
                    ServiceM8.
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
        </Grid>
        <Grid size={{ xs: 12, md: 6, xl: 4 }}>
          <Panel
            title="Coming up"
            testId="dashboard-upcoming"
            action={
              <Button href={SCHEDULE_PATH} size="small">
                Schedule
              </Button>
            }
          >
            {upcoming.data ? (
              upcoming.data.rows.length === 0 ? (
                <Typography color="text.secondary">
                  Nothing is scheduled. Runs of automations with a delay wait here until they are due.
                </Typography>
              ) : (
                <RunRows
                  runs={upcoming.data.rows}
                  testId="upcoming-run"
                  render={(run) => (
                    <>
                      <Link href={automationPath(run.triggerId)} sx={{ fontWeight: 600 }}>
                        {run.triggerName}
                      </Link>
                      <Typography variant="body2" color="text.secondary">
                        Due {formatDateTime(run.dueAt)}
                        {run.jobNumber ? ` · job ${run.jobNumber}` : ''}
                      </Typography>
                    </>
                  )}
                />
              )
            ) : upcoming.isError ? (
              <Alert severity="error">{getErrorMessage(upcoming.error, DASHBOARD_LOAD_FAILED)}</Alert>
            ) : (
              <ListSkeleton />
            )}
          </Panel>
        </Grid>
        {subscription.data?.usage ? (
          <Grid size={{ xs: 12, md: 6, xl: 4 }}>
            <PlanUsage
              planName={subscription.data.plan?.name ?? null}
              automationsRun={subscription.data.automationsRun}
              usage={subscription.data.usage}
            />
          </Grid>
        ) : null}
        <Grid size={showsUsage ? { xs: 12, md: 6, xl: 8 } : { xs: 12 }}>
          <Panel
            title="Recent failures"
            testId="dashboard-failures"
            action={
              <Button href={FAILED_LOGS_PATH} size="small">
                All failures
              </Button>
            }
          >
            {failures.data ? (
              failures.data.rows.length === 0 ? (
                <Typography color="text.secondary">No failed runs. When one fails, the reason shows here.</Typography>
              ) : (
                <RunRows
                  runs={failures.data.rows}
                  testId="failed-run"
                  render={(run) => (
                    <>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }} useFlexGap>
                        <Link href={automationPath(run.triggerId)} sx={{ fontWeight: 600 }}>
                          {run.triggerName}
                        </Link>
                        <Typography variant="body2" color="text.secondary">
                          {formatDateTime(run.finishedAt ?? run.createdAt)}
                          {run.jobNumber ? ` · job ${run.jobNumber}` : ''}
                        </Typography>
                      </Stack>
                      <Typography variant="body2" color="error.main">
                        {run.reason ?? 'No reason was recorded.'}
                      </Typography>
                    </>
                  )}
                />
              )
            ) : failures.isError ? (
              <Alert severity="error">{getErrorMessage(failures.error, DASHBOARD_LOAD_FAILED)}</Alert>
            ) : (
              <ListSkeleton />
            )}
          </Panel>
        </Grid>
      </Grid>
    </Stack>
  );
}
