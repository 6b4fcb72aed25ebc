import type { SearchPage, SearchQuery, VendorRole, VendorUser } from '@automate/contract';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { findVendor } from '../vendors/vendors.service.ts';
import {
  deleteMembership,
  findMembership,
  findVendorUser,
  lockVendorAdmins,
  recordMemberRemoval,
  searchVendorUsers,
  updateMembershipRole,
  type VendorUserRow,
} from './memberships.repository.ts';
import { unlinkIdentitiesOfAccount } from './sm8-identities.service.ts';

/** A vendor's users as its Admins see and manage them: each with their role there. */

// The row holds only the columns a VendorUser shows, so the rest passes through as it is.
function toVendorUser({ emailVerifiedAt, joinedAt, ...user }: VendorUserRow): VendorUser {
  return { ...user, emailVerified: emailVerifiedAt !== null, joinedAt: joinedAt.toISOString() };
}

export async function listVendorUsers(
  deps: Deps,
  vendorId: string,
  query: SearchQuery,
): Promise<SearchPage<VendorUser>> {
  const page = await searchVendorUsers(deps.database.db, vendorId, query);
  return { ...page, rows: page.rows.map(toVendorUser) };
}

export async function getVendorUser(deps: Deps, vendorId: string, userId: string): Promise<VendorUser> {
  const row = await findVendorUser(deps.database.db, vendorId, userId);
  if (!row) throw notFound('User');
  return toVendorUser(row);
}

export async function changeVendorUserRole(
  deps: Deps,
  vendorId: string,
  userId: string,
  role: VendorRole,
): Promise<VendorUser> {
  return deps.database.db.transaction(async (tx) => {
    const admins = await lockVendorAdmins(tx, vendorId);
    const membership = await findMembership(tx, vendorId, userId);
    if (!membership) throw notFound('User');
    if (role !== 'Admin' && admins.length === 1 && admins[0] === userId) {
      throw new AppError('CONFLICT', 'A vendor needs at least one Admin: make someone else an Admin first.');
    }
    await updateMembershipRole(tx, vendorId, userId, role);
    const row = await findVendorUser(tx, vendorId, userId);
    if (!row) throw notFound('User');
    return toVendorUser(row);
  });
}

/**
 * Removes a member. They keep their account, lose their ServiceM8 logins of the vendor's account (so the
 * add-on no longer signs them in there) and cannot join again from ServiceM8: only a new invitation.
 */
export async function removeVendorUser(deps: Deps, vendorId: string, userId: string): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const admins = await lockVendorAdmins(tx, vendorId);
    if (!(await findMembership(tx, vendorId, userId))) throw notFound('User');
    if (admins.length === 1 && admins[0] === userId) {
      throw new AppError('CONFLICT', 'A vendor needs at least one Admin: make someone else an Admin first.');
    }
    await deleteMembership(tx, vendorId, userId);
    await recordMemberRemoval(tx, { vendorId, userId, removedAt: deps.clock.now() });
    const accountUuid = (await findVendor(tx, vendorId))?.sm8AccountUuid;
    if (accountUuid) await unlinkIdentitiesOfAccount(tx, userId, accountUuid);
  });
}
