import type { AdminUserDetail } from '@automate/contract';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import type { Caller } from '../../http/access.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { type AuditRecord, recordAudit } from '../audit/audit.service.ts';
import { vendorsOfUser } from '../users/memberships.service.ts';
import {
  enabledSuperAdminsForUpdate,
  findUser,
  setSuperAdminRole,
  setUserDisabled,
  toAdminUserRow,
  type UserRow,
} from '../users/users.service.ts';
import { clearSignInAttempts } from './auth.repository.ts';
import { findLockedAddresses, signInKey } from './auth.service.ts';
import { sendLinkEmail } from './auth-emails.ts';

/** What a super admin does to one user's account: read it, send its links, unlock, grant or revoke SuperAdmin, disable. */

const USER = 'User';

const nameOf = (user: UserRow) => `${user.firstName} ${user.lastName}`.trim() || user.email;

async function requireUser(db: Db, userId: string): Promise<UserRow> {
  const user = await findUser(db, userId);
  if (!user) throw notFound(USER);
  return user;
}

/** The user with their lock-out, vendors and roles, as the super admin's user page shows them. */
export async function getAdminUser(deps: Deps, userId: string): Promise<AdminUserDetail> {
  const db = deps.database.db;
  return describeUser(deps, db, await requireUser(db, userId));
}

async function describeUser(deps: Deps, db: Db, user: UserRow): Promise<AdminUserDetail> {
  const [locked, vendors] = await Promise.all([
    findLockedAddresses(db, [user.email], deps.clock.now()),
    vendorsOfUser(db, user.id),
  ]);
  return { ...toAdminUserRow(user, { lockedOut: locked.has(user.email), vendorCount: vendors.length }), vendors };
}

/** Writes the action on the user to the audit log, in the action's transaction. */
function audit(tx: Db, deps: Deps, caller: Caller, user: UserRow, record: Omit<AuditRecord, 'targetUserId'>) {
  return recordAudit(tx, caller, deps.clock.now(), { ...record, targetUserId: user.id });
}

/** Emails the user a new link to confirm their address (an address already confirmed needs none: 400). */
export async function sendVerificationLink(deps: Deps, caller: Caller, userId: string): Promise<AdminUserDetail> {
  return deps.database.db.transaction(async (tx) => {
    const user = await requireUser(tx, userId);
    if (user.emailVerifiedAt) {
      throw new AppError('BAD_REQUEST', `${nameOf(user)} has already confirmed ${user.email}; no link is needed.`);
    }
    refuseDisabled(user, 'a confirmation link');
    await sendLinkEmail(tx, deps, user, 'verification', deps.clock.now());
    await audit(tx, deps, caller, user, {
      action: 'user.verification-sent',
      summary: `Sent ${user.email} a new confirmation link.`,
    });
    return describeUser(deps, tx, user);
  });
}

/** Emails the user a link to choose a new password. */
export async function sendPasswordResetLink(deps: Deps, caller: Caller, userId: string): Promise<AdminUserDetail> {
  return deps.database.db.transaction(async (tx) => {
    const user = await requireUser(tx, userId);
    refuseDisabled(user, 'a password reset link');
    await sendLinkEmail(tx, deps, user, 'passwordReset', deps.clock.now());
    await audit(tx, deps, caller, user, {
      action: 'user.password-reset-sent',
      summary: `Sent ${user.email} a password reset link.`,
    });
    return describeUser(deps, tx, user);
  });
}

/** Lifts the lock-out that failed sign-ins put on the user's address (400 when there is none). */
export async function unlockUser(deps: Deps, caller: Caller, userId: string): Promise<AdminUserDetail> {
  return deps.database.db.transaction(async (tx) => {
    const user = await requireUser(tx, userId);
    const locked = await findLockedAddresses(tx, [user.email], deps.clock.now());
    if (!locked.has(user.email)) throw new AppError('BAD_REQUEST', `${nameOf(user)} is not locked out.`);
    await clearSignInAttempts(tx, signInKey(user.email));
    await audit(tx, deps, caller, user, {
      action: 'user.unlocked',
      summary: `Unlocked ${nameOf(user)} after failed sign-ins.`,
      before: { lockedOut: true },
      after: { lockedOut: false },
    });
    return describeUser(deps, tx, user);
  });
}

/** Grants or revokes SuperAdmin: never on oneself (another super admin must), never the last one's. */
export async function setSuperAdmin(
  deps: Deps,
  caller: Caller,
  userId: string,
  superAdmin: boolean,
): Promise<AdminUserDetail> {
  if (userId.toLowerCase() === caller.id.toLowerCase()) {
    throw new AppError('BAD_REQUEST', 'You cannot change your own SuperAdmin role: ask another super admin to do it.');
  }
  return deps.database.db.transaction(async (tx) => {
    const user = await requireUser(tx, userId);
    if (!superAdmin) await refuseLastSuperAdmin(tx, user, 'grant the role to someone else before revoking it');
    const changed = await setSuperAdminRole(tx, user, superAdmin);
    await audit(tx, deps, caller, user, {
      action: 'user.superadmin',
      summary: `${superAdmin ? 'Granted' : 'Revoked'} SuperAdmin ${superAdmin ? 'to' : 'from'} ${nameOf(user)}.`,
      before: { roles: user.roles },
      after: { roles: changed.roles },
    });
    return describeUser(deps, tx, changed);
  });
}

/**
 * Refuses to take the last enabled super admin away. The caller is one, so this only happens when two
 * super admins act on each other at once: the enabled super admins are locked while this decides.
 */
async function refuseLastSuperAdmin(tx: Db, user: UserRow, instead: string): Promise<void> {
  const superAdmins = await enabledSuperAdminsForUpdate(tx);
  if (superAdmins.length === 1 && superAdmins[0] === user.id) {
    throw new AppError('BAD_REQUEST', `${nameOf(user)} is the last super admin: ${instead}.`);
  }
}

/** Disables the account (it cannot sign in, its sessions end) or enables it again; never one's own, nor the last super admin's. */
export async function setDisabled(
  deps: Deps,
  caller: Caller,
  userId: string,
  disabled: boolean,
): Promise<AdminUserDetail> {
  if (userId.toLowerCase() === caller.id.toLowerCase()) {
    throw new AppError('BAD_REQUEST', 'You cannot disable or enable your own account.');
  }
  return deps.database.db.transaction(async (tx) => {
    const user = await requireUser(tx, userId);
    if (disabled) await refuseLastSuperAdmin(tx, user, 'grant the role to someone else before disabling them');
    const changed = await setUserDisabled(tx, user, disabled, deps.clock.now());
    await audit(tx, deps, caller, user, {
      action: 'user.disabled',
      summary: `${disabled ? 'Disabled' : 'Enabled'} ${nameOf(user)}'s account.`,
      before: { disabled: user.disabledAt !== null },
      after: { disabled },
    });
    return describeUser(deps, tx, changed);
  });
}

function refuseDisabled(user: UserRow, what: string): void {
  if (user.disabledAt) {
    throw new AppError('BAD_REQUEST', `${nameOf(user)}'s account is disabled: enable it before sending ${what}.`);
  }
}
