/** Runs seeded straight into the database for the benchmarks that read them. */

export const SEEDED_EVENTS = ['JobStatusChanged', 'JobBadgesChanged', 'JobIsCreated'];

/**
 * `count` events and runs for the vendor's triggers (one per event of SEEDED_EVENTS), spread evenly over
 * the last `days` days, in one statement each: 90 % Succeeded, 4 % Failed (with a reason), 5 % Skipped,
 * 1 % Cancelled.
 */
export function seedRunsSql(vendorId: string, triggerIds: string[], count: number, days: number): string[] {
  const pick = (list: string[], cast: string) =>
    `case g % ${list.length} ${list.map((item, i) => `when ${i} then '${item}'::${cast}`).join(' ')} end`;
  const spacing = (days * 24 * 3600) / count;
  return [
    `insert into automation_events
       (vendor_id, event, occurrence_key, job_uuid, source, cascade_depth, occurred_at, matched_at)
     select '${vendorId}', ${pick(SEEDED_EVENTS, 'trigger_event')}, 'bench:' || g, md5((g % 2000)::text)::uuid::text,
            'webhook', 0, now() - make_interval(secs => g * ${spacing}), now() - make_interval(secs => g * ${spacing})
       from generate_series(1, ${count}) g`,
    `insert into trigger_runs
       (vendor_id, trigger_id, trigger_version, event_id, event, status, job_uuid, job_number, cascade_depth,
        due_at, dispatched_at, started_at, finished_at, reason, created_at, updated_at)
     select e.vendor_id, ${pick(triggerIds, 'uuid')}, 1, e.id, e.event,
            (case when g % 100 < 90 then 'Succeeded' when g % 100 < 94 then 'Failed'
                  when g % 100 < 99 then 'Skipped' else 'Cancelled' end)::trigger_run_status,
            e.job_uuid, (1000 + g % 2000)::text, 0, e.occurred_at, e.occurred_at, e.occurred_at,
            e.occurred_at + interval '2 seconds',
            case when g % 100 between 90 and 93 then 'The client has no contact with an email address.' end,
            e.occurred_at, e.occurred_at + interval '2 seconds'
       from (select e.*, substr(e.occurrence_key, 7)::int as g from automation_events e
              where e.vendor_id = '${vendorId}' and e.occurrence_key like 'bench:%') e`,
  ];
}
