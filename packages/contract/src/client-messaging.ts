import { z } from 'zod';
import { say } from './field-words.ts';
import type { AutomationAction } from './triggers.ts';

/**
 * Client messaging: what keeps automations from embarrassing a business with its customers. Quiet
 * hours hold client-facing messages until the business is open, contact limits cap how many a client
 * gets, and opted-out clients get none.
 */

/**
 * THE list of client-facing actions: they send an email or a text message to the job's or client's
 * contact. Quiet hours, contact limits and opt-outs apply to these only (badges, notes, status and the
 * other internal actions always go ahead), and they are what a plan's messages a month count.
 */
export const CLIENT_FACING_ACTIONS = [
  'Job_SendEmail',
  'JobClient_SendEmail',
  'Job_SendText',
  'JobClient_SendText',
  'Job_SendAttachment',
] as const satisfies readonly AutomationAction[];

export function isClientFacingAction(type: string): boolean {
  return (CLIENT_FACING_ACTIONS as readonly string[]).includes(type);
}

/** Days of the week as ISO numbers: 1 is Monday, 7 is Sunday. */
export const WEEKDAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

const ClockTime = (label: string) =>
  z
    .string(say(label, 'give a time such as 08:00'))
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, say(label, 'give a time such as 08:00 (24-hour clock)'));

const CapNumber = (label: string) =>
  z
    .number(say(label, 'give a number, or leave it empty for no limit'))
    .int(say(label, 'give a whole number'))
    .min(1, say(label, 'allow at least 1 message, or leave it empty for no limit'))
    .max(100, say(label, 'use at most 100'))
    .nullable();

export const QuietHours = z
  .object({
    /** Off: client messages go out whenever they are due. */
    enabled: z.boolean(say('Quiet hours', 'give true or false')),
    /** Messages go out from `start` until `end` (vendor time zone, 24-hour `HH:MM`) on `days`. */
    start: ClockTime('Business hours start'),
    end: ClockTime('Business hours end'),
    days: z
      .array(z.number().int().min(1).max(7), say('Business days', 'choose the days messages may go out'))
      .min(1, say('Business days', 'choose at least one day'))
      .max(7),
  })
  .refine((hours) => hours.start < hours.end, {
    path: ['end'],
    message: 'Business hours end: choose a time after the start.',
  });
export type QuietHours = z.infer<typeof QuietHours>;

export const ClientMessagingSettings = z.object({
  quietHours: QuietHours,
  /** At most this many client-facing messages per client per day and per week (vendor calendar); null: no limit. */
  contactLimits: z.object({
    perDay: CapNumber('Messages per client per day'),
    perWeek: CapNumber('Messages per client per week'),
  }),
  /** The ServiceM8 badge that opts a client out of automated messages; null: none. */
  optOutBadgeUuid: z.string().min(1).nullable(),
});
export type ClientMessagingSettings = z.infer<typeof ClientMessagingSettings>;

/** A new business: messages Mon–Sat 8:00–20:00, no contact limits, no opt-out badge. */
export const DEFAULT_CLIENT_MESSAGING: ClientMessagingSettings = {
  quietHours: { enabled: true, start: '08:00', end: '20:00', days: [1, 2, 3, 4, 5, 6] },
  contactLimits: { perDay: null, perWeek: null },
  optOutBadgeUuid: null,
};

/** A client who used the unsubscribe link of an automated email. */
export const ClientOptOut = z.object({
  clientUuid: z.string(),
  /** Who used the link: the name of the client's contact the email went to. */
  contactName: z.string(),
  email: z.string(),
  optedOutAt: z.iso.datetime(),
});
export type ClientOptOut = z.infer<typeof ClientOptOut>;

/** What the public unsubscribe page shows before and after the click. */
export const UnsubscribePage = z.object({
  businessName: z.string(),
  /** The address the email went to, partly hidden (`e***@example.com`). */
  email: z.string(),
  optedOut: z.boolean(),
});
export type UnsubscribePage = z.infer<typeof UnsubscribePage>;

/** The path of the public page an automated email links to (`?token=…`); the web app routes it. */
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';
