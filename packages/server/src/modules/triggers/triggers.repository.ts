import { type SearchQuery, TRIGGER_EVENTS, type TriggerDefinition, type TriggerEvent } from '@automate/contract';
import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { lookupValue } from '../../db/lookup-value.ts';
import { countWhere, runSearch, type SearchSpec } from '../../db/search.ts';
import { triggerAttachments, triggers, triggerVersions } from './triggers.schema.ts';

export type TriggerRow = typeof triggers.$inferSelect;
export type TriggerAttachmentRow = typeof triggerAttachments.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Triggers and their versions

const triggerOf = (where: { vendorId: string; triggerId: string }) =>
  and(eq(triggers.vendorId, where.vendorId), eq(triggers.id, where.triggerId));
const attachmentOf = (where: { vendorId: string; attachmentId: string }) =>
  and(eq(triggerAttachments.vendorId, where.vendorId), eq(triggerAttachments.id, where.attachmentId));

export async function insertTrigger(
  db: Db,
  values: { vendorId: string; definition: TriggerDefinition; userId: string; now: Date },
): Promise<TriggerRow> {
  const [row] = await db
    .insert(triggers)
    .values({
      vendorId: values.vendorId,
      name: values.definition.name,
      event: values.definition.event,
      enabled: values.definition.enabled,
      version: 1,
      definition: values.definition,
      createdByUserId: values.userId,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  if (!row) throw new Error('insert into triggers returned nothing');
  return row;
}

/** The trigger; `lock` holds it until the transaction ends, so a change and an upload or delete do not interleave. */
export async function findTrigger(
  db: Db,
  where: { vendorId: string; triggerId: string },
  { lock = false } = {},
): Promise<TriggerRow | undefined> {
  const query = db.select().from(triggers).where(triggerOf(where));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** Replaces the definition and moves to the next version; answers the row at its new version. */
export async function updateTriggerDefinition(
  db: Db,
  where: { vendorId: string; triggerId: string },
  definition: TriggerDefinition,
  now: Date,
): Promise<TriggerRow | undefined> {
  const [row] = await db
    .update(triggers)
    .set({
      name: definition.name,
      event: definition.event,
      enabled: definition.enabled,
      definition,
      version: sql`${triggers.version} + 1`,
      updatedAt: now,
    })
    .where(triggerOf(where))
    .returning();
  return row;
}

/** Deletes the trigger; its versions, runs (with their steps) and attachment rows go with it. */
export async function deleteTrigger(db: Db, where: { vendorId: string; triggerId: string }): Promise<boolean> {
  const rows = await db.delete(triggers).where(triggerOf(where)).returning({ id: triggers.id });
  return rows.length > 0;
}

export async function insertTriggerVersion(
  db: Db,
  values: { triggerId: string; version: number; definition: TriggerDefinition; userId: string; savedAt: Date },
): Promise<void> {
  await db.insert(triggerVersions).values({
    triggerId: values.triggerId,
    version: values.version,
    definition: values.definition,
    savedByUserId: values.userId,
    savedAt: values.savedAt,
  });
}

/** The version of the trigger a run was created from. */
export async function findTriggerVersion(db: Db, where: { triggerId: string; version: number }) {
  const [row] = await db
    .select()
    .from(triggerVersions)
    .where(and(eq(triggerVersions.triggerId, where.triggerId), eq(triggerVersions.version, where.version)));
  return row;
}

/** The names of the vendor's triggers, with their ids. */
export async function listTriggerNames(db: Db, vendorId: string): Promise<Array<{ id: string; name: string }>> {
  return db.select({ id: triggers.id, name: triggers.name }).from(triggers).where(eq(triggers.vendorId, vendorId));
}

/** How many enabled triggers each vendor among `vendorIds` has (vendors with none are left out). */
export async function countEnabledTriggersByVendor(
  db: Db,
  vendorIds: readonly string[],
): Promise<Array<{ vendorId: string; enabled: number }>> {
  if (vendorIds.length === 0) return [];
  return db
    .select({ vendorId: triggers.vendorId, enabled: sql<number>`count(*)::int` })
    .from(triggers)
    .where(and(inArray(triggers.vendorId, [...vendorIds]), eq(triggers.enabled, true)))
    .groupBy(triggers.vendorId);
}

/** The names of the triggers among `ids`, of any vendor. */
export async function listTriggerNamesByIds(
  db: Db,
  ids: readonly string[],
): Promise<Array<{ id: string; name: string }>> {
  if (ids.length === 0) return [];
  return db
    .select({ id: triggers.id, name: triggers.name })
    .from(triggers)
    .where(inArray(triggers.id, [...ids]));
}

/** Every trigger of the vendor with its definition, by name. */
export async function listTriggerDefinitions(
  db: Db,
  vendorId: string,
): Promise<Array<{ id: string; definition: TriggerDefinition }>> {
  return db
    .select({ id: triggers.id, definition: triggers.definition })
    .from(triggers)
    .where(eq(triggers.vendorId, vendorId))
    .orderBy(triggers.name, triggers.id);
}

/** The vendor's enabled triggers for the event, for the engine to match. */
export async function listTriggersForEvent(
  db: Db,
  where: { vendorId: string; event: TriggerEvent },
): Promise<TriggerRow[]> {
  return db
    .select()
    .from(triggers)
    .where(and(eq(triggers.vendorId, where.vendorId), eq(triggers.event, where.event)));
}

/** How many of the vendor's triggers are enabled, leaving out `exceptId` (the one being saved). */
export async function countEnabledTriggers(db: Db, where: { vendorId: string; exceptId?: string }): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(triggers)
    .where(
      and(
        eq(triggers.vendorId, where.vendorId),
        eq(triggers.enabled, true),
        where.exceptId ? ne(triggers.id, where.exceptId) : undefined,
      ),
    );
  return row?.total ?? 0;
}

export async function listTriggerVersions(db: Db, where: { vendorId: string; triggerId: string }) {
  return db
    .select({
      version: triggerVersions.version,
      definition: triggerVersions.definition,
      savedByUserId: triggerVersions.savedByUserId,
      savedAt: triggerVersions.savedAt,
    })
    .from(triggerVersions)
    .innerJoin(triggers, eq(triggers.id, triggerVersions.triggerId))
    .where(and(eq(triggers.vendorId, where.vendorId), eq(triggerVersions.triggerId, where.triggerId)))
    .orderBy(asc(triggerVersions.version));
}

// ---------------------------------------------------------------------------------------------
// Search

/** Each trigger's last run time from `lastRunTimes` (trigger id → time, from the automation module). */
function lastRunAtFrom(lastRunTimes: ReadonlyMap<string, Date>) {
  const times = new Map([...lastRunTimes].map(([id, at]) => [id, at.toISOString()]));
  return sql<Date | null>`${lookupValue(times, triggers.id)}::timestamptz`.mapWith(triggers.createdAt);
}

export type TriggerSummaryRow = {
  id: string;
  name: string;
  description: string;
  event: TriggerRow['event'];
  enabled: boolean;
  version: number;
  actionCount: number;
  lastRunAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

function triggerSearch(lastRunAt: SQL<Date | null>): SearchSpec {
  return {
    resource: 'triggers',
    fields: {
      name: { source: triggers.name, kind: 'text', sortable: true, filterable: true },
      event: { source: triggers.event, kind: 'enum', values: TRIGGER_EVENTS, sortable: true, filterable: true },
      enabled: { source: triggers.enabled, kind: 'boolean', sortable: true, filterable: true },
      updatedAt: { source: triggers.updatedAt, kind: 'timestamp', sortable: true, filterable: true },
      createdAt: { source: triggers.createdAt, kind: 'timestamp', sortable: true, filterable: true },
      lastRunAt: { source: lastRunAt, kind: 'timestamp', sortable: true },
    },
    defaultSort: { field: 'name', direction: 'Ascending' },
    tiebreaker: triggers.id,
  };
}

/** A page of the vendor's triggers, each with when it last ran (`lastRunTimes`, kept by the automation module). */
export function searchTriggers(db: Db, vendorId: string, query: SearchQuery, lastRunTimes: ReadonlyMap<string, Date>) {
  const lastRunAt = lastRunAtFrom(lastRunTimes);
  return runSearch<TriggerSummaryRow>({
    spec: triggerSearch(lastRunAt),
    query,
    scope: eq(triggers.vendorId, vendorId),
    fetchRows: ({ where, orderBy, limit, offset }) =>
      db
        .select({
          id: triggers.id,
          name: triggers.name,
          description: sql<string>`coalesce(${triggers.definition}->>'description', '')`,
          event: triggers.event,
          enabled: triggers.enabled,
          version: triggers.version,
          actionCount: sql<number>`coalesce(jsonb_array_length(${triggers.definition}->'actions'), 0)::int`,
          lastRunAt,
          createdAt: triggers.createdAt,
          updatedAt: triggers.updatedAt,
        })
        .from(triggers)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    countRows: (where) => countWhere(db, triggers, where),
  });
}

// ---------------------------------------------------------------------------------------------
// Attachments

export async function listTriggerAttachments(
  db: Db,
  where: { vendorId: string; triggerId: string },
): Promise<TriggerAttachmentRow[]> {
  return db
    .select()
    .from(triggerAttachments)
    .where(and(eq(triggerAttachments.vendorId, where.vendorId), eq(triggerAttachments.triggerId, where.triggerId)))
    .orderBy(asc(triggerAttachments.createdAt), asc(triggerAttachments.id));
}

export async function insertTriggerAttachment(
  db: Db,
  values: Omit<typeof triggerAttachments.$inferInsert, 'id'>,
): Promise<TriggerAttachmentRow> {
  const [row] = await db.insert(triggerAttachments).values(values).returning();
  if (!row) throw new Error('insert into trigger_attachments returned nothing');
  return row;
}

export async function findTriggerAttachment(
  db: Db,
  where: { vendorId: string; attachmentId: string },
): Promise<TriggerAttachmentRow | undefined> {
  const [row] = await db.select().from(triggerAttachments).where(attachmentOf(where));
  return row;
}

const pendingOf = (vendorId: string) =>
  and(eq(triggerAttachments.vendorId, vendorId), isNull(triggerAttachments.triggerId));

/** The ids of the vendor's pending files (uploaded for a trigger not saved yet) still valid at `now`. */
export async function listPendingAttachmentIds(db: Db, vendorId: string, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: triggerAttachments.id })
    .from(triggerAttachments)
    .where(and(pendingOf(vendorId), gt(triggerAttachments.expiresAt, now)));
  return rows.map((row) => row.id);
}

/** Makes the vendor's pending files among `ids` the trigger's, with no expiry. */
export async function claimPendingAttachments(
  db: Db,
  where: { vendorId: string; triggerId: string; ids: readonly string[] },
): Promise<void> {
  if (where.ids.length === 0) return;
  await db
    .update(triggerAttachments)
    .set({ triggerId: where.triggerId, expiresAt: null })
    .where(and(pendingOf(where.vendorId), inArray(triggerAttachments.id, [...where.ids])));
}

/** Answers the storage name of the file whose row it deleted, or null when there was none. */
export async function deleteTriggerAttachment(
  db: Db,
  where: { vendorId: string; attachmentId: string },
): Promise<string | null> {
  const [row] = await db
    .delete(triggerAttachments)
    .where(attachmentOf(where))
    .returning({ storageName: triggerAttachments.storageName });
  return row?.storageName ?? null;
}

/**
 * Serialises uploads of the vendor's files until the transaction ends, so two uploads at once cannot
 * both find room under the quota.
 */
export async function lockVendorAttachments(db: Db, vendorId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`automate:trigger-attachments:${vendorId}`}))`);
}

/** The bytes the vendor's files take: the triggers' and the pending ones not expired by `now`. */
export async function sumVendorAttachmentBytes(db: Db, vendorId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string | null>`sum(${triggerAttachments.size})` })
    .from(triggerAttachments)
    .where(
      and(
        eq(triggerAttachments.vendorId, vendorId),
        or(isNotNull(triggerAttachments.triggerId), gt(triggerAttachments.expiresAt, now)),
      ),
    );
  return Number(row?.bytes ?? 0);
}

/**
 * Every vendor's nightly clean-up: forgets pending files (never claimed by a saved trigger) that
 * expired by `now`; answers their storage names, whose bytes the caller removes.
 */
export async function deleteExpiredPendingAttachments(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .delete(triggerAttachments)
    .where(and(isNull(triggerAttachments.triggerId), lte(triggerAttachments.expiresAt, now)))
    .returning({ storageName: triggerAttachments.storageName });
  return rows.map((row) => row.storageName);
}

/** Which of `storageNames` a row of any vendor names (the others are files nothing refers to). */
export async function findAttachmentStorageNames(db: Db, storageNames: readonly string[]): Promise<Set<string>> {
  if (storageNames.length === 0) return new Set();
  const rows = await db
    .select({ storageName: triggerAttachments.storageName })
    .from(triggerAttachments)
    .where(inArray(triggerAttachments.storageName, [...storageNames]));
  return new Set(rows.map((row) => row.storageName));
}

// ---------------------------------------------------------------------------------------------
// Email templates in use

/**
 * The first (by name) of the vendor's triggers with an action that sends this template
 * (`definition.actions[].params.emailTemplateId`), matched by jsonb containment.
 */
export async function findTriggerUsingEmailTemplate(
  db: Db,
  { vendorId, templateId }: { vendorId: string; templateId: string },
): Promise<{ id: string; name: string } | undefined> {
  const usesTemplate = JSON.stringify({ actions: [{ params: { emailTemplateId: templateId } }] });
  const [row] = await db
    .select({ id: triggers.id, name: triggers.name })
    .from(triggers)
    .where(and(eq(triggers.vendorId, vendorId), sql`${triggers.definition} @> ${usesTemplate}::jsonb`))
    .orderBy(asc(triggers.name), asc(triggers.id))
    .limit(1);
  return row;
}
