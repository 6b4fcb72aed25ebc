import type { VendorMembership, VendorRole } from '@automate/contract';
import type { Db } from '../../db/database.ts';
import { findVendors } from '../vendors/vendors.service.ts';
import {
  findMembership,
  insertMembership,
  listDigestRecipients,
  listMembershipsOfUser,
  listVendorAdminContacts,
} from './memberships.repository.ts';

/**
 * Who belongs to which vendor, for other modules (sessions, access control, sign-up, invitations,
 * ServiceM8 sign-in). Each function takes the database or the caller's transaction.
 */

/** The vendors the user belongs to, in the order they joined (the first is the default vendor), then by name. */
export async function vendorsOfUser(db: Db, userId: string): Promise<VendorMembership[]> {
  const memberships = await listMembershipsOfUser(db, userId);
  const vendors = await findVendors(
    db,
    memberships.map((membership) => membership.vendorId),
  );
  const byName = new Map(vendors.map((vendor, index) => [vendor.id, { vendor, index }]));
  return memberships
    .flatMap((membership) => {
      const found = byName.get(membership.vendorId);
      return found ? [{ ...membership, ...found }] : [];
    })
    .sort((a, b) => a.joinedRank - b.joinedRank || a.index - b.index)
    .map(({ vendor, role }) => ({ vendorId: vendor.id, name: vendor.name, role, sm8Connected: vendor.sm8Connected }));
}

export async function isMember(db: Db, where: { vendorId: string; userId: string }): Promise<boolean> {
  return (await findMembership(db, where.vendorId, where.userId)) !== undefined;
}

/** Makes the user a member of the vendor with the role; a member already keeps the role they have. */
export async function addMembership(tx: Db, membership: { vendorId: string; userId: string; role: VendorRole }) {
  await insertMembership(tx, membership);
}

/** Who to tell when the vendor's automations need an Admin. */
export function vendorAdminContacts(db: Db, vendorId: string) {
  return listVendorAdminContacts(db, vendorId);
}

/** Every Admin who asked for the daily digest, with the vendor (one row per vendor they are an Admin of). */
export function digestRecipients(db: Db) {
  return listDigestRecipients(db);
}
