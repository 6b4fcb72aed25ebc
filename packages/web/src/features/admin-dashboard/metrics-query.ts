import { AdminMetrics, type AdminMetricsQuery, METRICS_GRANULARITIES, toSearchParams } from '@automate/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';

const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The range shown when the URL names none: the last 30 days (UTC), by day. */
function defaultRange(now = Date.now()): AdminMetricsQuery {
  return { from: day(now - 29 * DAY_MS), to: day(now), granularity: 'day' };
}

/** The last `days` days up to today (UTC). */
export function lastDays(days: number, now = Date.now()): Pick<AdminMetricsQuery, 'from' | 'to'> {
  return { from: day(now - (days - 1) * DAY_MS), to: day(now) };
}

/** The dashboard's range from its URL (`from`, `to`, `granularity`); anything missing or malformed takes the default. */
export function readRange(params: URLSearchParams, now = Date.now()): AdminMetricsQuery {
  const fallback = defaultRange(now);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const granularity = METRICS_GRANULARITIES.find((value) => value === params.get('granularity'));
  const valid = ISO_DAY.test(from) && ISO_DAY.test(to) && from <= to;
  return {
    from: valid ? from : fallback.from,
    to: valid ? to : fallback.to,
    granularity: granularity ?? fallback.granularity,
  };
}

/** `[from, to)` as instants: the first moment of `from` and of the day after `to` (UTC). */
function rangeBounds(range: Pick<AdminMetricsQuery, 'from' | 'to'>): { start: string; end: string } {
  return {
    start: `${range.from}T00:00:00.000Z`,
    end: new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS - 1).toISOString(),
  };
}

/** The admin list of every run in the range, with more filters (status, trigger…). */
export function runsListPath(range: Pick<AdminMetricsQuery, 'from' | 'to'>, ...filters: Array<[string, string]>) {
  const { start, end } = rangeBounds(range);
  const Filters = [
    ...filters.map(([field, value]) => ({ action: 'Eq' as const, field, value })),
    { action: 'GtEq' as const, field: 'createdAt', value: start },
    { action: 'LtEq' as const, field: 'createdAt', value: end },
  ];
  return `/admin/automation/runs?${new URLSearchParams(toSearchParams({ Filters }))}`;
}

/** `GET /api/Admin/metrics` (super admins). */
export function useAdminMetrics(range: AdminMetricsQuery) {
  return useQuery({
    queryKey: ['admin-metrics', range],
    queryFn: ({ signal }) =>
      apiGet('/Admin/metrics', AdminMetrics, {
        query: { from: range.from, to: range.to, granularity: range.granularity },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
