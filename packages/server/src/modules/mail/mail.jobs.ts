import { z } from 'zod';
import { defineJob } from '../../queue/job-definition.ts';
import { findOutboxMessage, updateOutboxMessage } from './mail.repository.ts';
import { withoutLinks } from './remove-links.ts';

const RETRY_LIMIT = 5;

/**
 * Delivers one outbox message. Retried with backoff; a message already delivered is never sent twice.
 * Once sent, the stored copy loses its links: they belong in the recipient's mailbox only.
 */
export const sendMailJob = defineJob({
  name: 'mail.send',
  payload: z.object({ outboxId: z.uuid() }),
  queue: { retryLimit: RETRY_LIMIT, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600 },
  async handle({ outboxId }, { deps, log, retryCount }) {
    const db = deps.database.db;
    const message = await findOutboxMessage(db, outboxId);
    if (!message || message.status === 'Sent' || message.status === 'Stored') return { skipped: true };
    const attempts = message.attempts + 1;
    try {
      const status = await deps.mail.send(message);
      // Without SMTP the outbox is the only delivery, so a Stored message keeps its links.
      const body = status === 'Sent' ? withoutLinks(message) : {};
      await updateOutboxMessage(db, outboxId, { status, attempts, lastError: null, sentAt: deps.clock.now(), ...body });
      return { status };
    } catch (error) {
      const lastError = error instanceof Error ? error.message : String(error);
      const final = retryCount >= RETRY_LIMIT;
      await updateOutboxMessage(db, outboxId, { attempts, lastError, ...(final ? { status: 'Failed' } : {}) });
      log.warn({ err: error, to: message.to, attempts, final }, 'email not delivered');
      throw error;
    }
  },
});
