import { RUN_STATUSES, type RunStatus } from '@automate/contract';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { type Theme, useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { dateFormat } from '@/lib/format.ts';
import { type DayBucket, totalsByStatus } from './dashboard-stats.ts';

/** Bottom to top: how runs ended, then those still to happen. */
const STACK_ORDER: readonly RunStatus[] = ['Succeeded', 'Failed', 'Skipped', 'Cancelled', 'Running', 'Scheduled'];

function statusColour(theme: Theme, status: RunStatus): string {
  switch (status) {
    case 'Succeeded':
      return theme.palette.success.main;
    case 'Failed':
      return theme.palette.error.main;
    case 'Skipped':
      return theme.palette.warning.main;
    case 'Cancelled':
      return theme.palette.grey[500];
    case 'Running':
      return theme.palette.primary.main;
    case 'Scheduled':
      return theme.palette.info.main;
  }
}

/** The chart's day names under the bars, and each day in full for its bar's title. */
const CHART_WEEKDAY: Intl.DateTimeFormatOptions = { weekday: 'short' };
const CHART_DAY: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'short' };

const WIDTH = 420;
const HEIGHT = 180;
const AXIS = 24;
const TOP = 16;
const GAP = 14;

/** A stacked bar per day (plain SVG): the runs created that day, coloured by status, with a legend. */
export function RunChart({ buckets }: { buckets: readonly DayBucket[] }) {
  const theme = useTheme();
  const max = Math.max(1, ...buckets.map((bucket) => bucket.total));
  const plot = HEIGHT - AXIS - TOP;
  const barWidth = (WIDTH - GAP * (buckets.length + 1)) / Math.max(1, buckets.length);
  const weekday = dateFormat(CHART_WEEKDAY);
  const longDay = dateFormat(CHART_DAY);
  const totals = totalsByStatus(buckets);
  const summary = RUN_STATUSES.filter((status) => totals[status] > 0)
    .map((status) => `${totals[status]} ${status.toLowerCase()}`)
    .join(', ');

  return (
    <Box>
      <Box
        component="svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Runs in the last ${buckets.length} days: ${summary || 'none'}.`}
        sx={{ width: '100%', height: 'auto', display: 'block' }}
        data-testid="runs-chart"
      >
        <line x1={0} x2={WIDTH} y1={HEIGHT - AXIS} y2={HEIGHT - AXIS} stroke={theme.palette.divider} strokeWidth={1} />
        {buckets.map((bucket, index) => {
          const x = GAP + index * (barWidth + GAP);
          let y = HEIGHT - AXIS;
          return (
            <g key={bucket.key} data-testid="chart-day">
              <title>
                {`${longDay.format(bucket.date)}: ${
                  bucket.total === 0
                    ? 'no runs'
                    : STACK_ORDER.filter((status) => bucket.counts[status] > 0)
                        .map((status) => `${bucket.counts[status]} ${status.toLowerCase()}`)
                        .join(', ')
                }`}
              </title>
              {STACK_ORDER.map((status) => {
                const count = bucket.counts[status];
                if (count === 0) return null;
                const height = (count / max) * plot;
                y -= height;
                return (
                  <rect
                    key={status}
                    x={x}
                    y={y}
                    width={barWidth}
                    height={height}
                    fill={statusColour(theme, status)}
                    data-status={status}
                    data-count={count}
                  />
                );
              })}
              {bucket.total > 0 ? (
                <text
                  x={x + barWidth / 2}
                  y={y - 4}
                  textAnchor="middle"
                  fontSize={11}
                  fill={theme.palette.text.secondary}
                >
                  {bucket.total}
                </text>
              ) : null}
              <text
                x={x + barWidth / 2}
                y={HEIGHT - 8}
                textAnchor="middle"
                fontSize={11}
                fill={theme.palette.text.secondary}
              >
                {weekday.format(bucket.date)}
              </text>
            </g>
          );
        })}
      </Box>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }} aria-hidden>
        {STACK_ORDER.map((status) => (
          <Stack key={status} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 10, height: 10, borderRadius: 0.5, bgcolor: statusColour(theme, status) }} />
            <Typography variant="caption" color="text.secondary">
              {status} {totals[status]}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
