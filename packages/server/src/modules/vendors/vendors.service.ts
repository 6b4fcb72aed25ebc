import {
  ClientMessagingSettings,
  DEFAULT_CLIENT_MESSAGING,
  type SearchPage,
  type SearchQuery,
  type Vendor,
} from '@automate/contract';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import {
  countVendors,
  findVendorById,
  findVendorsByIds,
  insertVendor,
  markVendorConnected,
  searchVendors,
  updateVendor,
  type VendorRow,
} from './vendors.repository.ts';

export function toVendor(row: VendorRow): Vendor {
  return {
    id: row.id,
    name: row.name,
    timeZone: row.timeZone,
    senderName: row.senderName,
    clientMessaging: clientMessagingOf(row),
    sm8Connected: row.sm8Connected,
    billingAddress: row.billingAddress,
    sm8StaffMayJoin: row.sm8StaffMayJoin,
    currentSubscriptionType: row.currentSubscriptionType,
    hasCurrentSubscription: row.currentSubscriptionType !== null,
    subscriptionActive: row.subscriptionActive,
    automationsSuspended:
      row.automationsSuspendedAt === null
        ? null
        : { since: row.automationsSuspendedAt.toISOString(), reason: row.automationsSuspendedReason ?? '' },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listVendors(deps: Deps, query: SearchQuery): Promise<SearchPage<Vendor>> {
  const page = await searchVendors(deps.database.db, query);
  return { ...page, rows: page.rows.map(toVendor) };
}

export async function getVendor(deps: Deps, vendorId: string): Promise<Vendor> {
  const row = await findVendorById(deps.database.db, vendorId);
  if (!row) throw notFound('Vendor');
  return toVendor(row);
}

export async function changeVendor(
  deps: Deps,
  vendorId: string,
  patch: {
    name?: string | undefined;
    timeZone?: string | undefined;
    senderName?: string | undefined;
    clientMessaging?: ClientMessagingSettings | undefined;
    sm8StaffMayJoin?: boolean | undefined;
    billingAddress?: string | undefined;
  },
): Promise<Vendor> {
  const changes: Partial<
    Pick<VendorRow, 'name' | 'timeZone' | 'senderName' | 'clientMessaging' | 'sm8StaffMayJoin' | 'billingAddress'>
  > = {};
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.timeZone !== undefined) changes.timeZone = patch.timeZone;
  // An empty sender name goes back to signing with the business's name.
  if (patch.senderName !== undefined) changes.senderName = patch.senderName || null;
  if (patch.clientMessaging !== undefined) changes.clientMessaging = patch.clientMessaging;
  if (patch.sm8StaffMayJoin !== undefined) changes.sm8StaffMayJoin = patch.sm8StaffMayJoin;
  if (patch.billingAddress !== undefined) changes.billingAddress = patch.billingAddress;
  if (Object.keys(changes).length === 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Nothing to change: send a new name, timeZone, senderName, clientMessaging, sm8StaffMayJoin or billingAddress.',
    );
  }
  const row = await updateVendor(deps.database.db, vendorId, changes);
  if (!row) throw notFound('Vendor');
  return toVendor(row);
}

// Other modules' reads and writes: each takes the database or the caller's transaction.

/** The vendor's client messaging settings: what it saved, or the defaults (quiet hours Mon–Sat 8:00–20:00). */
export function clientMessagingOf(row: Pick<VendorRow, 'clientMessaging'>): ClientMessagingSettings {
  const saved = ClientMessagingSettings.safeParse(row.clientMessaging);
  return saved.success ? saved.data : DEFAULT_CLIENT_MESSAGING;
}

/** The vendor; undefined when there is none. */
export function findVendor(db: Db, vendorId: string): Promise<VendorRow | undefined> {
  return findVendorById(db, vendorId);
}

/** The vendors among `ids`, by name. */
export function findVendors(db: Db, ids: readonly string[]): Promise<VendorRow[]> {
  return findVendorsByIds(db, ids);
}

/**
 * A business that signs up (by registering or through ServiceM8). Where plans are sold (`plansOnSale`:
 * billing is set up), its automations do not run until it chooses one (a plan's free trial counts):
 * its runs are Skipped with the reason until then. A server without billing runs every vendor's.
 */
export function createVendor(
  tx: Db,
  values: { name: string; timeZone?: string; sm8AccountUuid?: string },
  options: { plansOnSale: boolean },
): Promise<VendorRow> {
  return insertVendor(tx, { ...values, subscriptionActive: !options.plansOnSale });
}

/** The vendor is connected to this ServiceM8 account. */
export function markConnectedToServiceM8(tx: Db, vendorId: string, accountUuid: string): Promise<void> {
  return markVendorConnected(tx, vendorId, accountUuid);
}

/**
 * Why the vendor's runs do not go ahead while a super admin has suspended its automations (null while
 * they are not suspended): the reason the run log shows the vendor.
 */
export function suspendedRunReason(vendor: VendorRow): string | null {
  if (vendor.automationsSuspendedAt === null) return null;
  return `Automations are suspended by the Automate team: ${vendor.automationsSuspendedReason ?? 'no reason given'}`;
}

/** Suspends the vendor's automations with `reason` (at `at`), or resumes them (`null`); answers the vendor as changed. */
export async function setAutomationsSuspension(
  tx: Db,
  vendorId: string,
  suspension: { reason: string; at: Date } | null,
): Promise<VendorRow | undefined> {
  return updateVendor(tx, vendorId, {
    automationsSuspendedAt: suspension?.at ?? null,
    automationsSuspendedReason: suspension?.reason ?? null,
  });
}

/** The platform's vendors counted: all, connected, subscribed, and new in [from, to). */
export function vendorCounts(db: Db, range: { from: Date; to: Date }) {
  return countVendors(db, range);
}

/** The vendor is no longer connected to a ServiceM8 account. */
export async function markDisconnectedFromServiceM8(tx: Db, vendorId: string): Promise<void> {
  await updateVendor(tx, vendorId, { sm8Connected: false, sm8AccountUuid: null });
}

/** The vendor's time zone as its ServiceM8 account has it. */
export async function setVendorTimeZone(tx: Db, vendorId: string, timeZone: string): Promise<void> {
  await updateVendor(tx, vendorId, { timeZone });
}

/** What billing decided: the plan's name (null: no current subscription) and whether automations run. */
export async function setVendorSubscription(
  tx: Db,
  vendorId: string,
  standing: { currentSubscriptionType: string | null; subscriptionActive: boolean },
): Promise<void> {
  await updateVendor(tx, vendorId, standing);
}
