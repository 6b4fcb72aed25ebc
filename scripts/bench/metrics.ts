/**
 * metrics: GET /api/Admin/metrics for the last 90 days with 1,000,000 runs in the database (quick:
 * 20,000), a year of them, at a fixed 10 requests a second for 20 s (quick: 5 s), as a super admin.
 * The runs are seeded with SQL, then the tables are vacuumed and analysed (as autovacuum would), so
 * the counts come from the indexes alone.
 */
import { startBenchEnv } from './environment.ts';
import { openLoop, round } from './load.ts';
import { SEEDED_EVENTS, seedRunsSql } from './seed-runs.ts';
import type { Benchmark } from './types.ts';

const TIMEOUT_MS = 10_000;
const DAY_MS = 86_400_000;

export const metricsBenchmark: Benchmark = {
  name: 'metrics',
  title: 'Admin metrics for 90 days with 1M runs',
  async run(context) {
    const count = context.quick ? 20_000 : 1_000_000;
    const rate = context.quick ? 5 : 10;
    const seconds = context.quick ? 5 : 20;
    const note = (event: string) => ({
      event,
      actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Metrics {{ job.number }}' } }],
    });
    const env = await startBenchEnv({
      ...context,
      name: 'metrics',
      triggers: SEEDED_EVENTS.map(note),
    });
    try {
      const seedStarted = Date.now();
      // The embedded database opens in one process only: seed while the server is stopped.
      if (context.kind === 'pglite') await env.stopServer();
      for (const statement of seedRunsSql(env.vendorId, env.triggerIds, count, 365)) await env.db.query(statement);
      await env.db.query('vacuum analyze trigger_runs');
      await env.db.query('vacuum analyze automation_events');
      const [row] = await env.db.query<{ runs: number }>('select count(*)::int as runs from trigger_runs');
      if (context.kind === 'pglite') await env.startServer();
      const seedSeconds = round((Date.now() - seedStarted) / 1000);

      const login = await fetch(`${env.server.baseUrl}/api/Auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(env.admin),
      });
      const session = (await login.json()) as { data?: { token?: string } };
      if (!login.ok || !session.data?.token) throw new Error(`the super admin could not sign in (${login.status})`);
      const headers = { authorization: `Bearer ${session.data.token}` };
      const day = (date: Date) => date.toISOString().slice(0, 10);
      const now = Date.now();
      const query = `/api/Admin/metrics?from=${day(new Date(now - 89 * DAY_MS))}&to=${day(new Date(now))}`;
      const first = await fetch(`${env.server.baseUrl}${query}`, { headers });
      const body = (await first.json()) as { data?: { runs?: { totals?: Record<string, number> } } };
      const counted = Object.values(body.data?.runs?.totals ?? {}).reduce((sum, value) => sum + value, 0);
      if (!first.ok || counted === 0) {
        throw new Error(`metrics answered ${first.status}: ${JSON.stringify(body).slice(0, 300)}`);
      }
      for (let i = 0; i < 10; i++) await fetch(`${env.server.baseUrl}${query}`, { headers }).then((r) => r.text());
      const result = await openLoop({
        baseUrl: env.server.baseUrl,
        ratePerSecond: rate,
        seconds,
        headers,
        pathFor: () => query,
        timeoutMs: TIMEOUT_MS,
      });
      const problems =
        result.errors > 0
          ? [`metrics: ${result.errors} of ${result.scheduled} requests failed (${result.errorSamples.join('; ')})`]
          : [];
      return {
        metrics: [
          { key: 'p50Ms', label: `p50 at ${rate} req/s`, value: result.latencyMs.p50, unit: 'ms', better: 'lower' },
          {
            key: 'p95Ms',
            label: `p95 at ${rate} req/s`,
            value: result.latencyMs.p95,
            unit: 'ms',
            better: 'lower',
            ...(context.kind === 'postgres' ? { goal: { op: '<=', value: 100 } as const } : {}),
          },
          { key: 'maxMs', label: 'slowest', value: result.latencyMs.max, unit: 'ms', better: 'lower' },
        ],
        problems,
        notes: [
          `${(row?.runs ?? 0).toLocaleString('en')} runs seeded over 365 days in ${seedSeconds} s; ${counted.toLocaleString('en')} in the 90 days asked for`,
        ],
        details: { runs: row?.runs ?? 0, runsInRange: counted, rate, seconds, query, seedSeconds, ...result },
      };
    } finally {
      await env.close();
    }
  },
};
