import type { AuditEntry, SearchPage, SearchQuery } from '@automate/contract';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import type { Caller } from '../../http/access.ts';
import { type AuditEntryRow, insertAuditEntry, searchAuditEntries } from './audit.repository.ts';

/** Who did it, as the log names them. */
function actorName(caller: Pick<Caller, 'firstName' | 'lastName' | 'email'>): string {
  const name = `${caller.firstName} ${caller.lastName}`.trim();
  return name ? `${name} <${caller.email}>` : caller.email;
}

export type AuditRecord = {
  action: string;
  summary: string;
  vendorId?: string | null;
  targetUserId?: string | null;
  before?: unknown;
  after?: unknown;
};

/** Writes one entry of the audit log; inside the caller's transaction, it exists exactly when the change does. */
export async function recordAudit(db: Db, actor: Caller, at: Date, record: AuditRecord): Promise<void> {
  await insertAuditEntry(db, {
    at,
    actorUserId: actor.id,
    actorName: actorName(actor),
    action: record.action,
    summary: record.summary,
    vendorId: record.vendorId ?? null,
    targetUserId: record.targetUserId ?? null,
    before: record.before ?? null,
    after: record.after ?? null,
  });
}

function toAuditEntry(row: AuditEntryRow): AuditEntry {
  return { ...row, at: row.at.toISOString(), before: row.before ?? null, after: row.after ?? null };
}

/** The log, newest first unless asked otherwise, filtered by vendor, user acted on, actor, action or time. */
export async function listAuditEntries(deps: Deps, query: SearchQuery): Promise<SearchPage<AuditEntry>> {
  const page = await searchAuditEntries(deps.database.db, query);
  return { ...page, rows: page.rows.map(toAuditEntry) };
}
