import type { VendorMembership, VendorRole } from '@automate/contract';
import type { Db } from '../../db/database.ts';
import { findVendors } from '../vendors/vendors.service.ts';
import {
  findMembership,
  findUserWithMemberships,
  forgetMemberRemoval,
  insertMembership,
  listDigestRecipients,
  listVendorAdminContacts,
  type UserWithMembershipsRow,
  wasRemoved,
} from './memberships.repository.ts';

/**
 * Who belongs to which vendor, for other modules (sessions, access control, sign-up, invitations,
 * ServiceM8 sign-in). Each function takes the database or the caller's transaction.
 */

/**
 * The user with the vendors they belong to, in the order they joined (the first is the default vendor),
 * then by name; undefined when there is no such user. Every signed-in request reads it: one statement
 * for the user and their memberships, one for those vendors' names (none for a user without any).
 */
export async function userWithVendors(
  db: Db,
  userId: string,
): Promise<{ user: UserWithMembershipsRow['user']; memberships: VendorMembership[] } | undefined> {
  const rows = await findUserWithMemberships(db, userId);
  const first = rows[0];
  if (!first) return undefined;
  const memberships = rows.flatMap((row) => (row.membership ? [row.membership] : []));
  // Vendors come by name: their index breaks ties between memberships that began at the same moment.
  const vendors = await findVendors(
    db,
    memberships.map((membership) => membership.vendorId),
  );
  const byId = new Map(vendors.map((vendor, index) => [vendor.id, { vendor, index }]));
  return {
    user: first.user,
    memberships: memberships
      .flatMap(({ vendorId, role, createdAt }) => {
        const found = byId.get(vendorId);
        return found ? [{ ...found, role, joinedAt: createdAt.getTime() }] : [];
      })
      .sort((a, b) => a.joinedAt - b.joinedAt || a.index - b.index)
      .map(({ vendor, role }) => ({ vendorId: vendor.id, name: vendor.name, role, sm8Connected: vendor.sm8Connected })),
  };
}

/** The vendors the user belongs to, in the order of `userWithVendors`. */
export async function vendorsOfUser(db: Db, userId: string): Promise<VendorMembership[]> {
  return (await userWithVendors(db, userId))?.memberships ?? [];
}

export async function isMember(db: Db, where: { vendorId: string; userId: string }): Promise<boolean> {
  return (await findMembership(db, where.vendorId, where.userId)) !== undefined;
}

/**
 * Makes the user a member of the vendor with the role (they accepted an invitation, or created the
 * business); a member already keeps the role they have. An earlier removal no longer counts.
 */
export async function addMembership(tx: Db, membership: { vendorId: string; userId: string; role: VendorRole }) {
  await insertMembership(tx, membership);
  await forgetMemberRemoval(tx, membership.vendorId, membership.userId);
}

/**
 * A staff member of the vendor's ServiceM8 account joins as User on their own, where the vendor allows
 * it: never someone an Admin removed. Answers whether they are a member now.
 */
export async function joinAsServiceM8Staff(tx: Db, where: { vendorId: string; userId: string }): Promise<boolean> {
  if (await findMembership(tx, where.vendorId, where.userId)) return true;
  if (await wasRemoved(tx, where.vendorId, where.userId)) return false;
  await insertMembership(tx, { ...where, role: 'User' });
  return true;
}

/** Who to tell when the vendor's automations need an Admin. */
export function vendorAdminContacts(db: Db, vendorId: string) {
  return listVendorAdminContacts(db, vendorId);
}

/** Every Admin who asked for the daily digest, with the vendor (one row per vendor they are an Admin of). */
export function digestRecipients(db: Db) {
  return listDigestRecipients(db);
}
