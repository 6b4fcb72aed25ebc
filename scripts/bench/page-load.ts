/**
 * A page of the API under a fixed request rate, as `runs` and `activity` measure it: a warm-up, then an
 * open loop over the paths in turn, reported as the same four measures.
 */
import { type OpenLoopResult, openLoop } from './load.ts';
import type { Metric } from './types.ts';

/** A request not answered this long after it was due is abandoned and counted at this value. */
const TIMEOUT_MS = 10_000;
const WARM_UP_REQUESTS = 20;

export async function measurePageLoad(options: {
  /** The benchmark's name, which starts its problems. */
  name: string;
  baseUrl: string;
  headers: Record<string, string>;
  /** Requested in turn. */
  paths: readonly string[];
  rate: number;
  seconds: number;
  /** The percentile the goal is set on, and the goal (only where one applies). */
  goal: { percentile: 'p95' | 'p99'; ms: number | undefined };
}): Promise<{ metrics: Metric[]; problems: string[]; result: OpenLoopResult }> {
  const pathFor = (i: number) => options.paths[i % options.paths.length] ?? '';
  for (let i = 0; i < WARM_UP_REQUESTS; i++) {
    await fetch(`${options.baseUrl}${pathFor(i)}`, { headers: options.headers }).then((answer) => answer.text());
  }
  const result = await openLoop({
    baseUrl: options.baseUrl,
    ratePerSecond: options.rate,
    seconds: options.seconds,
    headers: options.headers,
    pathFor,
    timeoutMs: TIMEOUT_MS,
  });
  // Slow answers are measured, not broken; a refused or failed request is.
  const problems =
    result.errors > 0
      ? [`${options.name}: ${result.errors} of ${result.scheduled} requests failed (${result.errorSamples.join('; ')})`]
      : [];
  const censored = (value: number) =>
    value >= TIMEOUT_MS ? { display: `≥ ${TIMEOUT_MS.toLocaleString('en')} ms (no answer within 10 s)` } : {};
  const { percentile, ms: goalMs } = options.goal;
  const metrics: Metric[] = [
    {
      key: 'p50Ms',
      label: `p50 at ${options.rate} req/s`,
      value: result.latencyMs.p50,
      unit: 'ms',
      better: 'lower',
      ...censored(result.latencyMs.p50),
    },
    {
      key: `${percentile}Ms`,
      label: `${percentile} at ${options.rate} req/s`,
      value: result.latencyMs[percentile],
      unit: 'ms',
      better: 'lower',
      ...(goalMs === undefined ? {} : { goal: { op: '<=', value: goalMs } as const }),
      ...censored(result.latencyMs[percentile]),
    },
    {
      key: 'achievedPerSecond',
      label: 'answers/s achieved',
      value: result.achievedPerSecond,
      unit: '/s',
      better: 'higher',
    },
    {
      key: 'timeouts',
      label: 'not answered within 10 s',
      value: result.timeouts,
      unit: '',
      better: 'lower',
      display: `${result.timeouts.toLocaleString('en')} of ${result.scheduled.toLocaleString('en')}`,
    },
  ];
  return { metrics, problems, result };
}
