/**
 * activity: GET /api/vendor/{vendorId}/Trigger/changes (Automation › Activity) with 100,000 observed
 * changes in the database, at a fixed 200 requests a second for 20 s (an open loop: latency counts from
 * when a request was due). The changes are seeded with SQL over 30 days, each with its event and run
 * (`seedRunsSql`), every third with an automation's reason for not running, and the 2,000 jobs they are
 * about as snapshots; the requests rotate through what the Activity screen asks: the newest page, a page
 * 20 deep (by cursor), one job's timeline, and one event's changes.
 */
import { startBenchEnv } from './environment.ts';
import { round } from './load.ts';
import { measurePageLoad } from './page-load.ts';
import { SEEDED_EVENTS as EVENTS, seedRunsSql } from './seed-runs.ts';
import type { Benchmark } from './types.ts';

const DAYS = 30;

/** The changes (one per seeded event, observed when it occurred), reasons and job snapshots. */
function seedActivitySql(vendorId: string, triggerId: string): string[] {
  return [
    `insert into record_changes (vendor_id, object, record_uuid, job_uuid, source, changes, events, observed_at)
     select e.vendor_id, 'job', e.job_uuid, e.job_uuid, 'webhook',
            jsonb_build_array(jsonb_build_object('field', 'status', 'before', 'Quote', 'after', 'Work Order')),
            jsonb_build_array(jsonb_build_object('event', e.event, 'occurrenceKey', e.occurrence_key)),
            e.occurred_at
       from automation_events e where e.vendor_id = '${vendorId}' and e.occurrence_key like 'bench:%'`,
    `insert into event_outcomes (vendor_id, event_id, trigger_id, reason, detail, decided_at)
     select e.vendor_id, e.id, '${triggerId}', 'conditions', 'The job''s status is Completed? no: it is Work Order.', e.occurred_at
       from automation_events e
      where e.vendor_id = '${vendorId}' and e.occurrence_key like 'bench:%' and substr(e.occurrence_key, 7)::int % 3 = 0`,
    `insert into sm8_snapshots (vendor_id, object, uuid, data, edit_date, revision, seen_at)
     select '${vendorId}', 'job', md5(i::text)::uuid::text,
            jsonb_build_object('uuid', md5(i::text)::uuid::text, 'generated_job_id', (1000 + i)::text, 'status', 'Work Order'),
            '2026-01-01 00:00:00', 0, now()
       from generate_series(0, 1999) i
     on conflict do nothing`,
  ];
}

export const activity: Benchmark = {
  name: 'activity',
  title: 'Activity with 100k changes',
  async run(context) {
    const count = context.quick ? 10_000 : 100_000;
    const rate = context.quick ? 50 : 200;
    const seconds = context.quick ? 5 : 20;
    const note = (event: string) => ({
      event,
      actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Activity {{ job.number }}' } }],
    });
    const env = await startBenchEnv({ ...context, name: 'activity', triggers: EVENTS.map(note) });
    try {
      const seedStarted = Date.now();
      // The embedded database opens in one process only: seed while the server is stopped.
      if (context.kind === 'pglite') await env.stopServer();
      for (const statement of seedRunsSql(env.vendorId, env.triggerIds, count, DAYS)) await env.db.query(statement);
      for (const statement of seedActivitySql(env.vendorId, env.triggerIds[0] ?? '')) await env.db.query(statement);
      for (const table of ['record_changes', 'event_outcomes', 'trigger_runs', 'automation_events', 'sm8_snapshots']) {
        await env.db.query(`analyze ${table}`);
      }
      const [row] = await env.db.query<{ changes: number }>(
        `select count(*)::int as changes from record_changes where vendor_id = '${env.vendorId}'`,
      );
      if (context.kind === 'pglite') await env.startServer();
      const seedSeconds = round((Date.now() - seedStarted) / 1000);

      const base = `/api/vendor/${env.vendorId}/Trigger/changes`;
      const headers = env.authHeaders();
      const page = async (query: string) => {
        const response = await fetch(`${env.server.baseUrl}${query}`, { headers });
        const body = (await response.json()) as { data?: { items?: unknown[]; nextCursor?: string | null } };
        if (!response.ok || !body.data?.items) {
          throw new Error(`activity ${query} answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
        }
        return body.data;
      };
      // A cursor 20 pages deep, as "Load more" pressed 20 times reaches.
      let cursor: string | null | undefined = null;
      for (let i = 0; i < 20; i++) cursor = (await page(`${base}${cursor ? `?Cursor=${cursor}` : ''}`)).nextCursor;
      if (!cursor) throw new Error('activity: fewer than 21 pages of changes were seeded');
      const queries = [base, `${base}?Cursor=${cursor}`, `${base}?Job=1500`, `${base}?Event=JobBadgesChanged`];
      for (const query of queries) {
        if ((await page(query)).items?.length === 0) throw new Error(`activity: ${query} found no change`);
      }
      const { metrics, problems, result } = await measurePageLoad({
        name: 'activity',
        baseUrl: env.server.baseUrl,
        headers,
        paths: queries,
        rate,
        seconds,
        goal: { percentile: 'p95', ms: context.kind === 'postgres' ? 100 : undefined },
      });
      // The same pages at a rate the server is not saturated by: what one person's page costs.
      const lightRate = context.quick ? 10 : 50;
      const light = await measurePageLoad({
        name: 'activity',
        baseUrl: env.server.baseUrl,
        headers,
        paths: queries,
        rate: lightRate,
        seconds: context.quick ? 3 : 10,
        goal: { percentile: 'p95', ms: undefined },
      });
      problems.push(...light.problems);
      metrics.push({
        key: 'p95LightMs',
        label: `p95 at ${lightRate} req/s`,
        value: light.result.latencyMs.p95,
        unit: 'ms',
        better: 'lower',
      });
      const kinds = ['newest page', 'page 20 deep', 'Job=1500', 'Event=JobBadgesChanged'];
      const byKind = queries.map((query, i) => {
        const latency = result.latencyMsByPath[query];
        return `${kinds[i]} p50 ${latency?.p50.toLocaleString('en')} ms, p95 ${latency?.p95.toLocaleString('en')} ms`;
      });
      return {
        metrics,
        problems,
        notes: [`${(row?.changes ?? 0).toLocaleString('en')} changes seeded in ${seedSeconds} s`, byKind.join('; ')],
        details: { changes: row?.changes ?? 0, rate, seconds, queries, seedSeconds, ...result, light: light.result },
      };
    } finally {
      await env.close();
    }
  },
};
