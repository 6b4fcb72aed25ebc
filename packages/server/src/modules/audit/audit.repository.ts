import type { SearchQuery } from '@automate/contract';
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
  },
  defaultSort: { field: 'at', direction: 'Descending' },
  tiebreaker: auditEntries.id,
};

export function searchAuditEntries(db: Db, query: SearchQuery) {
  return searchTable<AuditEntryRow>(db, { table: auditEntries, spec: auditSearch, query });
}
