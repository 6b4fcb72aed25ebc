import { z } from 'zod';
import { defineJob } from '../../queue/job-definition.ts';
import { connectedVendorIds } from '../servicem8/sm8-access.ts';
import { forgetOldActivity } from './activity/activity.service.ts';
import { dispatchDueRuns } from './execute/run-dispatch.service.ts';
import { removeExpiredNotices } from './notices/notices.service.ts';
import { sendDailyDigests } from './notices/run-digest.service.ts';
import { reconcileVendor } from './observe/reconciliation.service.ts';
import { forgetOldRecordReads } from './observe/record-read-limits.ts';

/** Every minute: queue the runs whose delay has passed, and match events a crash left unmatched. */
export const dispatchDueRunsJob = defineJob({
  name: 'automation.dispatch-due-runs',
  payload: z.object({}).loose(),
  queue: { retryLimit: 1 },
  schedule: '* * * * *',
  handle: (_payload, { deps }) => dispatchDueRuns(deps),
});

/** Every 15 minutes: read what changed in each connected account since last time, to catch missed webhooks. */
export const reconcileJob = defineJob({
  name: 'automation.reconcile',
  payload: z.object({ vendorId: z.uuid().optional() }).loose(),
  queue: { retryLimit: 2, retryDelay: 60 },
  schedule: '*/15 * * * *',
  async handle({ vendorId }, { deps, log }) {
    const vendorIds = vendorId ? [vendorId] : await connectedVendorIds(deps.database.db);
    const results: Record<string, unknown> = {};
    for (const id of vendorIds) {
      try {
        results[id] = await reconcileVendor(deps, id);
      } catch (error) {
        log.warn({ err: error, vendorId: id }, 'could not reconcile with ServiceM8');
        if (vendorId) throw error;
      }
    }
    return results;
  },
});

/** Every hour: the daily digests due (7 in the morning in each vendor's time zone). */
export const dailyDigestJob = defineJob({
  name: 'automation.daily-digest',
  payload: z.object({}).loose(),
  queue: { retryLimit: 2, retryDelay: 300 },
  schedule: '5 * * * *',
  handle: async (_payload, { deps }) => ({ sent: await sendDailyDigests(deps) }),
});

/** Every night: the bell's notices, once read, keep a month, and a year at most. */
export const removeExpiredNoticesJob = defineJob({
  name: 'automation.remove-expired-notices',
  payload: z.object({}).loose(),
  queue: { retryLimit: 2, retryDelay: 300 },
  schedule: '27 3 * * *',
  handle: async (_payload, { deps }) => ({ removed: await removeExpiredNotices(deps) }),
});

/** Every night: the reads of never-seen records and the records found missing are kept a day. */
export const forgetOldRecordReadsJob = defineJob({
  name: 'automation.forget-old-record-reads',
  payload: z.object({}).loose(),
  queue: { retryLimit: 2, retryDelay: 300 },
  schedule: '57 3 * * *',
  handle: async (_payload, { deps }) => ({ removed: await forgetOldRecordReads(deps) }),
});

/** Every night: Activity forgets the changes and reasons older than it keeps (30 days). */
export const forgetOldActivityJob = defineJob({
  name: 'automation.forget-old-activity',
  payload: z.object({}).loose(),
  queue: { retryLimit: 2, retryDelay: 300 },
  schedule: '47 3 * * *',
  handle: async (_payload, { deps }) => ({ removed: await forgetOldActivity(deps) }),
});
