import type { AuditEntry, SearchPage, SearchQuery } from '@automate/contract';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import type { Caller } from '../../http/access.ts';
import {
  type AuditEntryRow,
  adminAuditScope,
  deleteEntriesBefore,
  insertAuditEntry,
  searchAuditEntries,
  vendorActivityScope,
} from './audit.repository.ts';

/** Who did it, as the log names them. */
function actorName(caller: Pick<Caller, 'firstName' | 'lastName' | 'email'>): string {
  const name = `${caller.firstName} ${caller.lastName}`.trim();
  if (!caller.email) return name;
  return name ? `${name} <${caller.email}>` : caller.email;
}

/**
 * What a vendor's own activity history records: each change to a trigger, each cancel or retry of a
 * run, who connected its ServiceM8 account or linked a ServiceM8 login to their user, and the changes
 * Automate did not act on after a backup was restored.
 */
const ACTIVITY_ACTIONS = [
  'trigger.create',
  'trigger.change',
  'trigger.enable',
  'trigger.disable',
  'trigger.delete',
  'run.cancel',
  'run.retry',
  'servicem8.connect',
  'servicem8.link',
  'automation.restore',
] as const;

/** How long the activity history is kept. */
const ACTIVITY_KEPT_MS = 365 * 24 * 60 * 60 * 1000;

export type AuditRecord = {
  action: string;
  summary: string;
  vendorId?: string | null;
  targetUserId?: string | null;
  triggerId?: string | null;
  runId?: string | null;
  before?: unknown;
  after?: unknown;
};

/** Writes one entry of the audit log; inside the caller's transaction, it exists exactly when the change does. */
export async function recordAudit(
  db: Db,
  actor: Pick<Caller, 'id' | 'firstName' | 'lastName' | 'email'>,
  at: Date,
  record: AuditRecord,
): Promise<void> {
  await insertAuditEntry(db, {
    at,
    actorUserId: actor.id,
    actorName: actorName(actor),
    action: record.action,
    summary: record.summary,
    vendorId: record.vendorId ?? null,
    targetUserId: record.targetUserId ?? null,
    triggerId: record.triggerId ?? null,
    runId: record.runId ?? null,
    before: record.before ?? null,
    after: record.after ?? null,
  });
}

/** Who an entry Automate writes itself names: no user did it. */
export const AUTOMATE_ACTOR = {
  id: '00000000-0000-0000-0000-000000000000',
  firstName: 'Automate',
  lastName: '',
  email: '',
} as const;

function toAuditEntry(row: AuditEntryRow): AuditEntry {
  return { ...row, at: row.at.toISOString(), before: row.before ?? null, after: row.after ?? null };
}

/**
 * The admin audit log (without the vendors' own activity history), newest first unless asked otherwise,
 * filtered by vendor, user acted on, actor, action or time.
 */
export async function listAuditEntries(deps: Deps, query: SearchQuery): Promise<SearchPage<AuditEntry>> {
  const page = await searchAuditEntries(deps.database.db, query, adminAuditScope(ACTIVITY_ACTIONS));
  return { ...page, rows: page.rows.map(toAuditEntry) };
}

/** One vendor's activity history (its triggers and runs), newest first, filterable by trigger or run. */
export async function listVendorActivity(
  deps: Deps,
  vendorId: string,
  query: SearchQuery,
): Promise<SearchPage<AuditEntry>> {
  const page = await searchAuditEntries(deps.database.db, query, vendorActivityScope(vendorId, ACTIVITY_ACTIONS));
  return { ...page, rows: page.rows.map(toAuditEntry) };
}

/** Deletes activity entries older than a year (the admin audit log is kept); answers how many. */
export function removeExpiredActivity(deps: Pick<Deps, 'database' | 'clock'>): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - ACTIVITY_KEPT_MS);
  return deleteEntriesBefore(deps.database.db, ACTIVITY_ACTIONS, before);
}
