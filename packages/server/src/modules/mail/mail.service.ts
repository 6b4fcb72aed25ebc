import type { SystemEmailKey } from '@automate/contract';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { sendMailJob } from './mail.jobs.ts';
import {
  countMessagesSince,
  countOutboxBacklog,
  findSystemEmailByKey,
  insertOutboxMessage,
  lockMailTo,
} from './mail.repository.ts';
import { renderEmail } from './render-email.ts';
import { hasRoomForRequestedEmail, isRequestedEmail } from './requested-email-limit.ts';
import { findSystemEmailDefault } from './system-email-defaults.ts';

export type Recipient = { email: string; firstName: string; lastName: string };

type MergeData = Record<string, unknown>;

export type SystemEmail = {
  key: SystemEmailKey;
  to: Recipient;
  /**
   * The merge data, or a function making it that is called only if the email is queued: a link token
   * is then issued only for an email that goes out.
   */
  data: MergeData | (() => Promise<MergeData>);
  /** Sent by a super admin from the user's page: not held back by the limit on requested emails. */
  bySuperAdmin?: boolean;
};

/**
 * Renders a system email for a recipient and queues it for delivery, inside the caller's
 * transaction `tx`: the message exists exactly when the change that caused it commits. An email anyone
 * can request for an address is not queued once the address has had its hour's share
 * (`requested-email-limit.ts`); the caller carries on as if it had been.
 */
export async function queueSystemEmail(
  tx: Db,
  deps: Pick<Deps, 'queue' | 'config' | 'clock'>,
  email: SystemEmail,
): Promise<void> {
  if (
    isRequestedEmail(email.key) &&
    !email.bySuperAdmin &&
    !(await hasRoomForRequestedEmail(tx, email.to.email, deps.clock.now()))
  ) {
    return;
  }
  const template = (await findSystemEmailByKey(tx, email.key)) ?? findSystemEmailDefault(email.key);
  if (!template) throw new Error(`No template for the ${email.key} email.`);
  const data = typeof email.data === 'function' ? await email.data() : email.data;
  const rendered = await renderEmail(template, {
    app: { name: 'Automate', url: deps.config.publicUrl },
    user: email.to,
    ...data,
  });
  const message = await insertOutboxMessage(tx, { templateKey: email.key, to: email.to.email, ...rendered });
  await deps.queue.send(sendMailJob, { outboxId: message.id }, { tx });
}

/**
 * Sends `template` (subject and body, saved or not) to `to` as a test: rendered with the sample data
 * addressed to them, the subject marked "[Test]", through the outbox as every email goes.
 */
export async function queueTestEmail(
  tx: Db,
  deps: Pick<Deps, 'queue' | 'config'>,
  email: { key: string; template: { subject: string; body: string }; to: Recipient },
): Promise<void> {
  const rendered = await renderEmail(email.template, {
    ...SAMPLE_MERGE_DATA,
    app: { name: 'Automate', url: deps.config.publicUrl },
    user: email.to,
  });
  const message = await insertOutboxMessage(tx, {
    templateKey: email.key,
    to: email.to.email,
    ...rendered,
    subject: `[Test] ${rendered.subject}`,
  });
  await deps.queue.send(sendMailJob, { outboxId: message.id }, { tx });
}

/** The outbox's backlog: messages waiting to be sent, those that failed, and the oldest waiting one's time. */
export function outboxBacklog(db: Db) {
  return countOutboxBacklog(db);
}

/**
 * How many `templateKey` emails were queued for `to` since `since`. Counted under a lock on the
 * address, held until `tx` ends, so two requests at once cannot both see room under a limit.
 */
export async function countRecentMailTo(
  tx: Db,
  query: { to: string; templateKey: string; since: Date },
): Promise<number> {
  await lockMailTo(tx, query.to);
  return countMessagesSince(tx, { to: query.to, templateKeys: [query.templateKey], since: query.since });
}

/** Sample data for previews: every merge field any system email uses. */
export const SAMPLE_MERGE_DATA = {
  app: { name: 'Automate', url: 'https://automate.example.com' },
  user: { firstName: 'Alex', lastName: 'Taylor', email: 'alex@example.com' },
  vendor: { name: 'Taylor Plumbing' },
  inviter: { firstName: 'Sam', lastName: 'Lee' },
  role: 'User',
  link: 'https://automate.example.com/auth/verify/sample-token/00000000-0000-4000-8000-000000000000',
  expiresInHours: 24,
  staff: { name: 'Alex Taylor', email: 'alex@example.com' },
  account: { name: 'Taylor Plumbing' },
  expiresInMinutes: 30,
  reason: 'ServiceM8 no longer accepts this connection: an Admin needs to connect ServiceM8 again.',
  plan: { name: 'Pro' },
  graceEndsAt: '3 December 2026',
  day: 'Tue 24 Nov 2026',
  total: 12,
  statuses: [
    { status: 'Succeeded', runs: 9 },
    { status: 'Failed', runs: 3 },
  ],
  failures: [
    {
      cause: 'An email template was deleted',
      runs: 3,
      example:
        'Action 1, “Email the client”: The email template chosen for this action was deleted; choose another one.',
    },
  ],
  warnings: ['Job 1042: the client has no contact with an email address — “Email the client” will not be sent.'],
};
