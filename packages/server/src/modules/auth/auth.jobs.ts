import { z } from 'zod';
import { defineJob } from '../../queue/job-definition.ts';
import { findUserByEmail } from '../users/users.repository.ts';
import { sendLinkEmail } from './auth-emails.ts';

const EmailPayload = z.object({ email: z.string() });
const retries = { retryLimit: 3, retryDelay: 10, retryBackoff: true };

/** Someone asked for a new confirmation link: send one if the address belongs to an unconfirmed account. */
export const verificationRequestedJob = defineJob({
  name: 'auth.verification-requested',
  payload: EmailPayload,
  queue: retries,
  async handle({ email }, { deps }) {
    await deps.database.db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email);
      if (user && !user.emailVerifiedAt) await sendLinkEmail(tx, deps, user, 'verification', deps.clock.now());
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
      const user = await findUserByEmail(tx, email);
      if (user) await sendLinkEmail(tx, deps, user, 'passwordReset', deps.clock.now());
    });
  },
});
