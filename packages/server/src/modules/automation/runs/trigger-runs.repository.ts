import { type CursorSearchQuery, RUN_COUNT_CAP, RUN_STATUSES, TRIGGER_EVENTS } from '@automate/contract';
import { and, asc, eq, getTableColumns, inArray, max, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { lookupValue } from '../../../db/lookup-value.ts';
import { countUpTo, runCursorSearch, type SearchSpec } from '../../../db/search.ts';
import { runSteps, triggerRuns } from '../automation.schema.ts';

export type RunStepRow = typeof runSteps.$inferSelect;

const runColumns = {
  id: triggerRuns.id,
  vendorId: triggerRuns.vendorId,
  triggerId: triggerRuns.triggerId,
  triggerVersion: triggerRuns.triggerVersion,
  event: triggerRuns.event,
  status: triggerRuns.status,
  jobUuid: triggerRuns.jobUuid,
  jobNumber: triggerRuns.jobNumber,
  clientUuid: triggerRuns.clientUuid,
  formResponseUuid: triggerRuns.formResponseUuid,
  dueAt: triggerRuns.dueAt,
  startedAt: triggerRuns.startedAt,
  finishedAt: triggerRuns.finishedAt,
  reason: triggerRuns.reason,
  cascadeDepth: triggerRuns.cascadeDepth,
  sm8Calls: triggerRuns.sm8Calls,
  failedAttempts: triggerRuns.failedAttempts,
  lastError: triggerRuns.lastError,
  nextAttemptBy: triggerRuns.nextAttemptBy,
  warnings: triggerRuns.warnings,
  createdAt: triggerRuns.createdAt,
};
export type TriggerRunRow = Pick<
  typeof triggerRuns.$inferSelect,
  | 'id'
  | 'vendorId'
  | 'triggerId'
  | 'triggerVersion'
  | 'event'
  | 'status'
  | 'jobUuid'
  | 'jobNumber'
  | 'clientUuid'
  | 'formResponseUuid'
  | 'dueAt'
  | 'startedAt'
  | 'finishedAt'
  | 'reason'
  | 'cascadeDepth'
  | 'sm8Calls'
  | 'failedAttempts'
  | 'lastError'
  | 'nextAttemptBy'
  | 'warnings'
  | 'createdAt'
>;

function runSearchSpec(triggerName: SQL, triggerNames: ReadonlyMap<string, string>): SearchSpec {
  return {
    resource: 'runs',
    fields: {
      status: { source: triggerRuns.status, kind: 'enum', values: RUN_STATUSES, sortable: true, filterable: true },
      triggerId: { source: triggerRuns.triggerId, kind: 'uuid', filterable: true },
      triggerName: {
        source: triggerName,
        kind: 'text',
        sortable: true,
        filterable: true,
        lookup: { key: triggerRuns.triggerId, values: triggerNames },
      },
      jobNumber: { source: triggerRuns.jobNumber, kind: 'text', sortable: true, filterable: true },
      event: { source: triggerRuns.event, kind: 'enum', values: TRIGGER_EVENTS, sortable: true, filterable: true },
      createdAt: { source: triggerRuns.createdAt, kind: 'timestamp', sortable: true, filterable: true },
      dueAt: { source: triggerRuns.dueAt, kind: 'timestamp', sortable: true, filterable: true },
      startedAt: { source: triggerRuns.startedAt, kind: 'timestamp', sortable: true, filterable: true },
      finishedAt: { source: triggerRuns.finishedAt, kind: 'timestamp', sortable: true, filterable: true },
    },
    defaultSort: { field: 'createdAt', direction: 'Descending' },
    // Runs with the same value (status, job, event…) newest first when descending: the indexes on
    // (vendor, field, created_at, id) in automation.schema.ts serve each sort and each filter.
    thenBy: 'createdAt',
    tiebreaker: triggerRuns.id,
  };
}

/**
 * The vendor's runs (or one trigger's), newest first unless the query sorts otherwise, each with its
 * trigger's name from `triggerNames` (trigger id → name, from the triggers module). Pages by cursor or
 * by number; counts up to RUN_COUNT_CAP.
 */
export function searchTriggerRuns(
  db: Db,
  where: { vendorId: string; triggerId?: string },
  query: CursorSearchQuery,
  triggerNames: ReadonlyMap<string, string>,
) {
  const triggerName = sql<string>`coalesce(${lookupValue(triggerNames, triggerRuns.triggerId)}, '')`;
  const scope = and(
    eq(triggerRuns.vendorId, where.vendorId),
    where.triggerId ? eq(triggerRuns.triggerId, where.triggerId) : undefined,
  );
  return pageOfRuns(db, { spec: runSearchSpec(triggerName, triggerNames), query, scope, triggerName });
}

/**
 * Every vendor's runs, for the super admin: filtered by status, vendor, trigger, event, job number and
 * the times, sorted by creation or status (the indexes on (created_at, id) and (status, created_at, id)
 * serve both across vendors; a vendor's filter uses the vendor's own indexes).
 */
const allRunsSearchSpec: SearchSpec = {
  resource: 'runs',
  fields: {
    status: { source: triggerRuns.status, kind: 'enum', values: RUN_STATUSES, sortable: true, filterable: true },
    vendorId: { source: triggerRuns.vendorId, kind: 'uuid', filterable: true },
    triggerId: { source: triggerRuns.triggerId, kind: 'uuid', filterable: true },
    event: { source: triggerRuns.event, kind: 'enum', values: TRIGGER_EVENTS, filterable: true },
    jobNumber: { source: triggerRuns.jobNumber, kind: 'text', filterable: true },
    createdAt: { source: triggerRuns.createdAt, kind: 'timestamp', sortable: true, filterable: true },
    dueAt: { source: triggerRuns.dueAt, kind: 'timestamp', filterable: true },
    finishedAt: { source: triggerRuns.finishedAt, kind: 'timestamp', filterable: true },
  },
  defaultSort: { field: 'createdAt', direction: 'Descending' },
  thenBy: 'createdAt',
  tiebreaker: triggerRuns.id,
};

/**
 * Every vendor's runs, newest first unless the query sorts by status; pages as `searchTriggerRuns` does.
 * The trigger names are left empty: the caller names the triggers of the page's runs only.
 */
export function searchAllTriggerRuns(db: Db, query: CursorSearchQuery) {
  return pageOfRuns(db, { spec: allRunsSearchSpec, query, scope: undefined, triggerName: sql<string>`''` });
}

function pageOfRuns(
  db: Db,
  options: { spec: SearchSpec; query: CursorSearchQuery; scope: SQL | undefined; triggerName: SQL<string> },
) {
  return runCursorSearch<TriggerRunRow & { triggerName: string }>({
    spec: options.spec,
    query: options.query,
    scope: options.scope,
    countCap: RUN_COUNT_CAP,
    fetchRows: ({ where: condition, orderBy, limit, offset, keys }) =>
      db
        .select({ ...runColumns, triggerName: options.triggerName, ...keys })
        .from(triggerRuns)
        .where(condition)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    countRows: (condition, limit) => countUpTo(db, triggerRuns, condition, limit),
  });
}

export async function findTriggerRun(
  db: Db,
  where: { vendorId: string; runId: string },
): Promise<TriggerRunRow | undefined> {
  const [row] = await db
    .select(runColumns)
    .from(triggerRuns)
    .where(and(eq(triggerRuns.vendorId, where.vendorId), eq(triggerRuns.id, where.runId)));
  return row;
}

/** The newest run's creation time of each of the vendor's triggers that has run. */
export async function findLastRunTimes(db: Db, vendorId: string): Promise<Array<{ triggerId: string; at: Date }>> {
  const rows = await db
    .select({ triggerId: triggerRuns.triggerId, at: max(triggerRuns.createdAt) })
    .from(triggerRuns)
    .where(eq(triggerRuns.vendorId, vendorId))
    .groupBy(triggerRuns.triggerId);
  return rows.flatMap(({ triggerId, at }) => (at ? [{ triggerId, at }] : []));
}

export async function listRunSteps(db: Db, where: { vendorId: string; runId: string }): Promise<RunStepRow[]> {
  return db
    .select(getTableColumns(runSteps))
    .from(runSteps)
    .innerJoin(triggerRuns, eq(triggerRuns.id, runSteps.runId))
    .where(and(eq(triggerRuns.vendorId, where.vendorId), eq(runSteps.runId, where.runId)))
    .orderBy(asc(runSteps.position), asc(runSteps.startedAt), asc(runSteps.id));
}

/**
 * Cancels the run only while it is still Scheduled: one conditional UPDATE, so it cannot race the
 * engine taking it. Answers false when the run is not (any longer) Scheduled.
 */
export async function cancelScheduledRun(
  db: Db,
  where: { vendorId: string; runId: string },
  values: { reason: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(triggerRuns)
    .set({ status: 'Cancelled', finishedAt: values.now, reason: values.reason, updatedAt: values.now })
    .where(
      and(
        eq(triggerRuns.vendorId, where.vendorId),
        eq(triggerRuns.id, where.runId),
        eq(triggerRuns.status, 'Scheduled'),
      ),
    )
    .returning({ id: triggerRuns.id });
  return rows.length > 0;
}

/**
 * Failed runs of the vendor among `runIds`, made Scheduled again and due now, marked dispatched (their
 * jobs are queued in the same transaction). Their step logs stay: the executor performs a failed step
 * anew and skips the ones that succeeded.
 */
export async function reopenFailedRuns(
  tx: Db,
  where: { vendorId: string; runIds: readonly string[] },
  now: Date,
): Promise<Array<{ id: string; vendorId: string; dueAt: Date; triggerId: string; jobNumber: string | null }>> {
  if (where.runIds.length === 0) return [];
  return tx
    .update(triggerRuns)
    .set({
      status: 'Scheduled',
      reason: null,
      finishedAt: null,
      dueAt: now,
      dispatchedAt: now,
      failedAttempts: 0,
      lastError: null,
      nextAttemptBy: null,
      failureCause: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(triggerRuns.vendorId, where.vendorId),
        inArray(triggerRuns.id, [...where.runIds]),
        eq(triggerRuns.status, 'Failed'),
      ),
    )
    .returning({
      id: triggerRuns.id,
      vendorId: triggerRuns.vendorId,
      dueAt: triggerRuns.dueAt,
      triggerId: triggerRuns.triggerId,
      jobNumber: triggerRuns.jobNumber,
    });
}

export type RunActivityRow = { vendorId: string; runs: number; failures: number; lastRunAtMs: number | null };

/**
 * For each vendor among `vendorIds`: its runs created since `since`, how many of them failed, and when
 * its newest run was created (at any time). Each vendor is one range of the (vendor, created_at) index.
 */
export async function findRunActivity(db: Db, vendorIds: readonly string[], since: Date): Promise<RunActivityRow[]> {
  if (vendorIds.length === 0) return [];
  const ids = sql.join(
    vendorIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select v.id::text as "vendorId", recent.runs, recent.failures, newest.at_ms as "lastRunAtMs"
      from unnest(array[${ids}]) as v(id)
      cross join lateral (
        select count(*)::int as runs, (count(*) filter (where ${triggerRuns.status} = 'Failed'))::int as failures
          from ${triggerRuns} where ${triggerRuns.vendorId} = v.id and ${triggerRuns.createdAt} >= ${since.toISOString()}::timestamptz
      ) recent
      left join lateral (
        select (extract(epoch from ${triggerRuns.createdAt}) * 1000)::float8 as at_ms
          from ${triggerRuns} where ${triggerRuns.vendorId} = v.id
          order by ${triggerRuns.createdAt} desc limit 1
      ) newest on true`);
  return (result as unknown as { rows: RunActivityRow[] }).rows;
}
