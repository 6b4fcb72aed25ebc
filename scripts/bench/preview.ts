/**
 * preview: POST /api/vendor/{vendorId}/Trigger/preview ("Preview on the last 30 days") with 20,000
 * observed changes kept over 30 days, every one a job's status change carrying the whole job record as
 * ServiceM8 answers it: the worst case, where every change kept has the previewed event. The definition
 * has a condition (half the changes meet it), a delay, a note and a client text with merge fields, so
 * every change is evaluated and timed and the newest runs have their texts filled in. Eight previews, one
 * after another, as a person pressing the button (the route allows 10 a minute).
 */
import { startBenchEnv } from './environment.ts';
import { round } from './load.ts';
import type { Benchmark, Metric } from './types.ts';

const DAYS = 30;
const PREVIEWS = 8;
const GOAL_MS = 2000;

/** The changes (each with its event, the job record it left and its client's snapshot). */
function seedPreviewSql(vendorId: string, count: number): string[] {
  // One moment for every statement, so each event occurred exactly when its change was observed.
  const now = `'${new Date().toISOString()}'::timestamptz`;
  const spacing = (DAYS * 24 * 3600 - 3600) / count;
  const job = `md5(('job' || (g % 2000))::text)::uuid::text`;
  const company = `md5(('company' || (g % 500))::text)::uuid::text`;
  return [
    `insert into automation_events
       (vendor_id, event, occurrence_key, job_uuid, source, cascade_depth, occurred_at, matched_at)
     select '${vendorId}', 'JobStatusChanged', 'preview:' || g, ${job}, 'webhook', 0,
            ${now} - make_interval(secs => g * ${spacing}), ${now} - make_interval(secs => g * ${spacing})
       from generate_series(1, ${count}) g`,
    `insert into record_changes (vendor_id, object, record_uuid, job_uuid, client_uuid, source, changes, events, after, observed_at)
     select '${vendorId}', 'job', ${job}, ${job}, ${company}, 'webhook',
            jsonb_build_array(jsonb_build_object('field', 'status', 'before', 'Quote', 'after', status)),
            jsonb_build_array(jsonb_build_object('event', 'JobStatusChanged', 'occurrenceKey', 'preview:' || g)),
            jsonb_build_object(
              'uuid', ${job}, 'active', 1, 'generated_job_id', (1000 + g % 2000)::text, 'status', status,
              'company_uuid', ${company}, 'created_by_staff_uuid', md5('staff')::uuid::text,
              'job_address', g || ' Harbour Street, Sydney NSW 2000', 'billing_address', g || ' Harbour Street',
              'job_description', 'Replace the hot water system and check the tempering valve.',
              'work_done_description', 'Replaced the unit; tested the valve.', 'total_invoice_amount', (g % 900 + 100)::text,
              'purchase_order_number', 'PO-' || g, 'date', '2026-11-01', 'badges', '[]', 'queue_uuid', '',
              'category_uuid', '', 'lat', '-33.86', 'lng', '151.21', 'geo_is_valid', 1, 'payment_processed', 0,
              'invoice_sent', 0, 'quote_sent', 1, 'ready_to_invoice', 0, 'completion_date', '',
              'edit_date', to_char(${now} - make_interval(secs => g * ${spacing}), 'YYYY-MM-DD HH24:MI:SS')),
            ${now} - make_interval(secs => g * ${spacing})
       from (select g, case when g % 2 = 0 then 'Completed' else 'Work Order' end as status
               from generate_series(1, ${count}) g) changes`,
    `insert into sm8_snapshots (vendor_id, object, uuid, data, edit_date, revision, seen_at)
     select '${vendorId}', 'company', md5(('company' || i)::text)::uuid::text,
            jsonb_build_object('uuid', md5(('company' || i)::text)::uuid::text, 'name', 'Client ' || i, 'active', 1),
            '2026-01-01 00:00:00', 0, now()
       from generate_series(0, 499) i
     on conflict do nothing`,
  ];
}

const DEFINITION = {
  name: 'Thank you after completion',
  enabled: true,
  targetKind: 'Job',
  event: 'JobStatusChanged',
  conditions: { combiner: 'And', items: [{ type: 'JobIsStatus', params: { status: 'Completed' } }] },
  delay: { amount: 2, unit: 'Hour' },
  actions: [
    { id: 'note', type: 'Job_AddNote', params: { text: 'Job {{ job.number }} at {{ job.address }} completed.' } },
    {
      id: 'text',
      type: 'JobClient_SendText',
      params: { message: 'Hi {{ client.name }}, job {{ job.number }} is done. Total {{ job.total }}.' },
    },
  ],
};

export const preview: Benchmark = {
  name: 'preview',
  title: 'Preview over 20k changes',
  async run(context) {
    const count = context.quick ? 2_000 : 20_000;
    const env = await startBenchEnv({ ...context, name: 'preview' });
    try {
      const seedStarted = Date.now();
      // The embedded database opens in one process only: seed while the server is stopped.
      if (context.kind === 'pglite') await env.stopServer();
      for (const statement of seedPreviewSql(env.vendorId, count)) await env.db.query(statement);
      for (const table of ['record_changes', 'automation_events', 'sm8_snapshots'])
        await env.db.query(`analyze ${table}`);
      if (context.kind === 'pglite') await env.startServer();
      const seedSeconds = round((Date.now() - seedStarted) / 1000);

      const url = `${env.server.baseUrl}/api/vendor/${env.vendorId}/Trigger/preview`;
      const headers = { ...env.authHeaders(), 'content-type': 'application/json' };
      const samples: number[] = [];
      const problems: string[] = [];
      let answer: { runCount?: number; skippedCount?: number; changesWithEvent?: number } = {};
      for (let i = 0; i < PREVIEWS; i++) {
        const started = performance.now();
        const response = await fetch(url, {
          method: 'POST',
          headers,
          body: JSON.stringify({ definition: DEFINITION }),
        });
        const body = (await response.json()) as { data?: typeof answer };
        samples.push(performance.now() - started);
        if (!response.ok || !body.data) {
          problems.push(`preview answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
          break;
        }
        answer = body.data;
      }
      // Every change seeded has the event; half meet the condition.
      if (problems.length === 0 && answer.changesWithEvent !== count) {
        problems.push(`preview read ${answer.changesWithEvent} changes with the event, not the ${count} seeded`);
      }
      if (problems.length === 0 && answer.runCount !== count / 2) {
        problems.push(`preview found ${answer.runCount} runs, not the ${count / 2} whose job was completed`);
      }
      const sorted = [...samples].sort((a, b) => a - b);
      const at = (q: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
      const metrics: Metric[] = [
        { key: 'p50Ms', label: 'a preview, median', value: at(0.5), unit: 'ms', better: 'lower' },
        {
          key: 'maxMs',
          label: `the slowest of ${samples.length}`,
          value: round(sorted.at(-1) ?? 0),
          unit: 'ms',
          better: 'lower',
          goal: { op: '<=', value: GOAL_MS },
        },
      ];
      return {
        metrics,
        problems,
        notes: [
          `${count.toLocaleString('en')} changes seeded in ${seedSeconds} s; ${answer.runCount ?? 0} runs previewed`,
        ],
        details: { changes: count, samplesMs: samples.map(round), seedSeconds, answer },
      };
    } finally {
      await env.close();
    }
  },
};
