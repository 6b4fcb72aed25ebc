/** Load generators and the statistics the benchmarks report. */
import http from 'node:http';

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type OpenLoopResult = {
  /** Requests scheduled (rate × seconds). */
  scheduled: number;
  /** Requests answered with 2xx. */
  ok: number;
  /** Other statuses and connection errors. */
  errors: number;
  /** Requests with no answer `timeoutMs` after they were due (abandoned then). */
  timeouts: number;
  /** The first few error descriptions. */
  errorSamples: string[];
  /** 2xx answers per second actually received over the run. */
  achievedPerSecond: number;
  /**
   * From the moment a request was due (not when it was sent), so a server that falls behind is not
   * hidden; a request abandoned at the timeout counts as `timeoutMs`.
   */
  latencyMs: { p50: number; p90: number; p95: number; p99: number; max: number };
  /** The same per path requested (a page of each kind), p50 and p95. */
  latencyMsByPath: Record<string, { p50: number; p95: number }>;
};

/**
 * Sends GET requests at a fixed rate whatever the answers do (an open loop), for `seconds`. A request
 * not answered `timeoutMs` after it was due is abandoned, so the whole takes at most that much longer.
 * `pathFor(i)` names the i-th request's path.
 */
export async function openLoop(options: {
  baseUrl: string;
  ratePerSecond: number;
  seconds: number;
  headers: Record<string, string>;
  pathFor: (i: number) => string;
  timeoutMs?: number;
}): Promise<OpenLoopResult> {
  const url = new URL(options.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const timeoutMs = options.timeoutMs ?? 10_000;
  const total = Math.round(options.ratePerSecond * options.seconds);
  const latencies: number[] = [];
  const latenciesByPath = new Map<string, number[]>();
  const errorSamples: string[] = [];
  let ok = 0;
  let errors = 0;
  let timeouts = 0;
  const send = (i: number, dueAt: number) =>
    new Promise<void>((resolve) => {
      const path = options.pathFor(i);
      let settled = false;
      const settle = (outcome: 'ok' | 'timeout' | string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        const latency = outcome === 'timeout' ? timeoutMs : performance.now() - dueAt;
        latencies.push(latency);
        const ofPath = latenciesByPath.get(path) ?? [];
        ofPath.push(latency);
        latenciesByPath.set(path, ofPath);
        if (outcome === 'ok') ok++;
        else if (outcome === 'timeout') timeouts++;
        else {
          errors++;
          if (errorSamples.length < 5) errorSamples.push(outcome);
        }
        resolve();
      };
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          path,
          method: 'GET',
          headers: options.headers,
          agent,
        },
        (response) => {
          response.resume();
          response.on('end', () =>
            settle(response.statusCode && response.statusCode < 300 ? 'ok' : `HTTP ${response.statusCode}`),
          );
        },
      );
      const timer = setTimeout(
        () => {
          settle('timeout');
          request.destroy();
        },
        Math.max(0, dueAt + timeoutMs - performance.now()),
      );
      request.on('error', (error) => settle(error.message));
      request.end();
    });

  const started = performance.now();
  const pending: Array<Promise<void>> = [];
  let next = 0;
  while (next < total) {
    const now = performance.now();
    while (next < total && started + (next * 1000) / options.ratePerSecond <= now) {
      pending.push(send(next, started + (next * 1000) / options.ratePerSecond));
      next++;
    }
    await sleep(1);
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    scheduled: total,
    ok,
    errors,
    timeouts,
    errorSamples,
    achievedPerSecond: round(ok / elapsed),
    latencyMs: {
      p50: round(percentile(latencies, 50)),
      p90: round(percentile(latencies, 90)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
      max: round(percentile(latencies, 100)),
    },
    latencyMsByPath: Object.fromEntries(
      [...latenciesByPath].map(([path, values]) => [
        path,
        { p50: round(percentile(values, 50)), p95: round(percentile(values, 95)) },
      ]),
    ),
  };
}

/** Runs `work` on `items` with at most `concurrency` at once; answers the results in order. */
export async function inParallel<T, R>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
