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

/**
 * One action of a super admin on a user's account, in one transaction: the user is read (404 when
 * missing), `act` changes what it changes and says what to audit (and the user as it is after, when
 * it changed the row), the audit entry is written, and the user's page is answered.
 */
function actOnUser(
  deps: Deps,
  caller: Caller,
  userId: string,
  act: (tx: Db, user: UserRow) => Promise<{ audit: Omit<AuditRecord, 'targetUserId'>; after?: UserRow }>,
): Promise<AdminUserDetail> {
  return deps.database.db.transaction(async (tx) => {
    const user = await requireUser(tx, userId);
    const done = await act(tx, user);
    await recordAudit(tx, caller, deps.clock.now(), { ...done.audit, targetUserId: user.id });
    return describeUser(deps, tx, done.after ?? user);
  });
}

/** Emails the user a new link to confirm their address (an address already confirmed needs none: 400). */
export function sendVerificationLink(deps: Deps, caller: Caller, userId: string): Promise<AdminUserDetail> {
  return actOnUser(deps, caller, userId, async (tx, user) => {
    if (user.emailVerifiedAt) {
      throw new AppError('BAD_REQUEST', `${nameOf(user)} has already confirmed ${user.email}; no link is needed.`);
    }
    refuseDisabled(user, 'a confirmation link');
    await sendLinkEmail(tx, deps, user, 'verification', { now: deps.clock.now(), bySuperAdmin: true });
    return { audit: { action: 'user.verification-sent', summary: `Sent ${user.email} a new confirmation link.` } };
  });
}

/** Emails the user a link to choose a new password. */
export function sendPasswordResetLink(deps: Deps, caller: Caller, userId: string): Promise<AdminUserDetail> {
  return actOnUser(deps, caller, userId, async (tx, user) => {
    refuseDisabled(user, 'a password reset link');
    await sendLinkEmail(tx, deps, user, 'passwordReset', { now: deps.clock.now(), bySuperAdmin: true });
    return { audit: { action: 'user.password-reset-sent', summary: `Sent ${user.email} a password reset link.` } };
  });
}

/** Lifts the lock-out that failed sign-ins put on the user's address (400 when there is none). */
export function unlockUser(deps: Deps, caller: Caller, userId: string): Promise<AdminUserDetail> {
  return actOnUser(deps, caller, userId, async (tx, user) => {
    const locked = await findLockedAddresses(tx, [user.email], deps.clock.now());
    if (!locked.has(user.email)) throw new AppError('BAD_REQUEST', `${nameOf(user)} is not locked out.`);
    await clearSignInAttempts(tx, signInKey(user.email));
    return {
      audit: {
        action: 'user.unlocked',
        summary: `Unlocked ${nameOf(user)} after failed sign-ins.`,
        before: { lockedOut: true },
        after: { lockedOut: false },
      },
    };
  });
}

/** Grants or revokes SuperAdmin: never on oneself (another super admin must), never the last one's. */
export function setSuperAdmin(
  deps: Deps,
  caller: Caller,
  userId: string,
  superAdmin: boolean,
): Promise<AdminUserDetail> {
  if (userId.toLowerCase() === caller.id.toLowerCase()) {
    throw new AppError('BAD_REQUEST', 'You cannot change your own SuperAdmin role: ask another super admin to do it.');
  }
  return actOnUser(deps, caller, userId, async (tx, user) => {
    if (!superAdmin) await refuseLastSuperAdmin(tx, user, 'grant the role to someone else before revoking it');
    const changed = await setSuperAdminRole(tx, user, superAdmin);
    return {
      after: changed,
      audit: {
        action: 'user.superadmin',
        summary: `${superAdmin ? 'Granted' : 'Revoked'} SuperAdmin ${superAdmin ? 'to' : 'from'} ${nameOf(user)}.`,
        before: { roles: user.roles },
        after: { roles: changed.roles },
      },
    };
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
export function setDisabled(deps: Deps, caller: Caller, userId: string, disabled: boolean): Promise<AdminUserDetail> {
  if (userId.toLowerCase() === caller.id.toLowerCase()) {
    throw new AppError('BAD_REQUEST', 'You cannot disable or enable your own account.');
  }
  return actOnUser(deps, caller, userId, async (tx, user) => {
    if (disabled) await refuseLastSuperAdmin(tx, user, 'grant the role to someone else before disabling them');
    const changed = await setUserDisabled(tx, user, disabled, deps.clock.now());
    return {
      after: changed,
      audit: {
        action: 'user.disabled',
        summary: `${disabled ? 'Disabled' : 'Enabled'} ${nameOf(user)}'s account.`,
        before: { disabled: user.disabledAt !== null },
        after: { disabled },
      },
    };
  });
}

function refuseDisabled(user: UserRow, what: string): void {
  if (user.disabledAt) {
    throw new AppError('BAD_REQUEST', `${nameOf(user)}'s account is disabled: enable it before sending ${what}.`);
  }
}
