import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { type PreparedStatement, preparedStatement } from '../../db/prepared-statement.ts';
import type { JobDefinition } from '../../queue/job-definition.ts';
import { jobInsert, jobWakeUp } from '../../queue/job-insert.ts';
import { webhookDeliveryDays, webhookInbox } from './webhooks.schema.ts';

export type InboxRow = typeof webhookInbox.$inferSelect;

/**
 * Stores a delivery and queues `job` to process it, in one statement (atomic, one round trip):
 * - a new delivery (no row with its `dedupeKey`) is inserted with `id` and queued;
 * - a repeat of one still `Received` changes nothing: its job is still to come;
 * - with `reopen`, a repeat of one already processed (or failed) is made `Received` again, received
 *   now, and queued again.
 * The job's payload is `payload` with `inboxId` set to the row's id; `groupId` is its pg-boss group
 * (the vendor), `priority` the vendor's turn (`queue.priorityFor`). Answers the new row's id, or the reopened row's, and whether a job was queued.
 * Every webhook runs it: it is a prepared statement (see `preparedStatement`).
 */
export async function storeAndQueueDelivery(
  db: Db,
  values: {
    id: string;
    vendorId: string;
    dedupeKey: string;
    topic: string;
    payload: Record<string, unknown>;
    receivedAt: Date;
    reopen: boolean;
  },
  job: { definition: JobDefinition; payload: Record<string, unknown>; groupId: string | undefined; priority: number },
): Promise<{ insertedId: string | null; reopenedId: string | null; queued: number }> {
  const [row] = await storeStatementFor(job.definition).execute(db, {
    ...values,
    payload: JSON.stringify(values.payload),
    receivedAt: values.receivedAt.toISOString(),
    jobPayload: JSON.stringify(job.payload),
    groupId: job.groupId ?? null,
    priority: job.priority,
  });
  return { insertedId: row?.insertedId ?? null, reopenedId: row?.reopenedId ?? null, queued: row?.queued ?? 0 };
}

type StoreValues = {
  id: string;
  vendorId: string;
  dedupeKey: string;
  topic: string;
  payload: string;
  receivedAt: string;
  reopen: boolean;
  jobPayload: string;
  groupId: string | null;
  priority: number;
};
type StoreRow = { insertedId: string | null; reopenedId: string | null; queued: number };

/** The statement storing a delivery for each job that processes deliveries (its queue is in the text). */
const storeStatements = new Map<string, PreparedStatement<StoreValues, StoreRow>>();

/**
 * A repeat's UPDATE sees the table as the statement found it: a row the INSERT just added (or one another
 * transaction added since) is invisible to it, and that row is Received anyway.
 */
function storeStatementFor(definition: JobDefinition): PreparedStatement<StoreValues, StoreRow> {
  let statement = storeStatements.get(definition.name);
  if (!statement) {
    statement = preparedStatement<StoreValues, StoreRow>(
      `store_delivery_${definition.name.replace(/\W/g, '_')}`,
      (value) => sql`
    with stored as (
      insert into ${webhookInbox} (id, vendor_id, dedupe_key, topic, payload, received_at)
      values (${value('id')}::uuid, ${value('vendorId')}::uuid, ${value('dedupeKey')}::text, ${value('topic')}::text,
              ${value('payload')}::jsonb, ${value('receivedAt')}::timestamptz)
      on conflict (dedupe_key) do nothing
      returning id
    ), reopened as (
      update ${webhookInbox} set status = 'Received', processed_at = null, received_at = ${value('receivedAt')}::timestamptz
       where ${value('reopen')}::boolean and dedupe_key = ${value('dedupeKey')}::text and status <> 'Received'
      returning id
    ), to_process as (
      select id from stored union all select id from reopened
    ), queued as (
      ${jobInsert(
        definition,
        sql`select coalesce(json_agg(json_build_object(
              'data', jsonb_set(${value('jobPayload')}::jsonb, '{inboxId}', to_jsonb(id::text)),
              'groupId', ${value('groupId')}::text, 'priority', ${value('priority')}::int)), '[]'::json) from to_process`,
      )}
    ), woken as (
      ${jobWakeUp(definition, sql`queued`)}
    )
    select (select id::text from stored) as "insertedId",
           (select id::text from reopened) as "reopenedId",
           (select count(*) from queued)::int as queued,
           (select count(*) from woken)::int as woken,
           -- A delivery stored without its job must not be kept: should pg-boss queue fewer jobs than
           -- deliveries were stored (its queue gone), this division by zero fails the whole statement.
           case when (select count(*) from to_process) = 0 then 0
                else (select count(*) from to_process) / (select count(*) from queued) end as "allQueued"`,
    );
    storeStatements.set(definition.name, statement);
  }
  return statement;
}

export async function findInboxDelivery(db: Db, id: string): Promise<InboxRow | undefined> {
  const [row] = await db.select().from(webhookInbox).where(eq(webhookInbox.id, id));
  return row;
}

export async function markInboxDelivery(db: Db, id: string, status: InboxRow['status'], at: Date): Promise<void> {
  await db.update(webhookInbox).set({ status, processedAt: at }).where(eq(webhookInbox.id, id));
}

/**
 * Deletes at most `limit` deliveries, of every vendor, that were handled (processed, or failed for
 * good) before `before`, adding each to the count of the UTC day it was received, in one statement.
 * Answers how many went. `received_at` is never later than `processed_at`, so its index finds them.
 */
export async function deleteHandledDeliveries(db: Db, before: Date, limit: number): Promise<number> {
  const cutoff = before.toISOString();
  const result = await db.execute(sql`
    with gone as (
      delete from ${webhookInbox}
       where id in (select id from ${webhookInbox}
                     where received_at < ${cutoff}::timestamptz and status <> 'Received'
                       and processed_at < ${cutoff}::timestamptz
                     order by received_at
                     limit ${limit})
      returning received_at
    ), counted as (
      insert into ${webhookDeliveryDays} (day, deliveries)
      select (received_at at time zone 'UTC')::date, count(*)::int from gone group by 1
      on conflict (day) do update set deliveries = ${webhookDeliveryDays.deliveries} + excluded.deliveries
    )
    select count(*)::int as removed from gone`);
  return (result as unknown as { rows: Array<{ removed: number }> }).rows[0]?.removed ?? 0;
}

/**
 * Deliveries received in each bucket ([from, to), whole UTC days), across vendors: each bucket one range
 * of the received_at index, and the days' counts of those the inbox no longer keeps.
 */
export async function countDeliveriesByBucket(
  db: Db,
  buckets: ReadonlyArray<{ start: string; from: Date; to: Date }>,
): Promise<Array<{ start: string; count: number }>> {
  if (buckets.length === 0) return [];
  const values = sql.join(
    buckets.map(
      (bucket) =>
        sql`(${bucket.start}, ${bucket.from.toISOString()}::timestamptz, ${bucket.to.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  const result = await db.execute(sql`
    select b.start, (
      select count(*)::int from ${webhookInbox}
       where ${webhookInbox.receivedAt} >= b.starts_at and ${webhookInbox.receivedAt} < b.ends_at
    ) + (
      select coalesce(sum(${webhookDeliveryDays.deliveries}), 0)::int from ${webhookDeliveryDays}
       where ${webhookDeliveryDays.day} >= (b.starts_at at time zone 'UTC')::date
         and ${webhookDeliveryDays.day} < (b.ends_at at time zone 'UTC')::date
    ) as count
      from (values ${values}) as b(start, starts_at, ends_at)`);
  return (result as unknown as { rows: Array<{ start: string; count: number }> }).rows;
}
