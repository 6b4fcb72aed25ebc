import type { SearchPage, SearchQuery, Vendor, VendorRole, VendorUser } from '@automate/contract';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import {
  deleteMembership,
  findMembership,
  findVendorById,
  findVendorUser,
  lockVendorAdmins,
  searchVendors,
  searchVendorUsers,
  updateMembershipRole,
  updateVendor,
  type VendorRow,
  type VendorUserRow,
} from './vendors.repository.ts';

function toVendor(row: VendorRow): Vendor {
  return {
    id: row.id,
    name: row.name,
    timeZone: row.timeZone,
    sm8Connected: row.sm8Connected,
    currentSubscriptionType: row.currentSubscriptionType,
    hasCurrentSubscription: row.currentSubscriptionType !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toVendorUser(row: VendorUserRow): VendorUser {
  return {
    id: row.id,
    email: row.email,
    userName: row.userName,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    emailVerified: row.emailVerifiedAt !== null,
    joinedAt: row.joinedAt.toISOString(),
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

/** The vendor, for other modules (in their transaction, when they pass it); undefined when there is none. */
export function findVendor(db: Db, vendorId: string): Promise<VendorRow | undefined> {
  return findVendorById(db, vendorId);
}

export async function changeVendor(
  deps: Deps,
  vendorId: string,
  patch: { name?: string | undefined; timeZone?: string | undefined },
): Promise<Vendor> {
  const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length === 0) {
    throw new AppError('VALIDATION_FAILED', 'Nothing to change: send a new name or timeZone.');
  }
  const row = await updateVendor(deps.database.db, vendorId, changes);
  if (!row) throw notFound('Vendor');
  return toVendor(row);
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

export async function removeVendorUser(deps: Deps, vendorId: string, userId: string): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const admins = await lockVendorAdmins(tx, vendorId);
    if (!(await findMembership(tx, vendorId, userId))) throw notFound('User');
    if (admins.length === 1 && admins[0] === userId) {
      throw new AppError('CONFLICT', 'A vendor needs at least one Admin: make someone else an Admin first.');
    }
    await deleteMembership(tx, vendorId, userId);
  });
}
