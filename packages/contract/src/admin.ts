import { z } from 'zod';
import { Vendor } from './accounts.ts';

/** The super admin's views of the platform: vendors with their activity. */

/** A vendor in the super admin's list: the vendor and how its automations are doing. */
export const AdminVendorRow = Vendor.extend({
  enabledTriggers: z.number().int(),
  /** Runs created in the last 30 days, and how many of them failed. */
  runs30Days: z.number().int(),
  failures30Days: z.number().int(),
  /** When its newest run was created; null when it has never run. */
  lastActivityAt: z.iso.datetime().nullable(),
});
export type AdminVendorRow = z.infer<typeof AdminVendorRow>;

/** The vendor's ServiceM8 connection as its admin page shows it; null when it is not connected. */
export const AdminVendorConnection = z.object({
  accountName: z.string().nullable(),
  connectedAt: z.iso.datetime(),
  lastSyncedAt: z.iso.datetime().nullable(),
  /** ServiceM8 refused to refresh the tokens: an Admin must connect again. */
  needsReconnectSince: z.iso.datetime().nullable(),
});
export type AdminVendorConnection = z.infer<typeof AdminVendorConnection>;

export const AdminVendorDetail = AdminVendorRow.extend({ serviceM8: AdminVendorConnection.nullable() });
export type AdminVendorDetail = z.infer<typeof AdminVendorDetail>;

/** One entry of the audit log: who did what, when, on which vendor or user, with the setting before and after. */
export const AuditEntry = z.object({
  id: z.uuid(),
  at: z.iso.datetime(),
  actorUserId: z.uuid(),
  actorName: z.string(),
  action: z.string(),
  summary: z.string(),
  vendorId: z.uuid().nullable(),
  targetUserId: z.uuid().nullable(),
  /** A vendor's activity entry: the trigger it is about (a run's trigger for a cancel or retry), and the run. */
  triggerId: z.uuid().nullable(),
  runId: z.uuid().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const Day = (field: string) =>
  z
    .string({ error: `${field} must be a day written YYYY-MM-DD.` })
    .regex(ISO_DAY, `${field} must be a day written YYYY-MM-DD.`)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), `${field} is not a real day.`);

export const METRICS_GRANULARITIES = ['day', 'week'] as const;
/** The longest range the metrics answer for at once. */
export const METRICS_MAX_DAYS = 366;

/** `GET /Admin/metrics`: the days from `from` to `to` (both included, UTC), counted per day or per week. */
export const AdminMetricsQuery = z
  .object({
    from: Day('from'),
    to: Day('to'),
    granularity: z.enum(METRICS_GRANULARITIES, { error: 'granularity must be day or week.' }).default('day'),
  })
  .refine((query) => query.from <= query.to, { message: 'from must not be after to.', path: ['from'] })
  .refine(
    (query) =>
      Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`) < METRICS_MAX_DAYS * 86_400_000,
    { message: `The range can span at most ${METRICS_MAX_DAYS} days.`, path: ['to'] },
  );
export type AdminMetricsQuery = z.infer<typeof AdminMetricsQuery>;

const RunCounts = z.object({
  Scheduled: z.number().int(),
  Running: z.number().int(),
  Succeeded: z.number().int(),
  Failed: z.number().int(),
  Skipped: z.number().int(),
  Cancelled: z.number().int(),
});
export type RunCounts = z.infer<typeof RunCounts>;

/** How the platform is doing over a range of days. */
export const AdminMetrics = z.object({
  from: z.string(),
  to: z.string(),
  granularity: z.enum(METRICS_GRANULARITIES),
  vendors: z.object({
    total: z.number().int(),
    connected: z.number().int(),
    /** With a current subscription that lets their automations run. */
    subscribed: z.number().int(),
    newInRange: z.number().int(),
  }),
  /**
   * Monthly recurring revenue (NZD cents, GST-inclusive) at the start and at the end of the range: each
   * vendor's subscription paying then (active or past due, past its trial), a yearly price counting a
   * twelfth.
   */
  mrrCents: z.object({ start: z.number().int(), end: z.number().int() }),
  /**
   * Paying subscriptions that ended (canceled or unpaid) in the range, and the rate: those ended among
   * the subscriptions paying at its start (null when none were).
   */
  churn: z.object({ ended: z.number().int(), payingAtStart: z.number().int(), rate: z.number().nullable() }),
  runs: z.object({
    totals: RunCounts,
    /** Failed among the runs that finished Succeeded or Failed; null when none did. */
    failureRate: z.number().nullable(),
    /** One per day or week of the range (`start` is its first day), runs by status as created then. */
    buckets: z.array(RunCounts.extend({ start: z.string(), failureRate: z.number().nullable() })),
  }),
  topFailingTriggers: z.array(
    z.object({
      triggerId: z.string(),
      triggerName: z.string(),
      vendorId: z.string(),
      vendorName: z.string(),
      failures: z.number().int(),
      /** The reason most of its failures gave. */
      commonReason: z.string().nullable(),
    }),
  ),
  /** Each connected vendor's use of its ServiceM8 allowance now. */
  servicem8: z.array(
    z.object({
      vendorId: z.string(),
      vendorName: z.string(),
      /** Requests in the current 24-hour window, against the per-day limit. */
      callsToday: z.number().int(),
      perDayLimit: z.number().int(),
      /** Requests it may send at once now (the minute's bucket), against the per-minute limit. */
      minuteHeadroom: z.number(),
      perMinuteLimit: z.number().int(),
      /** Out of requests for now: its calls wait. */
      throttled: z.boolean(),
      /** How long its calls waited for the allowance in the current 24-hour window, added up. */
      throttledMsToday: z.number().int(),
    }),
  ),
  webhookDeliveries: z.array(z.object({ start: z.string(), count: z.number().int() })),
  queue: z.array(
    z.object({
      name: z.string(),
      /** Jobs due and waiting for a worker, and those waiting for a later start. */
      ready: z.number().int(),
      deferred: z.number().int(),
      oldestReadyAt: z.iso.datetime().nullable(),
    }),
  ),
  mail: z.object({ queued: z.number().int(), failed: z.number().int(), oldestQueuedAt: z.iso.datetime().nullable() }),
});
export type AdminMetrics = z.infer<typeof AdminMetrics>;
