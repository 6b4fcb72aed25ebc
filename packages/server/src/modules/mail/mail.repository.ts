import type { SearchQuery } from '@automate/contract';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { type SearchSpec, searchTable } from '../../db/search.ts';
import { mailOutbox, systemEmails } from './mail.schema.ts';
import type { SystemEmailDefault } from './system-email-defaults.ts';

export type SystemEmailRow = typeof systemEmails.$inferSelect;
export type OutboxRow = typeof mailOutbox.$inferSelect;

export async function findSystemEmailByKey(db: Db, key: string): Promise<SystemEmailRow | undefined> {
  const [row] = await db.select().from(systemEmails).where(eq(systemEmails.key, key));
  return row;
}

export async function findSystemEmailById(db: Db, id: string): Promise<SystemEmailRow | undefined> {
  const [row] = await db.select().from(systemEmails).where(eq(systemEmails.id, id));
  return row;
}

/** Inserts the given templates that do not exist yet; existing ones are left as super admins edited them. */
export async function insertMissingSystemEmails(db: Db, templates: readonly SystemEmailDefault[]): Promise<void> {
  if (templates.length === 0) return;
  await db
    .insert(systemEmails)
    .values(templates.map(({ key, name, description, subject, body }) => ({ key, name, description, subject, body })))
    .onConflictDoNothing({ target: systemEmails.key });
}

export async function insertSystemEmail(
  db: Db,
  values: Pick<SystemEmailRow, 'key' | 'name' | 'description' | 'subject' | 'body'>,
): Promise<SystemEmailRow | undefined> {
  const [row] = await db.insert(systemEmails).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateSystemEmail(
  db: Db,
  id: string,
  patch: Pick<SystemEmailRow, 'name' | 'subject' | 'body'> & { description?: string | undefined },
): Promise<SystemEmailRow | undefined> {
  const { description, ...rest } = patch;
  const [row] = await db
    .update(systemEmails)
    .set({ ...rest, ...(description === undefined ? {} : { description }), updatedAt: new Date() })
    .where(eq(systemEmails.id, id))
    .returning();
  return row;
}

export async function deleteSystemEmail(db: Db, id: string): Promise<void> {
  await db.delete(systemEmails).where(eq(systemEmails.id, id));
}

const systemEmailSearch: SearchSpec = {
  resource: 'system emails',
  fields: {
    key: { source: systemEmails.key, kind: 'text', sortable: true, filterable: true },
    name: { source: systemEmails.name, kind: 'text', sortable: true, filterable: true },
    subject: { source: systemEmails.subject, kind: 'text', filterable: true },
    updatedAt: { source: systemEmails.updatedAt, kind: 'timestamp', sortable: true, filterable: true },
  },
  defaultSort: { field: 'name', direction: 'Ascending' },
  tiebreaker: systemEmails.id,
};

export function searchSystemEmails(db: Db, query: SearchQuery) {
  return searchTable<SystemEmailRow>(db, { table: systemEmails, spec: systemEmailSearch, query });
}

export async function insertOutboxMessage(
  db: Db,
  values: Pick<OutboxRow, 'templateKey' | 'to' | 'subject' | 'text' | 'html'>,
): Promise<OutboxRow> {
  const [row] = await db.insert(mailOutbox).values(values).returning();
  if (!row) throw new Error('insert into mail_outbox returned nothing');
  return row;
}

export async function findOutboxMessage(db: Db, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

export async function updateOutboxMessage(
  db: Db,
  id: string,
  patch: Partial<Pick<OutboxRow, 'status' | 'attempts' | 'lastError' | 'sentAt' | 'text' | 'html'>>,
): Promise<void> {
  await db.update(mailOutbox).set(patch).where(eq(mailOutbox.id, id));
}

const outboxSearch: SearchSpec = {
  resource: 'outbox messages',
  fields: {
    to: { source: mailOutbox.to, kind: 'text', sortable: true, filterable: true },
    subject: { source: mailOutbox.subject, kind: 'text', sortable: true, filterable: true },
    templateKey: { source: mailOutbox.templateKey, kind: 'text', sortable: true, filterable: true },
    status: {
      source: mailOutbox.status,
      kind: 'enum',
      values: ['Queued', 'Sent', 'Stored', 'Failed'],
      sortable: true,
      filterable: true,
    },
    createdAt: { source: mailOutbox.createdAt, kind: 'timestamp', sortable: true, filterable: true },
  },
  defaultSort: { field: 'createdAt', direction: 'Descending' },
  tiebreaker: mailOutbox.id,
};

export function searchOutbox(db: Db, query: SearchQuery) {
  return searchTable<OutboxRow>(db, { table: mailOutbox, spec: outboxSearch, query });
}

/** How many emails of the given templates went to an address since a moment (any spelling of the address). */
export async function countMessagesSince(
  db: Db,
  where: { to: string; templateKeys: readonly string[]; since: Date },
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(
      and(
        sql`lower(${mailOutbox.to}) = lower(${where.to})`,
        inArray(mailOutbox.templateKey, [...where.templateKeys]),
        gte(mailOutbox.createdAt, where.since),
      ),
    );
  return row?.count ?? 0;
}

/** Serialises, until the transaction ends, decisions about mail to one address (limits stay exact). */
export async function lockMailTo(db: Db, address: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(lower(${address})))`);
}

/** Messages waiting to be sent and those that failed, and when the oldest waiting one was queued. */
export async function countOutboxBacklog(db: Db) {
  const [row] = await db
    .select({
      queued: sql<number>`(count(*) filter (where ${mailOutbox.status} = 'Queued'))::int`,
      failed: sql<number>`(count(*) filter (where ${mailOutbox.status} = 'Failed'))::int`,
      oldestQueuedAt:
        sql<Date | null>`min(${mailOutbox.createdAt}) filter (where ${mailOutbox.status} = 'Queued')`.mapWith(
          mailOutbox.createdAt,
        ),
    })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['Queued', 'Failed']));
  return row ?? { queued: 0, failed: 0, oldestQueuedAt: null };
}
