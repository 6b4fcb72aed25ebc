import { timingSafeEqual } from 'node:crypto';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolUse } from '../db/database.ts';

/** How a ServiceM8 request attempt ended: its status class, 429 on its own, or no answer at all. */
export type Sm8CallOutcome = '2xx' | '4xx' | '429' | '5xx' | 'network';

/** What the gauges read when Prometheus scrapes: cheap reads of state the process already keeps. */
type ScrapeSources = {
  /** Every queue, so one with nothing waiting shows 0 rather than no series. */
  queueNames: readonly string[];
  /** Per queue: jobs ready for a worker, jobs waiting for a later start, since when the oldest ready one waits. */
  queueBacklog(): Promise<Array<{ name: string; ready: number; deferred: number; oldestReadyAt: Date | null }>>;
  /** The delivery spool of an API process: deliveries waiting on disk, and those set aside for a person. */
  spool?: { backlog(): number; rejected(): number };
  /** Undefined on the embedded database, which has one connection and no pool. */
  poolUse(): PoolUse | undefined;
  now(): Date;
};

/**
 * This process's Prometheus registry and the counters the code moves. Each process (API, worker, or
 * both in one) has its own; the gauges are read at scrape time (`watch`). Metric names are part of
 * the operations guide and its dashboard (docs/operations/): change them together.
 */
export type Metrics = {
  registry: Registry;
  /** Seconds from a request's arrival to its answer, by method, route pattern (never the raw URL) and status. */
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  runsStarted: Counter;
  runsFinished: Counter<'status'>;
  sm8Requests: Counter<'outcome'>;
  sm8RateLimitWait: Counter;
  /** The registry in Prometheus's text format, the scrape-time gauges read first. */
  read(): Promise<string>;
  /** Starts the scrape-time gauges over `sources`; called once the process's parts exist. */
  watch(sources: ScrapeSources): void;
};

export function createMetrics(): Metrics {
  const registry = new Registry();
  // Process CPU, memory, handles, garbage collection and event-loop lag (`nodejs_eventloop_lag_*`).
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  let refreshQueues: () => Promise<void> = async () => {};
  const metrics: Metrics = {
    registry,
    httpDuration: new Histogram({
      name: 'automate_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status, and how long their answers took.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    runsStarted: new Counter({
      name: 'automate_runs_started_total',
      help: 'Automation runs this process started (Scheduled to Running; a resumed run is not counted again).',
      registers,
    }),
    runsFinished: new Counter({
      name: 'automate_runs_finished_total',
      help: 'Automation runs this process finished, by status (Succeeded, Failed, Skipped).',
      labelNames: ['status'],
      registers,
    }),
    sm8Requests: new Counter({
      name: 'automate_servicem8_requests_total',
      help: 'ServiceM8 request attempts (each retry counts), by outcome: 2xx, 4xx, 429, 5xx, network.',
      labelNames: ['outcome'],
      registers,
    }),
    sm8RateLimitWait: new Counter({
      name: 'automate_servicem8_rate_limit_wait_seconds_total',
      help: "Seconds ServiceM8 calls waited for their account's shared allowance (180 a minute) before going out.",
      registers,
    }),
    async read() {
      // The three queue gauges come from one read of the queue table, made before the registry is written out.
      await refreshQueues();
      return metrics.registry.metrics();
    },
    watch(sources) {
      const deferredGauge = new Gauge({
        name: 'automate_queue_deferred_jobs',
        help: 'Jobs waiting for a later start (a delay or a retry backoff), per queue.',
        labelNames: ['queue'],
        registers,
      });
      const ageGauge = new Gauge({
        name: 'automate_queue_oldest_ready_job_age_seconds',
        help: 'How long the oldest job ready for a worker has waited, per queue (0 when none waits).',
        labelNames: ['queue'],
        registers,
      });
      const readyGauge = new Gauge({
        name: 'automate_queue_ready_jobs',
        help: 'Jobs waiting for a worker now, per queue.',
        labelNames: ['queue'],
        registers,
      });
      refreshQueues = () => readBacklog(sources, readyGauge, deferredGauge, ageGauge);
      const spool = sources.spool;
      if (spool) {
        new Gauge({
          name: 'automate_spool_pending_deliveries',
          help: 'ServiceM8 deliveries kept on disk while the database could not take them, not yet replayed.',
          registers,
          collect() {
            this.set(spool.backlog());
          },
        });
        new Gauge({
          name: 'automate_spool_rejected_deliveries',
          help: 'Spooled deliveries set aside in DATA_DIR/spool/rejected (unreadable, or refused by the database).',
          registers,
          collect() {
            this.set(spool.rejected());
          },
        });
      }
      new Gauge({
        name: 'automate_db_pool_connections',
        help: 'The PostgreSQL pool of this process: connections open (total), idle, queries waiting for one, and its size (max).',
        labelNames: ['state'],
        registers,
        collect() {
          const use = sources.poolUse();
          if (!use) return;
          for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state }, use[state]);
        },
      });
    },
  };
  return metrics;
}

/** One read of the queue table for the three queue gauges. */
async function readBacklog(sources: ScrapeSources, ready: Gauge, deferred: Gauge, age: Gauge): Promise<void> {
  const backlog = await sources.queueBacklog();
  for (const gauge of [ready, deferred, age]) gauge.reset();
  const now = sources.now().getTime();
  const waiting = new Set(backlog.map((queue) => queue.name));
  const idle = sources.queueNames.filter((name) => !waiting.has(name));
  for (const queue of [...backlog, ...idle.map((name) => ({ name, ready: 0, deferred: 0, oldestReadyAt: null }))]) {
    ready.set({ queue: queue.name }, queue.ready);
    deferred.set({ queue: queue.name }, queue.deferred);
    age.set({ queue: queue.name }, queue.oldestReadyAt ? Math.max(0, (now - queue.oldestReadyAt.getTime()) / 1000) : 0);
  }
}

/** The status class a ServiceM8 answer counts under (`network` when none came). */
export function sm8OutcomeOf(status: number | undefined): Sm8CallOutcome {
  if (status === undefined) return 'network';
  if (status === 429) return '429';
  if (status >= 500) return '5xx';
  if (status >= 400) return '4xx';
  return '2xx';
}

export type MetricsAnswer = { status: 200 | 401 | 404; contentType: string; body: string };

/**
 * The answer to a scrape: 404 when no METRICS_TOKEN is set (the endpoint does not exist), 401 unless the
 * request carries it as a bearer token, else the registry in Prometheus's text format.
 */
export async function answerScrape(
  metrics: Metrics,
  token: string | undefined,
  authorization: string | undefined,
): Promise<MetricsAnswer> {
  const json = 'application/json; charset=utf-8';
  if (!token) {
    return {
      status: 404,
      contentType: json,
      body: errorBody('NOT_FOUND', 'Metrics are off: METRICS_TOKEN is not set.'),
    };
  }
  const given = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '';
  if (!sameSecret(given, token)) {
    return {
      status: 401,
      contentType: json,
      body: errorBody('UNAUTHENTICATED', 'Send the METRICS_TOKEN as a bearer token (Authorization: Bearer …).'),
    };
  }
  return { status: 200, contentType: metrics.registry.contentType, body: await metrics.read() };
}

function errorBody(code: string, message: string): string {
  return JSON.stringify({ success: false, code, message });
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
