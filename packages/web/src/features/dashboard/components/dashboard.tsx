import type { CurrentSubscription, TriggerAttention, VendorMembership } from '@automate/contract';
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
import { memo, type ReactNode, useDeferredValue, useMemo } from 'react';
import { UsageBars } from '@/components/ui/usage-bars.tsx';
import { getErrorMessage } from '@/lib/api-client.ts';
import { useSubscription } from '@/lib/billing/subscription.ts';
import { formatDate, formatNumber } from '@/lib/format.ts';
import { SERVICEM8_SIGN_IN_URL } from '@/lib/links.ts';
import { useNotifications } from '@/lib/notifications.ts';
import { useRunSearch } from '@/lib/runs/search-runs.ts';
import { useErrorToast } from '@/lib/use-error-toast.ts';
import { useTriggerCount } from '../api/count-triggers.ts';
import {
  ACTIVE_TRIGGERS,
  ALL_TRIGGERS,
  chartQuery,
  FAILURES_QUERY,
  readsSubscription,
  UPCOMING_QUERY,
} from '../api/dashboard-queries.ts';
import { useSyncServiceM8 } from '../api/sync-servicem8.ts';
import { useTriggersNeedingAttention } from '../api/triggers-needing-attention.ts';
import { automationPath, SUBSCRIPTION_PATH, TEMPLATES_PATH } from './dashboard-links.ts';
import { BigNumber, Panel } from './dashboard-panel.tsx';
import { FirstRunChecklist } from './first-run-checklist.tsx';
import { NoPlanNotice } from './no-plan-notice.tsx';
import {
  DASHBOARD_LOAD_FAILED,
  RecentFailuresPanel,
  RunChartPanel,
  RunsTodayPanel,
  UpcomingRunsPanel,
} from './run-panels.tsx';
import { SuspendedNotice } from './suspended-notice.tsx';
import { WeekSummary } from './week-summary.tsx';

type PlanUsageMeters = NonNullable<CurrentSubscription['usage']>;

const SYNC_FAILED = 'ServiceM8 could not be synced.';

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
 * Renders its children just after the rest of the page has been committed, as a transition: the
 * panels (below the fold on a phone) then wait for the checklist and notices above them, instead of
 * making the first full render one long task. They are appended below, so nothing moves.
 */
function AfterFirstPaint({ children }: { children: ReactNode }) {
  return useDeferredValue(true, false) ? children : null;
}

/**
 * The vendor's dashboard: ServiceM8's state, how many automations are on, the runs of the last week by
 * status, what is coming up, what failed lately, the plan's usage (Admins, once there is a plan), and
 * the first steps until a new vendor has done them. Drawn again only when its vendor or link changes: the
 * session's refresh at start-up keeps the same vendor, and redrawing the whole page then was a long task.
 */
export const Dashboard = memo(function Dashboard({
  vendor,
  automationsPath,
}: {
  vendor: VendorMembership;
  automationsPath: string;
}) {
  const vendorId = vendor.vendorId;
  // One "now" per visit, so the chart's query (and its cache entry) stays the same while the page is open.
  const now = useMemo(() => new Date(), []);
  const total = useTriggerCount(vendorId, ALL_TRIGGERS);
  const active = useTriggerCount(vendorId, ACTIVE_TRIGGERS);
  // Only the errors of the runs' requests, for the one toast: their panels read their data (and re-render alone).
  const recentError = useRunSearch(vendorId, chartQuery(now)).error;
  const upcomingError = useRunSearch(vendorId, UPCOMING_QUERY).error;
  const failuresError = useRunSearch(vendorId, FAILURES_QUERY).error;
  const attention = useTriggersNeedingAttention(vendorId);
  const subscription = useSubscription(vendorId, { enabled: readsSubscription(vendor) });
  useErrorToast(
    total.error ??
      active.error ??
      recentError ??
      upcomingError ??
      failuresError ??
      attention.error ??
      subscription.error,
    DASHBOARD_LOAD_FAILED,
  );
  // Without a plan there is nothing to measure (the no-plan notice says that automations wait for one).
  const showsUsage = Boolean(subscription.data?.usage);

  // The checklist and the attention list go above the panels, and only the counts say whether they show:
  // until those are in, a placeholder stands for the page, so the panels appear once, where they stay
  // (instead of being pushed down a phone's screen as the lists arrive).
  // The page's first full render is its heaviest: as a transition (a deferred value), it yields to the browser.
  const loaded = useDeferredValue(!(total.isPending || active.isPending || attention.isPending));
  if (!loaded) {
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
      <AfterFirstPaint>
        <WeekSummary vendorId={vendorId} />
        <Grid container spacing={3} sx={{ mt: 2 }}>
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
            <RunsTodayPanel vendorId={vendorId} now={now} />
          </Grid>
          <Grid size={{ xs: 12, md: 6, xl: 8 }}>
            <RunChartPanel vendorId={vendorId} now={now} />
          </Grid>
          <Grid size={{ xs: 12, md: 6, xl: 4 }}>
            <UpcomingRunsPanel vendorId={vendorId} />
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
            <RecentFailuresPanel vendorId={vendorId} />
          </Grid>
        </Grid>
      </AfterFirstPaint>
    </Stack>
  );
});
