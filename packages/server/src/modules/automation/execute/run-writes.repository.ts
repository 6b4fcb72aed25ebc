import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { preparedStatement, type ValueOf } from '../../../db/prepared-statement.ts';
import type { StepRow } from '../automation.repository.ts';
import { runSteps, triggerRuns } from '../automation.schema.ts';

/**
 * What a run writes while it executes: its steps (an action's plan before the action, the outcomes
 * after) and its end. Each is one prepared statement whatever the number of runs and steps: the rows
 * go as JSON lists read by `json_to_recordset`, so the statement's text never changes.
 */

type StepInsert = typeof runSteps.$inferInsert;
type StepFinish = { status: 'Succeeded' | 'Failed' | 'Skipped' | 'Uncertain'; outcome: string; at: Date };

/** Step changes a run holds back to write with its next statement: new steps, and finished ones. */
export type HeldSteps = {
  readonly inserts: ReadonlyArray<StepInsert>;
  readonly finishes: ReadonlyArray<StepFinish & { stepId: string }>;
};

/** How a run ends: its status, why, and the ServiceM8 calls of the attempt. */
export type RunOutcome = {
  status: 'Succeeded' | 'Failed' | 'Skipped';
  reason: string | null;
  sm8Calls: number;
  at: Date;
  failureCause?: string | null;
};

const NOTHING_HELD: HeldSteps = { inserts: [], finishes: [] };

/**
 * Inserts steps (of one run or many) after writing the held changes, in one statement; answers the
 * new steps in the order given.
 */
export async function insertStepsAfter(db: Db, held: HeldSteps, values: ReadonlyArray<StepInsert>): Promise<StepRow[]> {
  const rows = (await writeStepsStatement.execute(db, stepWriteValues(held, values))).map(stepRowOf);
  return values.map((value) => {
    const row = rows.find((step) => step.runId === value.runId && step.position === value.position);
    if (!row) throw new Error('The run step was not stored.');
    return row;
  });
}

export async function insertStep(db: Db, values: StepInsert): Promise<StepRow> {
  const [row] = await insertStepsAfter(db, NOTHING_HELD, [values]);
  if (!row) throw new Error('The run step was not stored.');
  return row;
}

/** Writes the held step changes on their own (before a statement that cannot carry them). */
export async function writeHeldSteps(db: Db, held: HeldSteps): Promise<void> {
  if (held.inserts.length === 0 && held.finishes.length === 0) return;
  await writeStepsStatement.execute(db, stepWriteValues(held, []));
}

/** Ends Running runs with their outcomes and writes the step changes held for them, in one statement. */
export async function finishRuns(
  db: Db,
  ends: ReadonlyArray<{ runId: string; outcome: RunOutcome; held: HeldSteps }>,
): Promise<void> {
  if (ends.length === 0) return;
  const held = {
    inserts: ends.flatMap((end) => end.held.inserts),
    finishes: ends.flatMap((end) => end.held.finishes),
  };
  const outcomes = ends.map(({ runId, outcome }) => ({
    id: runId,
    status: outcome.status,
    reason: outcome.reason,
    failure_cause: outcome.failureCause ?? null,
    sm8_calls: outcome.sm8Calls,
    at: outcome.at.toISOString(),
  }));
  await finishRunsStatement.execute(db, { ...stepWriteValues(held, []), outcomes: JSON.stringify(outcomes) });
}

/** The JSON lists a step-writing statement is given: steps to finish, and steps to insert. */
type StepWriteValues = { finishes: string; inserts: string };

function stepWriteValues(held: HeldSteps, values: ReadonlyArray<StepInsert>): StepWriteValues {
  const finishes = held.finishes.map((finish) => ({
    id: finish.stepId,
    status: finish.status,
    outcome: finish.outcome,
    at: finish.at.toISOString(),
  }));
  const inserts = [...held.inserts, ...values].map((step) => ({
    id: step.id ?? null,
    run_id: step.runId,
    position: step.position,
    kind: step.kind,
    action_id: step.actionId ?? null,
    action_type: step.actionType ?? null,
    status: step.status,
    input: step.input ?? null,
    outcome: step.outcome ?? null,
    started_at: step.startedAt.toISOString(),
    finished_at: step.finishedAt?.toISOString() ?? null,
  }));
  return { finishes: JSON.stringify(finishes), inserts: JSON.stringify(inserts) };
}

/** The held steps' finishes as a data-modifying part of a statement (a finish names a step stored before). */
function finishedStepsPart(value: ValueOf<StepWriteValues>): SQL {
  return sql`finished_steps as (
      update ${runSteps} as s set status = f.status::run_step_status, outcome = f.outcome, finished_at = f.at
        from json_to_recordset(${value('finishes')}::json) as f(id uuid, status text, outcome text, at timestamptz)
       where s.id = f.id returning s.id)`;
}

/** An INSERT of the steps in the `inserts` list. */
function insertSteps(value: ValueOf<StepWriteValues>): SQL {
  return sql`insert into ${runSteps}
        (id, run_id, position, kind, action_id, action_type, status, input, outcome, started_at, finished_at)
      select coalesce(n.id, gen_random_uuid()), n.run_id, n.position, n.kind::run_step_kind, n.action_id,
             n.action_type, n.status::run_step_status, coalesce(n.input, '{}'::jsonb), coalesce(n.outcome, ''),
             n.started_at, n.finished_at
        from json_to_recordset(${value('inserts')}::json) as n(id uuid, run_id uuid, position integer, kind text,
             action_id text, action_type text, status text, input jsonb, outcome text, started_at timestamptz,
             finished_at timestamptz)`;
}

const writeStepsStatement = preparedStatement<StepWriteValues, StepRowAsSent>(
  'automation_write_steps',
  (value) => sql`with ${finishedStepsPart(value)}
    ${insertSteps(value)}
    returning id, run_id as "runId", position, kind, action_id as "actionId", action_type as "actionType", status,
              input, outcome, started_at as "startedAt", finished_at as "finishedAt"`,
);

const finishRunsStatement = preparedStatement<StepWriteValues & { outcomes: string }>(
  'automation_finish_runs',
  (value) => sql`with ${finishedStepsPart(value)}, held_steps as (${insertSteps(value)} returning id)
    update ${triggerRuns} as r set
      sm8_calls = r.sm8_calls + o.sm8_calls, status = o.status::trigger_run_status, reason = o.reason,
      failure_cause = o.failure_cause, finished_at = o.at, next_attempt_by = null, updated_at = o.at
    from json_to_recordset(${value('outcomes')}::json)
      as o(id uuid, status text, reason text, failure_cause text, sm8_calls integer, at timestamptz)
    where r.id = o.id and r.status = 'Running'`,
);

/** A step as the statement answers it: its times as the database's text. */
type StepRowAsSent = Omit<StepRow, 'startedAt' | 'finishedAt'> & { startedAt: string; finishedAt: string | null };

function stepRowOf(row: StepRowAsSent): StepRow {
  return {
    ...row,
    startedAt: new Date(row.startedAt),
    finishedAt: row.finishedAt === null ? null : new Date(row.finishedAt),
  };
}
