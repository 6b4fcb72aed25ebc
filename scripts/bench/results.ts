/**
 * results: the Results panel (`GET /api/vendor/{vendorId}/Trigger/{id}/results`) and the dashboard's week
 * (`GET /api/vendor/{vendorId}/Trigger/results/week`) with 100,000 runs (quick: 10,000) of three
 * triggers over 90 days in the database, seeded with SQL as `runs` seeds them, and the 2,000 jobs they
 * are about as snapshots. First each trigger's results once, as the first page view of the day computes
 * them; then every page at a fixed 50 requests a second (quick: 20) for 20 s (quick: 5 s), an open loop,
 * which a trigger's results answer from what the first view computed.
 */
import { startBenchEnv } from './environment.ts';
import { round } from './load.ts';
import { measurePageLoad } from './page-load.ts';
import { SEEDED_EVENTS as EVENTS, seedRunsSql } from './seed-runs.ts';
import type { Benchmark, Metric } from './types.ts';

const DAYS = 90;
const FIRST_VIEW_GOAL_MS = 2000;

function seedJobsSql(vendorId: string): string {
  return `insert into sm8_snapshots (vendor_id, object, uuid, data, edit_date, revision, seen_at)
     select '${vendorId}', 'job', md5(i::text)::uuid::text,
            jsonb_build_object('uuid', md5(i::text)::uuid::text, 'generated_job_id', (1000 + i)::text,
                               'status', 'Work Order', 'total_invoice_amount', (100 + i % 900)::text),
            '2026-01-01 00:00:00', 0, now()
       from generate_series(0, 1999) i
     on conflict do nothing`;
}

export const results: Benchmark = {
  name: 'results',
  title: 'Results with 100k runs',
  async run(context) {
    const count = context.quick ? 10_000 : 100_000;
    const rate = context.quick ? 20 : 50;
    const seconds = context.quick ? 5 : 20;
    const note = (event: string) => ({
      event,
      actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Results {{ job.number }}' } }],
    });
    const env = await startBenchEnv({ ...context, name: 'results', triggers: EVENTS.map(note) });
    try {
      const seedStarted = Date.now();
      // The embedded database opens in one process only: seed while the server is stopped.
      if (context.kind === 'pglite') await env.stopServer();
      for (const statement of seedRunsSql(env.vendorId, env.triggerIds, count, DAYS)) await env.db.query(statement);
      await env.db.query(seedJobsSql(env.vendorId));
      for (const table of ['trigger_runs', 'automation_events', 'sm8_snapshots'])
        await env.db.query(`analyze ${table}`);
      if (context.kind === 'pglite') await env.startServer();
      const seedSeconds = round((Date.now() - seedStarted) / 1000);

      const base = `/api/vendor/${env.vendorId}/Trigger`;
      const headers = env.authHeaders();
      const paths = [...env.triggerIds.map((id) => `${base}/${id}/results`), `${base}/results/week`];
      // The first view of each trigger's results computes them from every run and event of its 90 days.
      const firstViews: number[] = [];
      for (const path of paths.slice(0, -1)) {
        const started = performance.now();
        const response = await fetch(`${env.server.baseUrl}${path}`, { headers });
        const body = await response.text();
        if (!response.ok) throw new Error(`results ${path} answered ${response.status}: ${body.slice(0, 300)}`);
        firstViews.push(performance.now() - started);
      }
      const { metrics, problems, result } = await measurePageLoad({
        name: 'results',
        baseUrl: env.server.baseUrl,
        headers,
        paths,
        rate,
        seconds,
        goal: { percentile: 'p95', ms: context.kind === 'postgres' ? 100 : undefined },
      });
      const slowestFirst: Metric = {
        key: 'firstViewMs',
        label: `first view of a trigger's results, the slowest of ${firstViews.length}`,
        value: round(Math.max(...firstViews)),
        unit: 'ms',
        better: 'lower',
        goal: { op: '<=', value: FIRST_VIEW_GOAL_MS },
      };
      return {
        metrics: [slowestFirst, ...metrics],
        problems,
        notes: [`${count.toLocaleString('en')} runs seeded in ${seedSeconds} s`],
        details: { runs: count, rate, seconds, paths, seedSeconds, firstViewsMs: firstViews.map(round), ...result },
      };
    } finally {
      await env.close();
    }
  },
};
