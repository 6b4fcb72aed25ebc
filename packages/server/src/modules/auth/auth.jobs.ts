import { z } from 'zod';
import { defineJob } from '../../queue/job-definition.ts';
import { findUserWithEmail } from '../users/users.service.ts';
import { sendLinkEmail } from './auth-emails.ts';
import { removeOldSessions } from './sessions.service.ts';

const EmailPayload = z.object({ email: z.string() });

const retries = { retryLimit: 3, retryDelay: 10, retryBackoff: true };

/**
 * Someone asked for a new confirmation link: send one if the address belongs to an unconfirmed account
 * (and has room under the limit on requested emails).
 */
export const verificationRequestedJob = defineJob({
  name: 'auth.verification-requested',
  payload: EmailPayload,
  queue: retries,
  async handle({ email }, { deps }) {
    await deps.database.db.transaction(async (tx) => {
      const user = await findUserWithEmail(tx, email);
      if (user && !user.emailVerifiedAt) await sendLinkEmail(tx, deps, user, 'verification', { now: deps.clock.now() });
    });
  },
});

/**
 * Someone asked to reset a forgotten password: send a link if the address belongs to an account (and
 * has room under the limit on requested emails).
 */
export const passwordResetRequestedJob = defineJob({
  name: 'auth.password-reset-requested',
  payload: EmailPayload,
  queue: retries,
  async handle({ email }, { deps }) {
    await deps.database.db.transaction(async (tx) => {
      const user = await findUserWithEmail(tx, email);
      if (user) await sendLinkEmail(tx, deps, user, 'passwordReset', { now: deps.clock.now() });
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
