import { randomUUID } from 'node:crypto';
import { type RunStatus, successEnvelope, Trigger, type TriggerEvent } from '@automate/contract';
import { expect } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import { automationEvents, triggerRuns } from '../../src/modules/automation/automation.schema.ts';
import { insertNotice } from '../../src/modules/automation/notices/notices.repository.ts';
import { bearer } from './factories.ts';
import type { TestServices } from './test-services.ts';

/** A switched-off trigger on JobCompleted that adds a note, created through the API by `team`'s User. */
export async function createTestTrigger(
  services: TestServices,
  team: { vendor: { id: string }; userToken: string },
  name: string,
  actions: readonly object[] = [{ id: 'a1', type: 'Job_AddNote', params: { text: 'Done.' } }],
): Promise<string> {
  const response = await services.app.inject({
    method: 'POST',
    url: `/api/vendor/${team.vendor.id}/Trigger`,
    headers: bearer(team.userToken),
    payload: {
      name,
      enabled: false,
      event: 'JobCompleted',
      targetKind: 'Job',
      actions,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return successEnvelope(Trigger).parse(response.json()).data.id;
}

export type TestRunValues = {
  status: RunStatus;
  minutesAgo: number;
  dueInMinutes?: number;
  jobNumber?: string;
  event?: TriggerEvent;
  reason?: string;
};

/** A run as the engine would write it (with its event), `minutesAgo` created. */
export async function insertTestRun(
  services: TestServices,
  vendorId: string,
  triggerId: string,
  values: TestRunValues,
): Promise<string> {
  const db = services.deps.database.db;
  const now = services.clock.now().getTime();
  // Whole minutes, so runs made the same number of minutes ago share their creation time to the microsecond.
  const createdAt = new Date(Math.floor(now / 60_000) * 60_000 - values.minutesAgo * 60_000);
  const event = values.event ?? 'JobCompleted';
  const [eventRow] = await db
    .insert(automationEvents)
    .values({
      vendorId,
      event,
      occurrenceKey: randomUUID(),
      jobUuid: randomUUID(),
      source: 'webhook',
      occurredAt: createdAt,
      // Matched when its run was made: left unmatched, the dispatcher's leftover sweep would match it
      // again against the vendor's triggers and add runs the test did not make.
      matchedAt: createdAt,
    })
    .returning();
  const [run] = await db
    .insert(triggerRuns)
    .values({
      vendorId,
      triggerId,
      triggerVersion: 1,
      eventId: eventRow?.id ?? '',
      event,
      status: values.status,
      jobUuid: eventRow?.jobUuid ?? null,
      jobNumber: values.jobNumber ?? null,
      dueAt: new Date(Math.floor(now / 60_000) * 60_000 + (values.dueInMinutes ?? 0) * 60_000),
      startedAt: values.status === 'Scheduled' ? null : createdAt,
      finishedAt: ['Succeeded', 'Failed', 'Skipped', 'Cancelled'].includes(values.status) ? createdAt : null,
      reason: values.reason ?? (values.status === 'Skipped' ? 'The job is no longer a quote.' : null),
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  if (!run) throw new Error('no run');
  return run.id;
}

/** An unread failure notice for the team's Admin, as the bell lists it; answers its id. */
export function insertTestNotice(db: Db, team: { vendor: { id: string }; admin: { id: string } }, at = new Date()) {
  return insertNotice(db, {
    vendorId: team.vendor.id,
    userId: team.admin.id,
    kind: 'failure',
    title: 'Automations are failing',
    body: 'ServiceM8 refused the change.',
    link: '/app/automation/logs',
    createdAt: at,
  });
}
