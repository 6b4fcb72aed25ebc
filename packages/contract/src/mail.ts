import { z } from 'zod';

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
    .string({ error: 'key is required.' })
    .trim()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'key must be lowercase words joined by hyphens, e.g. trial-ending.')
    .max(60),
  name: z.string({ error: 'name is required.' }).trim().min(1, 'name is required.').max(120),
  description: z.string().trim().max(500).default(''),
  subject: z.string({ error: 'subject is required.' }).trim().min(1, 'subject is required.').max(300),
  body: z.string({ error: 'body is required.' }).min(1, 'body is required.').max(50_000),
});
/** A change to a template; a missing description keeps the current one. */
export const SystemEmailUpdate = SystemEmailInput.omit({ key: true }).extend({
  description: z.string().trim().max(500).optional(),
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
