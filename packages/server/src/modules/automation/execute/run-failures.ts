import type { Deps } from '../../../deps.ts';
import { ActionProblem } from '../../../engine/actions/action-executor.ts';
import { Sm8Error, sm8Said } from '../../../integrations/servicem8/sm8-http.ts';
import { countRecentMailTo, queueSystemEmail } from '../../mail/mail.service.ts';
import { Sm8ConnectionError } from '../../servicem8/sm8-access.ts';
import { vendorAdminContacts } from '../../users/memberships.service.ts';
import { findVendor } from '../../vendors/vendors.service.ts';
import { hasNoticeSince, insertNotice } from '../notices/notices.repository.ts';

/**
 * Why a failed run failed, in kinds the failure digest groups by. An Admin can fix the first three
 * (connect ServiceM8 again, choose another template, correct what ServiceM8 refused), so they are told.
 */
export const FAILURE_CAUSES = {
  'servicem8-connection': 'ServiceM8 is not connected, or refused the connection',
  'missing-template': 'An email template was deleted',
  'servicem8-refused': 'ServiceM8 refused a change',
  'missing-file': 'The file of an action was removed',
  'missing-contact': 'No contact with an email address or a valid mobile number',
  'record-deleted': 'The job or client was deleted in ServiceM8',
  'servicem8-unavailable': 'ServiceM8 kept failing (busy or down)',
  other: 'Other problems',
} as const;
export type FailureCause = keyof typeof FAILURE_CAUSES;

const ADMIN_CAUSES: readonly FailureCause[] = ['servicem8-connection', 'missing-template', 'servicem8-refused'];

/**
 * Why a run's attempt failed, and whether trying again could help. Permanent failures end the run at
 * once with a sentence that says what to do; transient ones (ServiceM8 busy, down or slow, a dropped
 * connection, our own database hiccup) are retried with backoff.
 */
export type RunFailure =
  | { kind: 'permanent'; reason: string; cause: FailureCause; needsAdmin: boolean }
  | { kind: 'transient'; reason: string };

const permanent = (reason: string, cause: FailureCause): RunFailure => ({
  kind: 'permanent',
  reason,
  cause,
  needsAdmin: ADMIN_CAUSES.includes(cause),
});

/**
 * A change ServiceM8 refused, as a person reads it: what happened, that it is not tried again by
 * itself, and what to do.
 */
function refusalSentence(error: Sm8Error): string {
  return `ServiceM8 would not make the change: ${sm8Said(error)}. It is not tried again by itself: put right what ServiceM8 objects to (in ServiceM8, or in the automation), then retry the run.`;
}

/**
 * A ServiceM8 call that failed for now (busy, down, slow or out of reach), as a person reads it: what
 * happened, in ServiceM8's own words where it gave any. Whether and when it is tried again is said by
 * whoever shows it (the retrying run, or the run that gave up).
 */
function unavailableSentence(error: Sm8Error): string {
  if (error.status === 429) return 'ServiceM8 said the account had sent it too many requests for now';
  if (error.status === 0) {
    const waited = /no answer within ([\d.]+ s)/.exec(error.message)?.[1];
    return waited ? `ServiceM8 did not answer within ${waited}` : 'ServiceM8 could not be reached';
  }
  return `ServiceM8 was busy or down: ${sm8Said(error)}`;
}

export function classifyRunFailure(error: unknown): RunFailure {
  if (error instanceof ActionProblem) return permanent(error.message, error.kind === 'other' ? 'other' : error.kind);
  if (error instanceof Sm8ConnectionError) return permanent(error.message, 'servicem8-connection');
  if (error instanceof Sm8Error) {
    if (error.retryable) return { kind: 'transient', reason: unavailableSentence(error) };
    if (error.status === 401 || error.status === 403) {
      return permanent(
        `ServiceM8 refused the connection (${error.status}): an Admin needs to connect ServiceM8 again.`,
        'servicem8-connection',
      );
    }
    if (error.status === 404) {
      return permanent(
        'ServiceM8 no longer has the record (it was probably deleted), so nothing was done to it.',
        'record-deleted',
      );
    }
    return permanent(refusalSentence(error), 'servicem8-refused');
  }
  return { kind: 'transient', reason: error instanceof Error ? error.message : String(error) };
}

/** At most one email an hour to each Admin, whatever number of runs fail meanwhile. */
const NOTICE_INTERVAL_MS = 60 * 60 * 1000;
const NOTICE_KEY = 'automation-needs-admin';
const LOG_PATH = '/app/automation/logs';
/** The run log of `vendorId`: the link names the business, so a member of several opens the right one. */
export const vendorLogPath = (vendorId: string) => `${LOG_PATH}?vendor=${encodeURIComponent(vendorId)}`;

/**
 * Tells the vendor's Admins, by email and in the app's bell, that runs fail for a reason only they can
 * fix; at most once an hour to each.
 */
export async function tellAdmins(deps: Deps, vendorId: string, reason: string): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const vendor = await findVendor(tx, vendorId);
    if (!vendor) return;
    const now = deps.clock.now();
    const since = new Date(now.getTime() - NOTICE_INTERVAL_MS);
    for (const admin of await vendorAdminContacts(tx, vendorId)) {
      // The outbox count also locks the address until the transaction ends, so runs failing at once send
      // one email; the notices count by the app's clock, as `since` does.
      if ((await countRecentMailTo(tx, { to: admin.email, templateKey: NOTICE_KEY, since })) > 0) continue;
      if (await hasNoticeSince(tx, { vendorId, userId: admin.id, kind: 'failure', since })) continue;
      await queueSystemEmail(tx, deps, {
        key: NOTICE_KEY,
        to: admin,
        data: { vendor: { name: vendor.name }, reason, link: `${deps.config.publicUrl}${vendorLogPath(vendorId)}` },
      });
      await insertNotice(tx, {
        vendorId,
        userId: admin.id,
        kind: 'failure',
        title: 'Automations are failing',
        body: reason,
        link: vendorLogPath(vendorId),
        createdAt: now,
      });
    }
  });
}
