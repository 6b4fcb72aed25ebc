import { z } from 'zod';
import { atMost, say } from './field-words.ts';

/** The emails the platform sends (super admins edit their templates) and the outbox they go through. */

export const SYSTEM_EMAIL_KEYS = [
  'verify-email',
  'password-reset',
  'welcome',
  'vendor-invitation',
  'servicem8-link',
  'account-exists',
  'automation-needs-admin',
  'payment-failed',
  'automation-daily-digest',
] as const;
export type SystemEmailKey = (typeof SYSTEM_EMAIL_KEYS)[number];

export const SystemEmail = z.object({
  id: z.uuid(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  subject: z.string(),
  body: z.string(),
  /** The platform sends this one; it can be edited but not deleted. */
  isSystem: z.boolean(),
  /** Merge fields the platform fills in for this template. */
  mergeFields: z.array(z.string()),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type SystemEmail = z.infer<typeof SystemEmail>;

export const SystemEmailInput = z.object({
  key: z
    .string(say('Key', 'give the email a key'))
    .trim()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, say('Key', 'use lowercase words joined by hyphens, e.g. trial-ending'))
    .max(60, atMost('Key', 60)),
  name: z
    .string(say('Name', 'give the email a name'))
    .trim()
    .min(1, say('Name', 'give the email a name'))
    .max(120, atMost('Name', 120)),
  description: z.string(say('Description', 'write it as text')).trim().max(500, atMost('Description', 500)).default(''),
  subject: z
    .string(say('Subject', 'write the subject'))
    .trim()
    .min(1, say('Subject', 'write the subject'))
    .max(300, atMost('Subject', 300)),
  body: z
    .string(say('Body', 'write the email'))
    .min(1, say('Body', 'write the email'))
    .max(50_000, atMost('Body', 50_000)),
});
/** A change to a template; a missing description keeps the current one. */
export const SystemEmailUpdate = SystemEmailInput.omit({ key: true }).extend({
  description: z.string(say('Description', 'write it as text')).trim().max(500, atMost('Description', 500)).optional(),
});

export const OUTBOX_STATUSES = ['Queued', 'Sent', 'Stored', 'Failed'] as const;

export const OutboxMessage = z.object({
  id: z.uuid(),
  templateKey: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

/** A system email rendered with sample data: its subject and its plain-text and HTML bodies. */
export const RenderedEmail = z.object({ subject: z.string(), text: z.string(), html: z.string() });
export type RenderedEmail = z.infer<typeof RenderedEmail>;
