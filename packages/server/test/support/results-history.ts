import { randomUUID } from 'node:crypto';
import type { TriggerEvent } from '@automate/contract';
import { eq } from 'drizzle-orm';
import {
  automationEvents,
  runSteps,
  sm8Snapshots,
  triggerRuns,
} from '../../src/modules/automation/automation.schema.ts';
import { triggerVersions } from '../../src/modules/triggers/triggers.schema.ts';
import type { TestServices } from './test-services.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * A vendor's history as the engine writes it (job snapshots, events, runs, steps), days before the test
 * clock's now, for the results of automations.
 */
export function resultsHistory(services: Pick<TestServices, 'deps' | 'clock'>, vendorId: string) {
  const db = services.deps.database.db;
  const daysAgo = (days: number) => new Date(services.clock.now().getTime() - days * DAY);

  /** A job as its snapshot shows it now; answers its uuid. */
  async function job(values: { status: string; total?: number }): Promise<string> {
    const uuid = randomUUID();
    await db.insert(sm8Snapshots).values({
      vendorId,
      object: 'job',
      uuid,
      data: { uuid, status: values.status, total_invoice_amount: (values.total ?? 0).toFixed(2) },
      seenAt: daysAgo(200),
    });
    return uuid;
  }

  async function event(jobUuid: string, name: TriggerEvent, at: Date, key = `${name}:${jobUuid}:${randomUUID()}`) {
    const [row] = await db
      .insert(automationEvents)
      .values({ vendorId, event: name, occurrenceKey: key, jobUuid, source: 'webhook', occurredAt: at, matchedAt: at })
      .returning();
    if (!row) throw new Error('no event');
    return row.id;
  }

  /** A quote accepted (its key is the job's, as the engine's). */
  const quoteApproved = (jobUuid: string, at: Date) =>
    event(jobUuid, 'JobQuoteApproved', at, `JobQuoteApproved:${jobUuid}`);

  /** A status change, its occurrence key naming both statuses as the engine's does. */
  const statusChange = (jobUuid: string, from: string, to: string, at: Date) =>
    event(jobUuid, 'JobStatusChanged', at, `JobStatusChanged:${jobUuid}:${from}>${to}:2026-01-01 00:00:00:r1`);

  /** A run of the trigger on the job at `at`; answers its id. */
  async function run(triggerId: string, jobUuid: string, at: Date, status: 'Succeeded' | 'Failed' = 'Succeeded') {
    const eventId = await event(jobUuid, 'JobCompleted', at);
    const [row] = await db
      .insert(triggerRuns)
      .values({
        vendorId,
        triggerId,
        triggerVersion: 1,
        eventId,
        event: 'JobCompleted',
        status,
        jobUuid,
        dueAt: at,
        startedAt: at,
        finishedAt: at,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    if (!row) throw new Error('no run');
    return row.id;
  }

  /** A succeeded action step of the run. */
  async function step(
    runId: string,
    position: number,
    actionType: string,
    at: Date,
    status: 'Succeeded' | 'Failed' = 'Succeeded',
  ) {
    await db
      .insert(runSteps)
      .values({ runId, position, kind: 'Action', actionType, status, startedAt: at, finishedAt: at });
  }

  /** Dates the trigger's versions `days` ago, as if it was first switched on then. */
  async function savedDaysAgo(triggerId: string, days: number): Promise<void> {
    await db
      .update(triggerVersions)
      .set({ savedAt: daysAgo(days) })
      .where(eq(triggerVersions.triggerId, triggerId));
  }

  return { daysAgo, job, event, quoteApproved, statusChange, run, step, savedDaysAgo };
}
