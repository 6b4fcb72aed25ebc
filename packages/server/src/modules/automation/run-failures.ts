import type { Deps } from '../../deps.ts';
import { ActionProblem } from '../../engine/actions/action-executor.ts';
import { Sm8Error } from '../../integrations/servicem8/sm8-http.ts';
import { countRecentMailTo, queueSystemEmail } from '../mail/mail.service.ts';
import { Sm8ConnectionError } from '../servicem8/sm8-access.ts';
import { vendorAdminContacts } from '../users/memberships.service.ts';
import { findVendor } from '../vendors/vendors.service.ts';

/**
 * Why a run's attempt failed, and whether trying again could help. Permanent failures end the run at
 * once with a sentence that says what to do; transient ones (ServiceM8 busy, down or slow, a dropped
 * connection, our own database hiccup) are retried with backoff.
 */
export type RunFailure =
  | { kind: 'permanent'; reason: string; needsAdmin: boolean }
  | { kind: 'transient'; reason: string };

const permanent = (reason: string, needsAdmin = false): RunFailure => ({ kind: 'permanent', reason, needsAdmin });

export function classifyRunFailure(error: unknown): RunFailure {
  if (error instanceof ActionProblem) return permanent(error.message);
  if (error instanceof Sm8ConnectionError) return permanent(error.message, true);
  if (error instanceof Sm8Error) {
    if (error.retryable) return { kind: 'transient', reason: `ServiceM8 did not answer properly: ${error.message}` };
    if (error.status === 401 || error.status === 403) {
      return permanent(
        `ServiceM8 refused the connection (${error.status}): an Admin needs to connect ServiceM8 again.`,
        true,
      );
    }
    if (error.status === 404) {
      return permanent('ServiceM8 no longer has the record (it was probably deleted), so nothing was done to it.');
    }
    return permanent(`ServiceM8 refused the change: ${error.message}`);
  }
  return { kind: 'transient', reason: error instanceof Error ? error.message : String(error) };
}

/** At most one email an hour to each Admin, whatever number of runs fail meanwhile. */
const NOTICE_INTERVAL_MS = 60 * 60 * 1000;
const NOTICE_KEY = 'automation-needs-admin';

/** Tells the vendor's Admins, by email, that runs fail for a reason only they can fix. */
export async function tellAdmins(deps: Deps, vendorId: string, reason: string): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const vendor = await findVendor(tx, vendorId);
    if (!vendor) return;
    const since = new Date(deps.clock.now().getTime() - NOTICE_INTERVAL_MS);
    for (const admin of await vendorAdminContacts(tx, vendorId)) {
      if ((await countRecentMailTo(tx, { to: admin.email, templateKey: NOTICE_KEY, since })) > 0) continue;
      await queueSystemEmail(tx, deps, {
        key: NOTICE_KEY,
        to: admin,
        data: { vendor: { name: vendor.name }, reason, link: `${deps.config.publicUrl}/app/automation/logs` },
      });
    }
  });
}
