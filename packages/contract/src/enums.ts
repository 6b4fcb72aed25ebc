import { z } from 'zod';
import { RUN_STATUSES } from './run-statuses.ts';

/**
 * Every closed list of the product, defined once as a tuple and once as a zod enum. The conditions and
 * actions are listed with their params in `triggers.ts`.
 */

export const DOCUMENT_STATUSES = ['DRAFT', 'SUBMITTED', 'DELETED', 'AUTHORISED', 'PAID', 'VOIDED'] as const;
export const DocumentStatus = z.enum(DOCUMENT_STATUSES);
export type DocumentStatus = z.infer<typeof DocumentStatus>;

export const TARGET_KINDS = ['Job', 'Client', 'CustomField', 'Form'] as const;
export const TargetKind = z.enum(TARGET_KINDS);
export type TargetKind = z.infer<typeof TargetKind>;

/**
 * What can start a trigger, in the words a vendor uses (the editor, the lists and the run log all say it
 * so); the names are the keys, in this order.
 */
export const TRIGGER_EVENT_LABELS = {
  JobIsCreated: 'A job is created',
  JobStatusChanged: 'A job’s status changes',
  JobCategoryChanged: 'A job’s category changes',
  JobIsScheduled: 'A job is scheduled',
  JobCompleted: 'A job is completed',
  JobAddedToQueue: 'A job is added to a queue',
  JobAddedToQuote: 'A job becomes a quote',
  JobQuoteSent: 'A quote is sent',
  JobQuoteApproved: 'A quote is accepted',
  JobInvoiceSent: 'An invoice is sent',
  JobInvoiceApproved: 'An invoice is paid in full',
  JobPaymentMade: 'A payment is made',
  ClientIsCreated: 'A client is created',
  JobBadgesChanged: 'A job’s badges change',
  FormIsSubmitted: 'A form is submitted',
} as const satisfies Readonly<Record<string, string>>;
export const TRIGGER_EVENTS = Object.keys(TRIGGER_EVENT_LABELS) as [
  keyof typeof TRIGGER_EVENT_LABELS,
  ...(keyof typeof TRIGGER_EVENT_LABELS)[],
];
export const TriggerEvent = z.enum(TRIGGER_EVENTS);
export type TriggerEvent = z.infer<typeof TriggerEvent>;

export const FILTER_OPERATORS = ['Eq', 'Gt', 'Lt', 'Like', 'GtEq', 'LtEq', 'NEq', 'ILike'] as const;
export const FilterOperator = z.enum(FILTER_OPERATORS);
export type FilterOperator = z.infer<typeof FilterOperator>;

export const LOGICAL_COMBINERS = ['And', 'Or'] as const;
export const LogicalCombiner = z.enum(LOGICAL_COMBINERS);
export type LogicalCombiner = z.infer<typeof LogicalCombiner>;

export const COMPARISON_OPERATORS = ['Eq', 'LtEq', 'GtEq', 'Lt', 'Gt', 'NotEq'] as const;
export const ComparisonOperator = z.enum(COMPARISON_OPERATORS);
export type ComparisonOperator = z.infer<typeof ComparisonOperator>;

export const TIME_UNITS = ['Minute', 'Hour', 'Day', 'Month', 'Year'] as const;
export const TimeUnit = z.enum(TIME_UNITS);
export type TimeUnit = z.infer<typeof TimeUnit>;

/**
 * What a trigger's delay counts from: the event (the run is due that long after it), or the start of
 * the booking a "job is scheduled" event is about (the run is due that long before the visit).
 */
export const DELAY_BASES = ['Event', 'BookingStart'] as const;
export const DelayBase = z.enum(DELAY_BASES);
export type DelayBase = z.infer<typeof DelayBase>;

/** The only event whose delay may count back from the booking's start. */
export const BOOKING_EVENT = 'JobIsScheduled' as const;

export const SORT_DIRECTIONS = ['Ascending', 'Descending'] as const;
export const SortDirection = z.enum(SORT_DIRECTIONS);
export type SortDirection = z.infer<typeof SortDirection>;

/** Roles a user holds within one vendor. */
export const VENDOR_ROLES = ['User', 'Admin'] as const;
export const VendorRole = z.enum(VENDOR_ROLES);
export type VendorRole = z.infer<typeof VendorRole>;

/** Platform-wide roles held in the user's roles list. */
export const PLATFORM_ROLES = ['SuperAdmin'] as const;
export const PlatformRole = z.enum(PLATFORM_ROLES);
export type PlatformRole = z.infer<typeof PlatformRole>;

export const NOTIFICATION_TYPES = ['success', 'error', 'warning', 'info', 'default'] as const;
export const NotificationType = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof NotificationType>;

export const RunStatus = z.enum(RUN_STATUSES);
export type RunStatus = z.infer<typeof RunStatus>;
