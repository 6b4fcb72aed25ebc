import { removeExpiredActivityJob } from './modules/audit/audit.jobs.ts';
import { passwordResetRequestedJob, removeOldSessionsJob, verificationRequestedJob } from './modules/auth/auth.jobs.ts';
import {
  dailyDigestJob,
  dispatchDueRunsJob,
  forgetOldActivityJob,
  forgetOldRecordReadsJob,
  reconcileJob,
  removeExpiredNoticesJob,
} from './modules/automation/automation.jobs.ts';
import { executeRunJob, executeRunsJob } from './modules/automation/execute/execute-run.jobs.ts';
import { endPastDueGraceJob } from './modules/billing/billing.jobs.ts';
import { sendMailJob } from './modules/mail/mail.jobs.ts';
import { activateVendorJob, checkWebhooksJob } from './modules/servicem8/servicem8.jobs.ts';
import { systemPingJob } from './modules/system/system.jobs.ts';
import { removeAbandonedAttachmentsJob } from './modules/triggers/triggers.jobs.ts';
import { processDeliveryJob, removeOldDeliveriesJob } from './modules/webhooks/webhooks.jobs.ts';
import type { JobDefinition } from './queue/job-definition.ts';

/** Every background job, registered here explicitly: workers subscribe to exactly this list. */
export const JOBS: readonly JobDefinition[] = [
  systemPingJob,
  sendMailJob,
  verificationRequestedJob,
  passwordResetRequestedJob,
  activateVendorJob,
  checkWebhooksJob,
  processDeliveryJob,
  executeRunJob,
  executeRunsJob,
  dispatchDueRunsJob,
  reconcileJob,
  endPastDueGraceJob,
  removeExpiredActivityJob,
  removeOldSessionsJob,
  dailyDigestJob,
  removeExpiredNoticesJob,
  removeAbandonedAttachmentsJob,
  removeOldDeliveriesJob,
  forgetOldRecordReadsJob,
  forgetOldActivityJob,
];
