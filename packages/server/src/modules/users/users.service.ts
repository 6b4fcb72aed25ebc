import {
  type AdminUserRow,
  type SearchPage,
  type SearchQuery,
  SUPER_ADMIN,
  type UserProfile,
} from '@automate/contract';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import type { Caller } from '../../http/access.ts';
import { notFound } from '../../http/app-error.ts';
import { listMembershipsOfUser } from './memberships.repository.ts';
import {
  findUserByEmail,
  findUserById,
  findUsersByIds,
  insertUser,
  lockEnabledSuperAdmins,
  type NewUser,
  searchUsers,
  setWelcomedOnce,
  type UserRow,
  updateUser,
  updateUserSettings,
} from './users.repository.ts';

export type { UserRow };

function toUserProfile(user: UserRow): UserProfile {
  return {
    id: user.id,
    email: user.email,
    userName: user.userName,
    firstName: user.firstName,
    lastName: user.lastName,
    roles: user.roles,
    emailVerified: user.emailVerifiedAt !== null,
    welcomedAt: user.welcomedAt?.toISOString() ?? null,
    dailyDigest: user.dailyDigest,
    createdAt: user.createdAt.toISOString(),
  };
}

/**
 * A user's profile, for the user themself, a super admin, or an Admin of a vendor the user belongs
 * to. Anyone else gets 404, as if the user did not exist.
 */
export async function getUserProfile(deps: Deps, caller: Caller, userId: string): Promise<UserProfile> {
  const user = await findUserById(deps.database.db, userId);
  if (!user) throw notFound('User');
  if (user.id !== caller.id && !caller.isSuperAdmin) {
    const adminOf = new Set(caller.memberships.filter((m) => m.role === 'Admin').map((m) => m.vendorId));
    const theirs = await listMembershipsOfUser(deps.database.db, user.id);
    if (!theirs.some((m) => adminOf.has(m.vendorId))) throw notFound('User');
  }
  return toUserProfile(user);
}

/** Records that the user has seen the welcome; the first time counts, even when calls race. */
export async function markWelcomed(deps: Deps, caller: Caller): Promise<Date> {
  const welcomedAt = await setWelcomedOnce(deps.database.db, caller.id, deps.clock.now());
  if (!welcomedAt) throw notFound('User');
  return welcomedAt;
}

/** Changes the signed-in user's own settings (the daily digest); answers their profile. */
export async function changeUserSettings(
  deps: Deps,
  caller: Caller,
  settings: { dailyDigest: boolean },
): Promise<UserProfile> {
  const user = await updateUserSettings(deps.database.db, caller.id, settings, deps.clock.now());
  if (!user) throw notFound('User');
  return toUserProfile(user);
}

// Other modules' reads and writes: each takes the database or the caller's transaction.

export function findUser(db: Db, userId: string): Promise<UserRow | undefined> {
  return findUserById(db, userId);
}

/** The users among `ids` (in no particular order). */
export function findUsers(db: Db, ids: readonly string[]): Promise<UserRow[]> {
  return findUsersByIds(db, ids);
}

/** The user with this address, however its case is written. */
export function findUserWithEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return findUserByEmail(db, email);
}

export function createUser(tx: Db, values: NewUser): Promise<UserRow> {
  return insertUser(tx, values);
}

/** A new password; every session issued before `now` stops working. */
export async function changePassword(tx: Db, userId: string, change: { passwordHash: string; now: Date }) {
  await updateUser(tx, userId, { passwordHash: change.passwordHash, sessionsValidFrom: change.now });
}

/** The user's address counts as confirmed from `now`; answers the user as changed. */
export async function markEmailConfirmed(tx: Db, user: UserRow, now: Date): Promise<UserRow> {
  return (await updateUser(tx, user.id, { emailVerifiedAt: now })) ?? user;
}

/** The user as a row of the super admin's list. */
export function toAdminUserRow(user: UserRow, facts: { lockedOut: boolean; vendorCount: number }): AdminUserRow {
  return {
    ...toUserProfile(user),
    ...facts,
    disabled: user.disabledAt !== null,
    lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
  };
}

/** A session was handed out for a sign-in at `now`. */
export async function recordSignIn(db: Db, userId: string, now: Date): Promise<void> {
  await updateUser(db, userId, { lastSignInAt: now });
}

/** The super admins whose accounts are enabled, locked against a concurrent change of roles. */
export function enabledSuperAdminsForUpdate(tx: Db): Promise<string[]> {
  return lockEnabledSuperAdmins(tx);
}

/** Grants or revokes the platform's SuperAdmin role; answers the user as changed. */
export async function setSuperAdminRole(tx: Db, user: UserRow, superAdmin: boolean): Promise<UserRow> {
  const others = user.roles.filter((role) => role !== SUPER_ADMIN);
  return (await updateUser(tx, user.id, { roles: superAdmin ? [...others, SUPER_ADMIN] : others })) ?? user;
}

/** Disables the account at `now` (ending its sessions) or enables it again; answers the user as changed. */
export async function setUserDisabled(tx: Db, user: UserRow, disabled: boolean, now: Date): Promise<UserRow> {
  const patch = disabled ? { disabledAt: now, sessionsValidFrom: now } : { disabledAt: null };
  return (await updateUser(tx, user.id, patch)) ?? user;
}

/** Which of the addresses (as given) are locked out after failed sign-ins; the auth module knows. */
export type FindLockedAddresses = (db: Db, emails: readonly string[], now: Date) => Promise<Set<string>>;

/** Every user of the platform, for super admins. */
export async function searchAllUsers(
  deps: Deps,
  query: SearchQuery,
  findLockedAddresses: FindLockedAddresses,
): Promise<SearchPage<AdminUserRow>> {
  const db = deps.database.db;
  const page = await searchUsers(db, query);
  const locked = await findLockedAddresses(
    db,
    page.rows.map(({ user }) => user.email),
    deps.clock.now(),
  );
  return {
    ...page,
    rows: page.rows.map(({ user, vendorCount }) =>
      toAdminUserRow(user, { lockedOut: locked.has(user.email), vendorCount }),
    ),
  };
}
