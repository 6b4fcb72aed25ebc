import type { Db } from '../../../db/database.ts';
import type { runSteps } from '../automation.schema.ts';
import type { RunBatch } from './run-batch.ts';
import { type HeldSteps, writeHeldSteps } from './run-writes.repository.ts';

export type HeldStepLog = ReturnType<typeof heldStepLog>;

/**
 * The step changes a run holds back for its next statement, which writes them with its own: a
 * re-check's result and an action's outcome wait for the next action's plan or the run's end, one
 * round trip instead of two. What guards an action against being done twice is never held: its plan
 * is stored (Started) before ServiceM8 is called. A crash loses only what was held: the re-check is
 * made again, and an action still Started is checked before it is performed again, as after any crash.
 */
export function heldStepLog(db: Db, batch: RunBatch, runId: string) {
  let held: { inserts: Array<typeof runSteps.$inferInsert>; finishes: HeldSteps['finishes'][number][] } = {
    inserts: [],
    finishes: [],
  };
  const take = (): HeldSteps => {
    const taken = held;
    held = { inserts: [], finishes: [] };
    return taken;
  };
  return {
    hold(step: typeof runSteps.$inferInsert) {
      held.inserts.push(step);
    },
    holdFinish(stepId: string, finish: Omit<HeldSteps['finishes'][number], 'stepId'>) {
      held.finishes.push({ ...finish, stepId });
    },
    /**
     * Inserts a step (an action's plan) with what was held: the run's first with the other runs' of
     * its batch, in one statement before any of them performs its action.
     */
    insert: (step: typeof runSteps.$inferInsert) => batch.plans.submit(runId, { held: take(), step }),
    /** What was held, for a statement that writes it (the run's end); nothing is held afterwards. */
    take,
    /** Writes what was held on its own, before a statement that cannot carry it. */
    write: () => writeHeldSteps(db, take()),
  };
}
