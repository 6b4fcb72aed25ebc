import { randomUUID } from 'node:crypto';
import type { Deps } from '../../../deps.ts';
import { type ActionEnv, TextProblem } from '../../../engine/actions/action-executor.ts';
import { LIQUID_LIMITS } from '../../../engine/messages/liquid-engine.ts';
import { buildMergeValues } from '../../../engine/messages/merge-values.ts';
import { MergeTextError, mergeRecordsUsed, renderMergeText } from '../../../engine/messages/render-merge-text.ts';
import type { RunRecords } from '../../../engine/records/run-records.ts';
import type { Sm8Client } from '../../../integrations/servicem8/sm8-client.ts';
import { templateToSend } from '../../email-templates/email-templates.service.ts';
import { readTriggerAttachment } from '../../triggers/triggers.service.ts';
import { insertWrite, type RunRow } from '../automation.repository.ts';
import type { ReferenceNames } from '../match/reference-names.ts';
import { unsubscribeUrl } from './client-messaging.service.ts';
import { webAddressEnv } from './web-address.service.ts';

/**
 * How long filling in all the texts of one run attempt (or one dry run) may take together, each text
 * at most the engine's own limit: with 20 actions of two texts each, one text's limit alone would let
 * a trigger keep the process busy for seconds.
 */
const TEXTS_RENDER_MS = LIQUID_LIMITS.renderLimit * 2;

/**
 * Renders merge fields for a message to `contact`, reading the records the text uses; missing values
 * render empty and are listed. The texts of one renderer share the time `TEXTS_RENDER_MS`.
 */
export function mergeRenderer(records: RunRecords): ActionEnv['render'] {
  let renderMsLeft = TEXTS_RENDER_MS;
  return async (template, contact) => {
    const used = mergeRecordsUsed(template);
    const values = buildMergeValues({
      job: used.has('job') ? await records.job() : null,
      client: used.has('client') ? await records.client() : null,
      contact,
      staff: used.has('staff') ? await records.staff() : null,
      booking: used.has('booking') ? await records.booking() : null,
      vendor: used.has('vendor') ? await records.vendor() : null,
    });
    const started = performance.now();
    try {
      return renderMergeText(template, values, { renderLimitMs: Math.max(1, renderMsLeft) });
    } catch (error) {
      if (error instanceof MergeTextError) throw new TextProblem(error.message);
      throw error;
    } finally {
      renderMsLeft -= performance.now() - started;
    }
  };
}

/** What actions use during this run; also used by the dry run (which never calls `perform`). */
export function actionEnv(
  deps: Deps,
  client: Sm8Client,
  run: Pick<RunRow, 'id' | 'vendorId' | 'triggerId' | 'cascadeDepth' | 'clientUuid' | 'event'>,
  records: RunRecords,
  names: ReferenceNames,
): ActionEnv {
  const db = deps.database.db;
  return {
    client,
    records,
    render: mergeRenderer(records),
    emailTemplate: (id) => templateToSend(db, { vendorId: run.vendorId, id }),
    attachment: (id) => readTriggerAttachment(deps, run.vendorId, id),
    async noteWrite(object, uuid, fields, created = false) {
      await insertWrite(db, {
        vendorId: run.vendorId,
        object,
        uuid,
        fields,
        created: created ? 1 : 0,
        runId: run.id,
        triggerId: run.triggerId,
        cascadeDepth: run.cascadeDepth,
        writtenAt: deps.clock.now(),
      });
    },
    newUuid: () => randomUUID(),
    unsubscribeLink: async ({ name, email }) =>
      run.clientUuid
        ? unsubscribeUrl(deps, { vendorId: run.vendorId, clientUuid: run.clientUuid, contactName: name, email })
        : null,
    nameOf: names.nameOf,
    webAddress: webAddressEnv(deps, run),
  };
}
