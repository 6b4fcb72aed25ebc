import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { defineJob } from '../../queue/job-definition.ts';
import { countRecentMailTo } from '../mail/mail.service.ts';
import { findUserWithEmail } from '../users/users.service.ts';
import { sendLinkEmail } from './auth-emails.ts';
import { removeOldSessions } from './sessions.service.ts';

const EmailPayload = z.object({ email: z.string() });

/**
 * Link emails of one kind an address receives in an hour at most: asking again and again (from any
 * network) cannot flood someone's inbox. Requests over it are answered as usual and send nothing.
 */
const LINK_EMAILS_PER_HOUR = 3;

async function underHourlyLimit(tx: Db, email: string, templateKey: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - 3_600_000);
  return (await countRecentMailTo(tx, { to: email, templateKey, since })) < LINK_EMAILS_PER_HOUR;
}

const retries = { retryLimit: 3, retryDelay: 10, retryBackoff: true };

/** Someone asked for a new confirmation link: send one if the address belongs to an unconfirmed account. */
export const verificationRequestedJob = defineJob({
  name: 'auth.verification-requested',
  payload: EmailPayload,
  queue: retries,
  async handle({ email }, { deps }) {
    await deps.database.db.transaction(async (tx) => {
      const user = await findUserWithEmail(tx, email);
      const now = deps.clock.now();
      if (user && !user.emailVerifiedAt && (await underHourlyLimit(tx, user.email, 'verify-email', now))) {
        await sendLinkEmail(tx, deps, user, 'verification', now);
      }
    });
  },
});

/** Someone asked to reset a forgotten password: send a link if the address belongs to an account. */
export const passwordResetRequestedJob = defineJob({
  name: 'auth.password-reset-requested',
  payload: EmailPayload,
  queue: retries,
  async handle({ email }, { deps }) {
    await deps.database.db.transaction(async (tx) => {
      const user = await findUserWithEmail(tx, email);
      const now = deps.clock.now();
      if (user && (await underHourlyLimit(tx, user.email, 'password-reset', now))) {
        await sendLinkEmail(tx, deps, user, 'passwordReset', now);
      }
    });
  },
});

/** Every night: ended and expired sessions are kept 30 days, then deleted. */
export const removeOldSessionsJob = defineJob({
  name: 'auth.remove-old-sessions',
  payload: z.object({}).loose(),
  queue: { retryLimit: 2, retryDelay: 300 },
  schedule: '23 3 * * *',
  handle: async (_payload, { deps }) => ({ removed: await removeOldSessions(deps) }),
});
