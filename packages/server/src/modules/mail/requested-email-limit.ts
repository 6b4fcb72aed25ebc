import type { SystemEmailKey } from '@automate/contract';
import type { Db } from '../../db/database.ts';
import { countMessagesSince, lockMailTo } from './mail.repository.ts';

/**
 * The system emails anyone can have sent to an address they type in: signing up with it (the
 * confirmation, or "you already have an account"), asking for a confirmation or reset link again,
 * inviting it to a business, signing in with ServiceM8 as a staff member given it.
 */
const REQUESTED_EMAILS: readonly SystemEmailKey[] = [
  'verify-email',
  'password-reset',
  'account-exists',
  'vendor-invitation',
  'servicem8-link',
];

/**
 * Requested emails one address receives in an hour at most, all kinds together and whatever the
 * spelling of the address: asking again and again, from any network and through any of these forms,
 * cannot flood someone's inbox. A request over it is answered as usual and sends nothing.
 */
export const REQUESTED_EMAILS_PER_HOUR = 3;

const HOUR_MS = 60 * 60 * 1000;

export function isRequestedEmail(key: SystemEmailKey): boolean {
  return REQUESTED_EMAILS.includes(key);
}

/**
 * Whether `to` may receive another requested email at `now`. Decided under a lock on the address, held
 * until `tx` ends, so two requests at once cannot both see room under the limit.
 */
export async function hasRoomForRequestedEmail(tx: Db, to: string, now: Date): Promise<boolean> {
  await lockMailTo(tx, to);
  const since = new Date(now.getTime() - HOUR_MS);
  const sent = await countMessagesSince(tx, { to, templateKeys: REQUESTED_EMAILS, since });
  return sent < REQUESTED_EMAILS_PER_HOUR;
}
