/**
 * runs: GET /api/vendor/{vendorId}/Trigger/runs with 100,000 runs in the database, at a fixed 500
 * requests a second for 20 s (an open loop: latency counts from when a request was due). The runs are
 * seeded with SQL (three triggers, 90 days, mostly Succeeded); the requests rotate through what the
 * runs screen asks: the newest page, failed runs, one job's runs, and page 20.
 */
import { startBenchEnv } from './environment.ts';
import { openLoop, round } from './load.ts';
import { SEEDED_EVENTS as EVENTS, seedRunsSql } from './seed-runs.ts';
import type { Benchmark } from './types.ts';

/** A request not answered this long after it was due is abandoned and counted as not answered. */
const TIMEOUT_MS = 10_000;

export const runsSearch: Benchmark = {
  name: 'runs',
  title: 'Runs search with 100k runs',
  async run(context) {
    const count = context.quick ? 10_000 : 100_000;
    const rate = context.quick ? 100 : 500;
    const seconds = context.quick ? 5 : 20;
    const note = (event: string) => ({
      event,
      actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Runs {{ job.number }}' } }],
    });
    const env = await startBenchEnv({ ...context, name: 'runs', triggers: EVENTS.map(note) });
    try {
      const seedStarted = Date.now();
      // The embedded database opens in one process only: seed while the server is stopped.
      if (context.kind === 'pglite') await env.stopServer();
      for (const statement of seedRunsSql(env.vendorId, env.triggerIds, count, 90)) await env.db.query(statement);
      await env.db.query('analyze trigger_runs');
      await env.db.query('analyze automation_events');
      const [row] = await env.db.query<{ runs: number }>(
        `select count(*)::int as runs from trigger_runs where vendor_id = '${env.vendorId}'`,
      );
      if (context.kind === 'pglite') await env.startServer();
      const seedSeconds = round((Date.now() - seedStarted) / 1000);

      const base = `/api/vendor/${env.vendorId}/Trigger/runs`;
      const filters = (list: unknown[]) => `Filters=${encodeURIComponent(JSON.stringify(list))}`;
      const queries = [
        base,
        `${base}?${filters([{ action: 'Eq', field: 'status', value: 'Failed' }])}`,
        `${base}?${filters([{ action: 'Eq', field: 'jobNumber', value: '1500' }])}`,
        `${base}?PageNumber=20`,
      ];
      const headers = env.authHeaders();
      for (const [i, query] of queries.entries()) {
        const response = await fetch(`${env.server.baseUrl}${query}`, { headers });
        const body = (await response.json()) as { data?: { total?: number } };
        if (!response.ok || body.data?.total === undefined) {
          throw new Error(`runs query ${i + 1} answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
        }
      }
      // Warm-up: a few rounds before the measured second starts.
      for (let i = 0; i < 20; i++) {
        await fetch(`${env.server.baseUrl}${queries[i % queries.length]}`, { headers }).then((r) => r.text());
      }
      const result = await openLoop({
        baseUrl: env.server.baseUrl,
        ratePerSecond: rate,
        seconds,
        headers,
        pathFor: (i) => queries[i % queries.length] ?? base,
        timeoutMs: TIMEOUT_MS,
      });
      // Slow answers are measured, not broken; a refused or failed request is.
      const problems =
        result.errors > 0
          ? [`runs: ${result.errors} of ${result.scheduled} requests failed (${result.errorSamples.join('; ')})`]
          : [];
      const censored = (value: number) =>
        value >= TIMEOUT_MS ? { display: `≥ ${TIMEOUT_MS.toLocaleString('en')} ms (no answer within 10 s)` } : {};
      return {
        metrics: [
          {
            key: 'p50Ms',
            label: `p50 at ${rate} req/s`,
            value: result.latencyMs.p50,
            unit: 'ms',
            better: 'lower',
            ...censored(result.latencyMs.p50),
          },
          {
            key: 'p99Ms',
            label: `p99 at ${rate} req/s`,
            value: result.latencyMs.p99,
            unit: 'ms',
            better: 'lower',
            ...(context.kind === 'postgres' ? { goal: { op: '<=', value: 100 } as const } : {}),
            ...censored(result.latencyMs.p99),
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
        ],
        problems,
        notes: [`${(row?.runs ?? 0).toLocaleString('en')} runs seeded in ${seedSeconds} s`],
        details: { runs: row?.runs ?? 0, rate, seconds, queries, seedSeconds, ...result },
      };
    } finally {
      await env.close();
    }
  },
};
