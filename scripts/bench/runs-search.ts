/**
 * runs: GET /api/vendor/{vendorId}/Trigger/runs with 100,000 runs in the database, at a fixed 500
 * requests a second for 20 s (an open loop: latency counts from when a request was due). The runs are
 * seeded with SQL (three triggers, 90 days, mostly Succeeded); the requests rotate through what the
 * runs screen asks: the newest page, failed runs, one job's runs, and page 20.
 */
import { startBenchEnv } from './environment.ts';
import { round } from './load.ts';
import { measurePageLoad } from './page-load.ts';
import { SEEDED_EVENTS as EVENTS, seedRunsSql } from './seed-runs.ts';
import type { Benchmark } from './types.ts';

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
      const { metrics, problems, result } = await measurePageLoad({
        name: 'runs',
        baseUrl: env.server.baseUrl,
        headers,
        paths: queries,
        rate,
        seconds,
        goal: { percentile: 'p99', ms: context.kind === 'postgres' ? 100 : undefined },
      });
      return {
        metrics,
        problems,
        notes: [`${(row?.runs ?? 0).toLocaleString('en')} runs seeded in ${seedSeconds} s`],
        details: { runs: row?.runs ?? 0, rate, seconds, queries, seedSeconds, ...result },
      };
    } finally {
      await env.close();
    }
  },
};
