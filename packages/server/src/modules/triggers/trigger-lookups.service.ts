import type { TriggerEvent } from '@automate/contract';
import type { Db } from '../../db/database.ts';
import {
  countEnabledTriggers,
  countEnabledTriggersByVendor,
  findTriggerUsingEmailTemplate,
  findTriggerVersion,
  listTriggerNames,
  listTriggerNamesByIds,
  listTriggersForEvent,
  type TriggerRow,
} from './triggers.repository.ts';

/** What other modules look up in the vendors' triggers: the engine, its run lists, and the email templates. */

/**
 * The vendor's triggers for the event, switched on or off: the engine matches an event against the
 * enabled ones and tells Activity which of the others would have listened.
 */
export function triggersListeningTo(db: Db, where: { vendorId: string; event: TriggerEvent }): Promise<TriggerRow[]> {
  return listTriggersForEvent(db, where);
}

type TriggerVersionRow = NonNullable<Awaited<ReturnType<typeof findTriggerVersion>>>;

/**
 * The versions this process has read, newest last. A saved version never changes (a change saves the
 * next one), so a run reads its definition from here instead of the database after the first run.
 */
const versionsRead = new Map<string, TriggerVersionRow>();
const VERSIONS_KEPT = 1_000;

/** The definition a trigger had at a version (a run executes the version it was created from). */
export async function triggerVersion(
  db: Db,
  where: { triggerId: string; version: number },
): Promise<TriggerVersionRow | undefined> {
  const key = `${where.triggerId}/${where.version}`;
  const kept = versionsRead.get(key);
  if (kept) return kept;
  const row = await findTriggerVersion(db, where);
  if (!row) return undefined;
  versionsRead.set(key, row);
  if (versionsRead.size > VERSIONS_KEPT) versionsRead.delete(versionsRead.keys().next().value ?? key);
  return row;
}

/** The names of the vendor's triggers by id, for the run lists (which show, sort and filter by them). */
export async function triggerNamesOf(db: Db, vendorId: string): Promise<Map<string, string>> {
  return new Map((await listTriggerNames(db, vendorId)).map(({ id, name }) => [id, name]));
}

/** The names of the triggers among `ids` (of any vendor) by id, for the super admin's list of every run. */
export async function triggerNamesByIds(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  return new Map((await listTriggerNamesByIds(db, ids)).map(({ id, name }) => [id, name]));
}

/** How many enabled triggers each vendor among `vendorIds` has. */
export async function enabledTriggerCounts(db: Db, vendorIds: readonly string[]): Promise<Map<string, number>> {
  return new Map(
    (await countEnabledTriggersByVendor(db, vendorIds)).map(({ vendorId, enabled }) => [vendorId, enabled]),
  );
}

/** The first (by name) of the vendor's triggers that sends the email template, if any. */
export function findTriggerSendingTemplate(db: Db, where: { vendorId: string; templateId: string }) {
  return findTriggerUsingEmailTemplate(db, where);
}

/** How many of the vendor's triggers are enabled (what a plan's active-automations limit counts). */
export function countActiveTriggers(db: Db, vendorId: string): Promise<number> {
  return countEnabledTriggers(db, { vendorId });
}
