import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { queueSystemEmail } from '../mail/mail.service.ts';
import type { UserRow } from '../users/users.repository.ts';
import { issueLinkToken, LINK_TTL_HOURS } from './auth-links.ts';

/** Queues a confirmation link for the user's email address (retiring earlier links). */
export async function sendVerificationEmail(tx: Db, deps: Deps, user: UserRow, now: Date): Promise<void> {
  const ttlHours = LINK_TTL_HOURS.verify_email;
  const token = await issueLinkToken(tx, { userId: user.id, purpose: 'verify_email', ttlHours, now });
  await queueSystemEmail(tx, deps, {
    key: 'verify-email',
    to: user,
    data: { link: `${deps.config.publicUrl}/auth/verify/${token}/${user.id}`, expiresInHours: ttlHours },
  });
}

/** Queues a link to choose a new password (retiring earlier links). */
export async function sendPasswordResetEmail(tx: Db, deps: Deps, user: UserRow, now: Date): Promise<void> {
  const ttlHours = LINK_TTL_HOURS.password_reset;
  const token = await issueLinkToken(tx, { userId: user.id, purpose: 'password_reset', ttlHours, now });
  await queueSystemEmail(tx, deps, {
    key: 'password-reset',
    to: user,
    data: { link: `${deps.config.publicUrl}/auth/reset/${token}/${user.id}`, expiresInHours: ttlHours },
  });
}
