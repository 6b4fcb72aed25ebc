import { type AdminMetrics, type AdminMetricsQuery, RUN_STATUSES } from '@automate/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { LineChart } from '@mui/x-charts/LineChart';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError } from '@/components/ui/load-error.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { ScrollTable } from '@/components/ui/scroll-table.tsx';
import { formatCents, formatNumber } from '@/lib/format.ts';
import { readerClock } from '@/lib/vendor-time.ts';
import { lastDays, readRange, runsListPath, useAdminMetrics } from './metrics-query.ts';

const LOAD_FAILED = 'The metrics could not be loaded.';
const percent = (rate: number | null) =>
  rate === null ? '—' : formatNumber(rate, { style: 'percent', maximumFractionDigits: 1 });
const signedCents = (cents: number) => (cents > 0 ? `+${formatCents(cents)}` : formatCents(cents));
const vendorsPath = (filters: object[]) =>
  `/admin/vendors/search?Filters=${encodeURIComponent(JSON.stringify(filters))}`;

/** A figure with its label, linking to the list behind it. */
function Kpi({ label, value, href, hint }: { label: string; value: string; href?: string; hint?: string }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }} component="section" aria-label={label}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
          {href ? (
            <Link href={href} underline="hover" color="inherit">
              {value}
            </Link>
          ) : (
            value
          )}
        </Typography>
        {hint ? (
          <Typography variant="caption" color="text.secondary">
            {hint}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }} component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The range picker: from, to, a few presets and day or week, all kept in the URL. */
function RangePicker({ range }: { range: AdminMetricsQuery }) {
  const [, setParams] = useSearchParams();
  const set = (next: Partial<AdminMetricsQuery>) =>
    setParams((current) => {
      const merged = { ...range, ...next };
      const params = new URLSearchParams(current);
      params.set('from', merged.from);
      params.set('to', merged.to);
      params.set('granularity', merged.granularity);
      return params;
    });
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ alignItems: { md: 'center' } }}>
      <TextField
        type="date"
        size="small"
        label="From"
        value={range.from}
        onChange={(event) => event.target.value && set({ from: event.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: range.to } }}
      />
      <TextField
        type="date"
        size="small"
        label="To"
        value={range.to}
        onChange={(event) => event.target.value && set({ to: event.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: range.from } }}
      />
      <Stack direction="row" spacing={1}>
        {[7, 30, 90].map((days) => (
          <Button key={days} size="small" onClick={() => set(lastDays(days))}>
            Last {days} days
          </Button>
        ))}
      </Stack>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={range.granularity}
        onChange={(_event, value: AdminMetricsQuery['granularity'] | null) => value && set({ granularity: value })}
        aria-label="Count per"
      >
        <ToggleButton value="day">Per day</ToggleButton>
        <ToggleButton value="week">Per week</ToggleButton>
      </ToggleButtonGroup>
    </Stack>
  );
}

function Charts({ metrics }: { metrics: AdminMetrics }) {
  const theme = useTheme();
  const colours: Record<(typeof RUN_STATUSES)[number], string> = {
    Succeeded: theme.palette.success.main,
    Failed: theme.palette.error.main,
    Skipped: theme.palette.warning.main,
    Cancelled: theme.palette.grey[500],
    Running: theme.palette.primary.main,
    Scheduled: theme.palette.info.main,
  };
  const starts = metrics.runs.buckets.map((bucket) => bucket.start);
  const period = metrics.granularity === 'week' ? 'Week starting' : 'Day';
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, lg: 8 }}>
        <ChartCard title="Runs by status">
          <BarChart
            height={280}
            xAxis={[{ scaleType: 'band', data: starts, label: period }]}
            yAxis={[{ label: 'Runs' }]}
            series={RUN_STATUSES.map((status) => ({
              label: status,
              data: metrics.runs.buckets.map((bucket) => bucket[status]),
              stack: 'runs',
              color: colours[status],
            }))}
          />
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        <ChartCard title="Failure rate over time">
          <LineChart
            height={280}
            xAxis={[{ scaleType: 'point', data: starts, label: period }]}
            yAxis={[{ min: 0, max: 1, valueFormatter: (value: number) => percent(value), label: 'Runs that failed' }]}
            series={[
              {
                label: 'Failed',
                data: metrics.runs.buckets.map((bucket) => bucket.failureRate),
                color: theme.palette.error.main,
                connectNulls: true,
                valueFormatter: (value: number | null) => percent(value),
              },
            ]}
          />
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <ChartCard title="ServiceM8 requests today">
          {metrics.servicem8.length === 0 ? (
            <Typography color="text.secondary">No vendor is connected to ServiceM8.</Typography>
          ) : (
            <>
              <ServiceM8Usage rows={metrics.servicem8} />
              <ThrottledTime rows={metrics.servicem8} />
            </>
          )}
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <ChartCard title="Webhook deliveries">
          <BarChart
            height={220}
            xAxis={[{ scaleType: 'band', data: metrics.webhookDeliveries.map((row) => row.start), label: period }]}
            yAxis={[{ label: 'Deliveries' }]}
            series={[{ label: 'Deliveries', data: metrics.webhookDeliveries.map((row) => row.count) }]}
          />
        </ChartCard>
      </Grid>
    </Grid>
  );
}

/**
 * Each vendor's ServiceM8 requests in the last 24 hours, one bar per vendor named in full, against
 * ServiceM8's per-day limit drawn as a labelled line (with room past it, so a vendor over it shows).
 */
function ServiceM8Usage({ rows }: { rows: AdminMetrics['servicem8'] }) {
  const limit = Math.max(...rows.map((row) => row.perDayLimit));
  const most = Math.max(...rows.map((row) => row.callsToday));
  return (
    <BarChart
      height={Math.max(180, 40 * rows.length + 80)}
      layout="horizontal"
      yAxis={[{ scaleType: 'band', data: rows.map((row) => row.vendorName), label: 'Business', width: 'auto' }]}
      xAxis={[
        {
          min: 0,
          max: Math.max(limit, most) * 1.15,
          label: 'Requests in the last 24 hours',
          valueFormatter: (value: number) => formatNumber(value),
        },
      ]}
      series={[
        {
          label: 'Requests in the last 24 hours',
          data: rows.map((row) => row.callsToday),
          valueFormatter: (value: number | null) => (value === null ? '' : formatNumber(value)),
        },
      ]}
    >
      <ChartsReferenceLine
        x={limit}
        label={`Limit: ${formatNumber(limit)} a day`}
        labelAlign="start"
        lineStyle={{ strokeDasharray: '6 4' }}
      />
    </BarChart>
  );
}

/** How long each vendor's ServiceM8 calls waited for its limits in the last 24 hours, longest first. */
function ThrottledTime({ rows }: { rows: AdminMetrics['servicem8'] }) {
  const waited = rows.filter((row) => row.throttledMsToday > 0).sort((a, b) => b.throttledMsToday - a.throttledMsToday);
  const seconds = (ms: number) => formatNumber(ms / 1000, { maximumFractionDigits: 1 });
  return (
    <Typography variant="body2" color="text.secondary" data-testid="throttled-time">
      {waited.length === 0
        ? 'No call waited for the limits in the last 24 hours.'
        : `Waited for the limits in the last 24 hours: ${waited
            .map((row) => `${row.vendorName} ${seconds(row.throttledMsToday)} s`)
            .join(', ')}.`}
    </Typography>
  );
}

function FailingTriggers({ metrics, range }: { metrics: AdminMetrics; range: AdminMetricsQuery }) {
  return (
    <Paper variant="outlined" component="section" aria-label="Triggers failing most">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, p: 2, pb: 0 }}>
        Triggers failing most
      </Typography>
      {metrics.topFailingTriggers.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          No run failed in this range.
        </Typography>
      ) : (
        <ScrollTable
          label="Triggers failing most"
          size="small"
          head={[
            { label: 'Automation' },
            { label: 'Vendor' },
            { label: 'Failures', align: 'right' },
            { label: 'Most common reason' },
          ]}
        >
          {metrics.topFailingTriggers.map((row) => (
            <TableRow key={row.triggerId}>
              <TableCell>
                <Link
                  href={runsListPath(
                    range,
                    ['status', 'Failed'],
                    ['vendorId', row.vendorId],
                    ['triggerId', row.triggerId],
                  )}
                >
                  {row.triggerName || 'A deleted automation'}
                </Link>
              </TableCell>
              <TableCell>
                <Link href={`/admin/vendors/${encodeURIComponent(row.vendorId)}`}>{row.vendorName}</Link>
              </TableCell>
              <TableCell align="right">{formatNumber(row.failures)}</TableCell>
              <TableCell>{row.commonReason ?? '—'}</TableCell>
            </TableRow>
          ))}
        </ScrollTable>
      )}
    </Paper>
  );
}

/**
 * /admin/dashboard: how the platform is doing over a range of days kept in the URL: figures that link
 * to the lists behind them, MRR and churn, runs by status, the failure rate, ServiceM8 use, deliveries, the triggers
 * failing most, and the queue and mail backlogs.
 */
export function AdminDashboard() {
  const [params] = useSearchParams();
  const range = readRange(params);
  const metrics = useAdminMetrics(range);
  const data = metrics.data;
  const total = data ? RUN_STATUSES.reduce((sum, status) => sum + data.runs.totals[status], 0) : 0;
  const waitingJobs = data ? data.queue.reduce((sum, row) => sum + row.ready, 0) : 0;
  const oldestJob = data?.queue
    .map((row) => row.oldestReadyAt)
    .filter((at): at is string => at !== null)
    .sort()[0];
  return (
    <>
      <title>Dashboard · Super admin · Automate</title>
      <PageHeader
        title="Super admin"
        subtitle="How the platform, its vendors and their automations are doing. Days are UTC."
      />
      <Stack spacing={3}>
        <RangePicker range={range} />
        {metrics.isError ? (
          <LoadError error={metrics.error} fallback={LOAD_FAILED} onRetry={() => metrics.refetch()} />
        ) : null}
        {data ? (
          <>
            <Grid container spacing={2}>
              <Grid size={{ xs: 6, md: 3 }}>
                <Kpi
                  label="Vendors"
                  value={formatNumber(data.vendors.total)}
                  href={vendorsPath([])}
                  hint={`${formatNumber(data.vendors.newInRange)} new in this range`}
                />
              </Grid>
              <Grid size={{ xs: 6, md: 3 }}>
                <Kpi
                  label="Connected to ServiceM8"
                  value={formatNumber(data.vendors.connected)}
                  href={vendorsPath([{ action: 'Eq', field: 'sm8Connected', value: true }])}
                />
              </Grid>
              <Grid size={{ xs: 6, md: 3 }}>
                <Kpi
                  label="With a subscription"
                  value={formatNumber(data.vendors.subscribed)}
                  href={vendorsPath([{ action: 'Eq', field: 'hasCurrentSubscription', value: true }])}
                />
              </Grid>
              <Grid size={{ xs: 6, md: 3 }}>
                <Kpi
                  label="MRR"
                  value={formatCents(data.mrrCents.end)}
                  hint={`${formatCents(data.mrrCents.start)} → ${formatCents(data.mrrCents.end)} (${signedCents(
                    data.mrrCents.end - data.mrrCents.start,
                  )}) · monthly, GST included`}
                />
              </Grid>
              <Grid size={{ xs: 6, md: 3 }}>
                <Kpi
                  label="Churn"
                  value={percent(data.churn.rate)}
                  hint={`${formatNumber(data.churn.ended)} of ${formatNumber(data.churn.payingAtStart)} paying subscriptions ended`}
                />
              </Grid>
              <Grid size={{ xs: 6, md: 3 }}>
                <Kpi label="Runs" value={formatNumber(total)} href={runsListPath(range)} />
              </Grid>
              <Grid size={{ xs: 6, md: 3 }}>
                <Kpi
                  label="Failed runs"
                  value={formatNumber(data.runs.totals.Failed)}
                  href={runsListPath(range, ['status', 'Failed'])}
                />
              </Grid>
              <Grid size={{ xs: 6, md: 3 }}>
                <Kpi
                  label="Failure rate"
                  value={percent(data.runs.failureRate)}
                  hint="Failed among runs that succeeded or failed"
                />
              </Grid>
              <Grid size={{ xs: 6, md: 3 }}>
                <Kpi
                  label="Jobs waiting"
                  value={formatNumber(waitingJobs)}
                  hint={oldestJob ? `Oldest since ${readerClock(oldestJob)}` : 'None waiting'}
                />
              </Grid>
              <Grid size={{ xs: 6, md: 3 }}>
                <Kpi
                  label="Emails waiting"
                  value={formatNumber(data.mail.queued)}
                  hint={`${formatNumber(data.mail.failed)} failed${
                    data.mail.oldestQueuedAt ? ` · oldest since ${readerClock(data.mail.oldestQueuedAt)}` : ''
                  }`}
                />
              </Grid>
            </Grid>
            {data.servicem8.some((row) => row.throttled) ? (
              <Alert severity="warning">
                Held back by ServiceM8's limits now:{' '}
                {data.servicem8
                  .filter((row) => row.throttled)
                  .map((row) => row.vendorName)
                  .join(', ')}
                .
              </Alert>
            ) : null}
            <Charts metrics={data} />
            <FailingTriggers metrics={data} range={range} />
          </>
        ) : metrics.isPending ? (
          <Skeleton variant="rounded" height={360} data-testid="metrics-loading" />
        ) : null}
      </Stack>
    </>
  );
}
