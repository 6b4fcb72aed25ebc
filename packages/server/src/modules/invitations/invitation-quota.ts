import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { findInvitationTimesSince, lockVendorInvitations } from './invitations.repository.ts';

/** Invitations one business may send in 24 hours, so that inviting cannot be used to send mail in bulk. */
export const INVITATIONS_PER_VENDOR_PER_DAY = 50;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Refuses (429) an invitation from a vendor that has sent its day's share: withdrawn and replaced
 * invitations count too. The answer says when the next one may go: when the invitation that makes
 * the count full is a day old. Holds the vendor's invitations locked until `tx` ends.
 */
export async function assertInvitationQuota(tx: Db, vendorId: string, now: Date): Promise<void> {
  await lockVendorInvitations(tx, vendorId);
  const sent = await findInvitationTimesSince(tx, vendorId, new Date(now.getTime() - DAY_MS));
  const freedBy = sent[sent.length - INVITATIONS_PER_VENDOR_PER_DAY];
  if (!freedBy) return;
  const waitMs = Math.max(freedBy.getTime() + DAY_MS - now.getTime(), 1000);
  throw new AppError(
    'RATE_LIMITED',
    `A business can send at most ${INVITATIONS_PER_VENDOR_PER_DAY} invitations a day, and yours has sent ` +
      `${sent.length} in the last 24 hours. You can invite again in ${describeWait(waitMs)}.`,
    { retryAfterSeconds: Math.ceil(waitMs / 1000) },
  );
}

/** "12 minutes", "1 hour", "24 hours": the wait rounded up. */
function describeWait(ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}
