import type { Db } from '../../db/database.ts';
import { findConnection, findReferenceItems } from './servicem8.repository.ts';

/**
 * Staff and the account as the last sync copied them, shaped as ServiceM8 returns them (`staff.json`,
 * `vendor.json`, the fields merge fields use), so a run need not ask ServiceM8 for them.
 */

/** The staff member, or undefined when the copy does not have them (added since, or synced before names were kept). */
export async function syncedStaffRecord(
  db: Db,
  where: { vendorId: string; uuid: string },
): Promise<Record<string, unknown> | undefined> {
  const [row] = (await findReferenceItems(db, { vendorId: where.vendorId, uuids: [where.uuid] })).filter(
    (item) => item.kind === 'staff',
  );
  const { first, last, email, jobTitle } = row?.details ?? {};
  if (!row || typeof first !== 'string' || typeof last !== 'string') return undefined;
  return { uuid: row.uuid, active: row.active ? 1 : 0, first, last, email, job_title: jobTitle };
}

/** The ServiceM8 account, or undefined when no sync has copied it yet. */
export async function syncedAccountRecord(db: Db, vendorId: string): Promise<Record<string, unknown> | undefined> {
  const connection = await findConnection(db, vendorId);
  if (!connection?.account) return undefined;
  return { uuid: connection.accountUuid, ...connection.account };
}
