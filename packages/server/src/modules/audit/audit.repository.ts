import type { SearchQuery } from '@automate/contract';
import { and, eq, inArray, lt, notInArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { type SearchSpec, searchTable } from '../../db/search.ts';
import { auditEntries } from './audit.schema.ts';

export type AuditEntryRow = typeof auditEntries.$inferSelect;
export type NewAuditEntry = typeof auditEntries.$inferInsert;

export async function insertAuditEntry(db: Db, entry: NewAuditEntry): Promise<void> {
  await db.insert(auditEntries).values(entry);
}

const auditSearch: SearchSpec = {
  resource: 'audit entries',
  fields: {
    at: { source: auditEntries.at, kind: 'timestamp', sortable: true, filterable: true },
    vendorId: { source: auditEntries.vendorId, kind: 'uuid', filterable: true },
    targetUserId: { source: auditEntries.targetUserId, kind: 'uuid', filterable: true },
    actorUserId: { source: auditEntries.actorUserId, kind: 'uuid', filterable: true },
    action: { source: auditEntries.action, kind: 'text', filterable: true },
    triggerId: { source: auditEntries.triggerId, kind: 'uuid', filterable: true },
    runId: { source: auditEntries.runId, kind: 'uuid', filterable: true },
  },
  defaultSort: { field: 'at', direction: 'Descending' },
  tiebreaker: auditEntries.id,
};

export function searchAuditEntries(db: Db, query: SearchQuery, scope?: SQL) {
  return searchTable<AuditEntryRow>(db, { table: auditEntries, spec: auditSearch, query, scope });
}

/** The scope of the admin audit log: every entry but the vendors' own activity (`actions`). */
export function adminAuditScope(activityActions: readonly string[]): SQL {
  return notInArray(auditEntries.action, [...activityActions]);
}

/** The scope of one vendor's activity: its entries whose action is one of `actions`. */
export function vendorActivityScope(vendorId: string, actions: readonly string[]): SQL | undefined {
  return and(eq(auditEntries.vendorId, vendorId), inArray(auditEntries.action, [...actions]));
}

/** Deletes the entries of `actions` older than `before`; answers how many. */
export async function deleteEntriesBefore(db: Db, actions: readonly string[], before: Date): Promise<number> {
  const deleted = await db
    .delete(auditEntries)
    .where(and(inArray(auditEntries.action, [...actions]), lt(auditEntries.at, before)))
    .returning({ id: auditEntries.id });
  return deleted.length;
}
