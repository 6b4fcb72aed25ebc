import type { ClientMessagingSettings, TriggerAction } from '@automate/contract';
import type { Db } from '../../../db/database.ts';
import type { RunRecords } from '../../../engine/records/run-records.ts';
import { formatInZone } from '../../../engine/schedule/due-at.ts';
import { finishWaitingStep, type RunRow, type StepRow } from '../automation.repository.ts';
import { clientMessageRefusal } from './client-messaging.service.ts';
import { insertStep } from './run-writes.repository.ts';

/**
 * Whether a client-facing action may go now: held by quiet hours (a Waiting step, updated while it
 * waits), refused (a Skipped step with the reason: an opt-out or a contact limit), or free to go (a
 * Waiting step of an earlier attempt is finished first). Answers the next step position.
 */
export function clientMessageGateFor(vendor: {
  settings: ClientMessagingSettings;
  timeZone: string;
  client: RunRecords['client'];
  badgeName: (uuid: string) => string;
}) {
  return async (
    db: Db,
    at: {
      run: RunRow;
      action: TriggerAction;
      latest: StepRow | undefined;
      position: number;
      waitSentence: string | null;
      now: Date;
    },
  ): Promise<{ held: boolean; refusal: string | null; position: number }> => {
    const { run, action, now } = at;
    let position = at.position;
    const waiting = at.latest?.status === 'Waiting' ? at.latest : undefined;
    if (at.waitSentence) {
      if (waiting) await finishWaitingStep(db, waiting.id, { outcome: at.waitSentence, at: null });
      else await insertStep(db, actionStep(run.id, position++, action, 'Waiting', at.waitSentence, now));
      return { held: true, refusal: null, position };
    }
    if (waiting) {
      const outcome = `Waited for business hours until ${formatInZone(now, vendor.timeZone)}.`;
      await finishWaitingStep(db, waiting.id, { outcome, at: now });
    }
    const refusal = run.clientUuid
      ? await clientMessageRefusal(db, { ...vendor, vendorId: run.vendorId, clientUuid: run.clientUuid, now })
      : null;
    if (refusal) await insertStep(db, actionStep(run.id, position++, action, 'Skipped', refusal, now, now));
    return { held: false, refusal, position };
  };
}

/** A step for an action that was not performed: held (Waiting, not finished) or Skipped (finished). */
function actionStep(
  runId: string,
  position: number,
  action: TriggerAction,
  status: 'Waiting' | 'Skipped',
  outcome: string,
  startedAt: Date,
  finishedAt: Date | null = null,
) {
  return {
    runId,
    position,
    kind: 'Action' as const,
    actionId: action.id,
    actionType: action.type,
    status,
    input: {},
    outcome,
    startedAt,
    finishedAt,
  };
}
