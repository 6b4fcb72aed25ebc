import type { UserSession, VendorMembership } from '@automate/contract';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import type { Caller } from '../../http/access.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { vendorsOfUser } from '../users/memberships.service.ts';
import { findUser, recordSignIn, type UserRow } from '../users/users.service.ts';
import {
  deleteSessionsOver,
  endSession,
  endSessionsOfUser,
  extendSession,
  insertSession,
  type SessionProof,
} from './sessions.repository.ts';

/**
 * Sessions: each sign-in stores one, and its token names it, so it can be ended on its own (signing
 * out) or with all the user's others (a password change). What began a session is kept with it; a
 * session begun from inside ServiceM8 acts only for the business of that ServiceM8 account.
 */

/** What the person proved to begin the session; `vendorId` limits it to one business. */
export type SessionStart = { proof: SessionProof; vendorId?: string | null };

const ACCOUNT_DISABLED_MESSAGE =
  'This account has been disabled, so it cannot sign in. Ask the Automate support team if you think this is a mistake.';

/** The businesses a session may act for: all of the user's, or the one it is limited to. */
export function membershipsWithin(memberships: VendorMembership[], vendorId: string | null): VendorMembership[] {
  return vendorId === null ? memberships : memberships.filter((membership) => membership.vendorId === vendorId);
}

async function sessionAnswer(
  deps: Deps,
  user: UserRow,
  session: { id: string; vendorId: string | null },
  now: Date,
): Promise<UserSession> {
  const { token, expiresAt } = await deps.sessions.issue({ userId: user.id, sessionId: session.id }, now);
  return {
    token,
    tokenExpiry: expiresAt.toISOString(),
    lockedOut: false,
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    userName: user.userName,
    email: user.email,
    roles: session.vendorId === null ? user.roles : [],
    vendors: membershipsWithin(await vendorsOfUser(deps.database.db, user.id), session.vendorId),
  };
}

/** Begins a session for the user (a disabled account gets none); it counts as their latest sign-in. */
export async function startSession(deps: Deps, user: UserRow, start: SessionStart): Promise<UserSession> {
  if (user.disabledAt) throw new AppError('FORBIDDEN', ACCOUNT_DISABLED_MESSAGE);
  const now = deps.clock.now();
  const session = await insertSession(deps.database.db, {
    userId: user.id,
    proof: start.proof,
    vendorId: start.vendorId ?? null,
    createdAt: now,
    expiresAt: deps.sessions.expiryFrom(now),
  });
  await recordSignIn(deps.database.db, user.id, now);
  return sessionAnswer(deps, user, session, now);
}

/** The caller's session, re-read (current vendors and roles) with a fresh token; it stays the same session. */
export async function refreshSession(deps: Deps, caller: Caller): Promise<UserSession> {
  const user = await findUser(deps.database.db, caller.id);
  if (!user) throw notFound('User');
  const now = deps.clock.now();
  await extendSession(deps.database.db, caller.sessionId, deps.sessions.expiryFrom(now));
  return sessionAnswer(deps, user, { id: caller.sessionId, vendorId: caller.sessionVendorId }, now);
}

/** Signing out: the caller's token stops working at once, in every process. */
export async function signOut(deps: Deps, caller: Caller): Promise<void> {
  await endSession(deps.database.db, { id: caller.sessionId, userId: caller.id }, deps.clock.now());
}

/** Ends every session of the user (their password changed, or they lost their account). */
export function endAllSessions(tx: Db, userId: string, now: Date): Promise<void> {
  return endSessionsOfUser(tx, userId, now);
}

/** How long an ended or expired session is kept for the record before the nightly clean-up. */
const ENDED_SESSIONS_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

export function removeOldSessions(deps: Pick<Deps, 'database' | 'clock'>): Promise<number> {
  return deleteSessionsOver(deps.database.db, new Date(deps.clock.now().getTime() - ENDED_SESSIONS_KEPT_MS));
}
