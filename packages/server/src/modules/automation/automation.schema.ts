import { RUN_STATUSES, STEP_KINDS, STEP_STATUSES } from '@automate/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ownedByTrigger, triggerEvent } from '../triggers/triggers.schema.ts';
import { ownedByUser } from '../users/users.schema.ts';
import { ownedByVendor } from '../vendors/vendors.schema.ts';

/**
 * The last state we saw of each ServiceM8 record the engine watches. A delivery re-reads the record
 * and compares it with this to derive events; `editDate` keeps an older read from undoing a newer one.
 */
export const sm8Snapshots = pgTable(
  'sm8_snapshots',
  {
    vendorId: ownedByVendor(),
    object: text().notNull(),
    uuid: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    editDate: text(),
    /** Counts the snapshot's changes: an event's occurrence key names the state it changed from. */
    revision: integer().notNull().default(0),
    seenAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.object, t.uuid] }),
    // Activity's Job filter: the job(s) ServiceM8 numbers so.
    index('sm8_snapshots_job_number_idx')
      .on(t.vendorId, sql`(${t.data}->>'generated_job_id')`)
      .where(sql`${t.object} = 'job'`),
  ],
);

/**
 * Reads a webhook delivery asked for of records the vendor had no snapshot of, and records ServiceM8
 * answered 404 for: when each was last read and whether it was missing. A delivery can name made-up
 * records, so those reads are counted per minute, and a missing record is not read again for a day.
 * Kept a day.
 */
export const sm8RecordProbes = pgTable(
  'sm8_record_probes',
  {
    vendorId: ownedByVendor(),
    object: text().notNull(),
    uuid: text().notNull(),
    probedAt: timestamp({ withTimezone: true }).notNull(),
    missing: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.object, t.uuid] }),
    index('sm8_record_probes_vendor_probed_idx').on(t.vendorId, t.probedAt),
  ],
);

/** Where reconciliation got to per object: the newest `edit_date` it has read. */
export const sm8ReconcileCursors = pgTable(
  'sm8_reconcile_cursors',
  {
    vendorId: ownedByVendor(),
    object: text().notNull(),
    lastEditDate: text().notNull(),
    reconciledAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.object] })],
);

/**
 * Written by `npm run restore`, one row per account whose changes were being observed: what changed in
 * ServiceM8 between the backup and the restore was automated already, and the runs and step log that
 * keep an action from being done twice went back with the rest of the database. The account's first
 * observation after the restore takes a new baseline instead of acting on those changes, tells the
 * Admins which they were, and removes the row (`restore-baseline.service.ts`). `claimedAt`: a process
 * is taking it now (another waits; a claim older than a few minutes was abandoned by a crash).
 */
export const restoreBaselines = pgTable('restore_baselines', {
  vendorId: ownedByVendor().primaryKey(),
  backupCreatedAt: timestamp({ withTimezone: true }).notNull(),
  restoredAt: timestamp({ withTimezone: true }).notNull(),
  claimedAt: timestamp({ withTimezone: true }),
});

export const EVENT_SOURCES = ['webhook', 'reconcile'] as const;
export const eventSource = pgEnum('automation_event_source', EVENT_SOURCES);

/**
 * One trigger event that happened, once per real change: `occurrenceKey` (event, record and what
 * changed) is unique per vendor, so a change seen twice (two deliveries, a delivery and
 * reconciliation) is one event. `cascadeDepth` > 0 when one of our own runs caused it.
 */
export const automationEvents = pgTable(
  'automation_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    vendorId: ownedByVendor(),
    event: triggerEvent().notNull(),
    occurrenceKey: text().notNull(),
    jobUuid: text(),
    clientUuid: text(),
    formResponseUuid: text(),
    source: eventSource().notNull(),
    causedByRunId: uuid(),
    causedByTriggerId: uuid(),
    cascadeDepth: integer().notNull().default(0),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    /** Set once the event was matched against the vendor's triggers; an unmatched one is matched again. */
    matchedAt: timestamp({ withTimezone: true }),
    /**
     * Unmatched in a backup that was restored: it may have been matched, and its runs done, after the
     * backup was taken, so the runs it gets now check each action in ServiceM8 first (`trigger_runs.restored_at`).
     */
    restoredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('automation_events_occurrence_unique').on(t.vendorId, t.occurrenceKey),
    index('automation_events_unmatched_idx').on(t.occurredAt).where(sql`${t.matchedAt} is null`),
    // The results of automations: a vendor's quote and invoice events of a period.
    index('automation_events_vendor_event_occurred_idx').on(t.vendorId, t.event, t.occurredAt),
  ],
);

export const runStatus = pgEnum('trigger_run_status', RUN_STATUSES);

/** One trigger run: created when an event matches, executed when due. */
export const triggerRuns = pgTable(
  'trigger_runs',
  {
    id: uuid().primaryKey().defaultRandom(),
    vendorId: ownedByVendor(),
    triggerId: ownedByTrigger(),
    triggerVersion: integer().notNull(),
    eventId: uuid()
      .notNull()
      .references(() => automationEvents.id, { onDelete: 'cascade' }),
    event: triggerEvent().notNull(),
    status: runStatus().notNull(),
    jobUuid: text(),
    jobNumber: text(),
    clientUuid: text(),
    formResponseUuid: text(),
    cascadeDepth: integer().notNull().default(0),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    /** Set when the execution job was queued; a due run without it is queued by the dispatcher. */
    dispatchedAt: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    reason: text(),
    /** Attempts at executing that failed for a reason a retry may fix, the last one's error, and the latest time of the next. */
    failedAttempts: integer().notNull().default(0),
    lastError: text(),
    nextAttemptBy: timestamp({ withTimezone: true }),
    /** Requests sent to ServiceM8 to match the event that started the run and to execute it (every attempt). */
    sm8Calls: integer().notNull().default(0),
    /** What the run's actions will miss (a client without an email address…), found when it was scheduled and an hour before it is due. */
    warnings: jsonb().$type<string[]>().notNull().default([]),
    /** When the warnings were last worked out; null before the first check. */
    warningsCheckedAt: timestamp({ withTimezone: true }),
    /** For a Failed run: the kind of cause (`run-failures.ts`), so failures are grouped by it. */
    failureCause: text(),
    /**
     * The run was Scheduled or Running in a backup that was restored, or comes from an event unmatched in
     * it: any of its actions may have been done after the backup was taken, so each is looked for in
     * ServiceM8 before it is done.
     */
    restoredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('trigger_runs_trigger_event_unique').on(t.triggerId, t.eventId),
    // An event's runs (Automation › Activity shows them beside each change).
    index('trigger_runs_event_idx').on(t.eventId),
    index('trigger_runs_status_due_idx').on(t.status, t.dueAt),
    // The run list (trigger-runs.repository.ts) orders by the sorted field, then created_at, then id,
    // all one way, within the vendor: one index per sort the Logs page offers, each also serving the
    // filter on its field (status, automation, job number, days created) with the newest first.
    index('trigger_runs_vendor_created_id_idx').on(t.vendorId, t.createdAt, t.id),
    index('trigger_runs_vendor_trigger_created_idx').on(t.vendorId, t.triggerId, t.createdAt, t.id),
    index('trigger_runs_vendor_status_created_idx').on(t.vendorId, t.status, t.createdAt, t.id),
    index('trigger_runs_vendor_job_created_idx').on(t.vendorId, t.jobNumber, t.createdAt, t.id),
    index('trigger_runs_vendor_event_created_idx').on(t.vendorId, t.event, t.createdAt, t.id),
    index('trigger_runs_vendor_due_created_idx').on(t.vendorId, t.dueAt, t.createdAt, t.id),
    index('trigger_runs_vendor_finished_created_idx').on(t.vendorId, t.finishedAt, t.createdAt, t.id),
    // The super admin's list of every vendor's runs, newest first or by status.
    index('trigger_runs_created_id_idx').on(t.createdAt, t.id),
    index('trigger_runs_status_created_idx').on(t.status, t.createdAt, t.id),
    // The metrics count runs per day and status from this index alone (an index-only scan).
    index('trigger_runs_created_status_idx').on(t.createdAt, t.status),
  ],
);

export const stepKind = pgEnum('run_step_kind', STEP_KINDS);
export const stepStatus = pgEnum('run_step_status', STEP_STATUSES);

/**
 * A run's log. An action step is written as Started before ServiceM8 is called and finished after,
 * so a retry knows which actions are done (never repeated) and which are in doubt (checked first).
 */
export const runSteps = pgTable(
  'run_steps',
  {
    id: uuid().primaryKey().defaultRandom(),
    runId: uuid()
      .notNull()
      .references(() => triggerRuns.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    kind: stepKind().notNull(),
    actionId: text(),
    actionType: text(),
    status: stepStatus().notNull(),
    input: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    outcome: text().notNull().default(''),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('run_steps_run_idx').on(t.runId, t.position)],
);

/**
 * What our own actions wrote to ServiceM8, so the change they cause is recognised when its webhook
 * arrives: it does not re-fire the trigger that made it, and it counts one cascade level deeper.
 */
export const sm8Writes = pgTable(
  'sm8_writes',
  {
    id: uuid().primaryKey().defaultRandom(),
    vendorId: ownedByVendor(),
    object: text().notNull(),
    uuid: text().notNull(),
    /** The fields and values written; `{}` with `created` for a new record. */
    fields: jsonb().$type<Record<string, unknown>>().notNull(),
    created: integer().notNull().default(0),
    runId: uuid().notNull(),
    triggerId: uuid().notNull(),
    cascadeDepth: integer().notNull(),
    writtenAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('sm8_writes_record_idx').on(t.vendorId, t.object, t.uuid, t.writtenAt)],
);

/**
 * The notices the bell in the header lists to each Admin until they read them: runs failing for a
 * cause they can fix, and the daily digest.
 */
export const adminNotices = pgTable(
  'admin_notices',
  {
    id: uuid().primaryKey().defaultRandom(),
    vendorId: ownedByVendor(),
    userId: ownedByUser(),
    /** `failure` or `digest`. */
    kind: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    /** Where in the app the notice leads (a path such as `/app/automation/logs`). */
    link: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('admin_notices_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * Clients who used the unsubscribe link of an automated email: no client-facing action sends to them
 * until the vendor undoes it (the Opt-outs page).
 */
export const clientOptOuts = pgTable(
  'client_opt_outs',
  {
    vendorId: ownedByVendor(),
    clientUuid: text().notNull(),
    contactName: text().notNull(),
    /** The address the email with the link went to. */
    email: text().notNull(),
    optedOutAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.clientUuid] })],
);

/**
 * The recipients of the unsubscribe links automated emails carry. A link names only an opaque id
 * (derived from the recipient with a key of the server's, so nobody can work it out or read anything
 * from it), kept here as its SHA-256 with whom it stands for: one row per recipient, whatever number
 * of emails carried it.
 */
export const unsubscribeLinks = pgTable('unsubscribe_links', {
  tokenSha256: text().primaryKey(),
  vendorId: ownedByVendor(),
  clientUuid: text().notNull(),
  contactName: text().notNull(),
  email: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * Each vendor's signing secret for deliveries to web addresses (the `Automate-Signature` header),
 * encrypted with the storage key: created on the first delivery or when an Admin asks for one, shown
 * only when an Admin creates or rotates it.
 */
export const webAddressSecrets = pgTable('web_address_secrets', {
  vendorId: ownedByVendor().primaryKey(),
  secretEnc: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});
