import type { RegisterRequest, UserSession } from '@automate/contract';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { queueSystemEmail } from '../mail/mail.service.ts';
import { addMembership } from '../users/memberships.service.ts';
import { unlinkAllIdentities } from '../users/sm8-identities.service.ts';
import { changePassword, createUser, findUser, findUserWithEmail, type UserRow } from '../users/users.service.ts';
import { createVendor } from '../vendors/vendors.service.ts';
import { passwordResetRequestedJob, verificationRequestedJob } from './auth.jobs.ts';
import { clearSignInAttempts, findLocksAt, findSignInAttempts, recordFailedSignIn } from './auth.repository.ts';
import { sendLinkEmail } from './auth-emails.ts';
import { checkLinkToken, redeemLinkToken } from './auth-links.ts';
import { confirmEmailOwnership } from './email-proof.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { endAllSessions, startSession } from './sessions.service.ts';

const LOCKOUT = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 } as const;

const WRONG_CREDENTIALS = 'That email and password do not match an account. Check both and try again.';
export const RESET_REQUESTED_MESSAGE =
  'If an account uses that email address, we have sent it a link to choose a new password. The link works for 2 hours.';
export const VERIFICATION_REQUESTED_MESSAGE =
  'If an account with that email address still needs confirming, we have sent it a new link.';

export async function login(deps: Deps, credentials: { email: string; password: string }): Promise<UserSession> {
  return startSession(deps, await provePassword(deps, credentials), { proof: 'password' });
}

/**
 * The user whose email and password these are, counting failures per address: five in 15 minutes lock
 * the address. Unconfirmed addresses are refused, as they cannot sign in yet.
 */
export async function provePassword(deps: Deps, credentials: { email: string; password: string }): Promise<UserRow> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const emailKey = signInKey(credentials.email);
  // Counted per address, whether or not an account uses it: the answers never tell which it is.
  const attempts = await findSignInAttempts(db, emailKey);
  if (attempts?.lockedUntil && attempts.lockedUntil > now) throw lockedOut(attempts.lockedUntil, now);

  const user = await findUserWithEmail(db, credentials.email);
  // Unknown addresses cost the same hashing work as a wrong password.
  const matches = await verifyPassword(user?.passwordHash ?? null, credentials.password);
  if (!user || !matches) {
    const { lockedUntil } = await recordFailedSignIn(db, emailKey, { now, ...LOCKOUT });
    if (lockedUntil && lockedUntil > now) throw lockedOut(lockedUntil, now);
    throw new AppError('UNAUTHENTICATED', WRONG_CREDENTIALS);
  }
  if (!user.emailVerifiedAt) {
    throw new AppError(
      'EMAIL_NOT_VERIFIED',
      `Please confirm your email address first: open the link we sent to ${user.email}. You can ask for a new link below.`,
    );
  }
  if (attempts) await clearSignInAttempts(db, emailKey);
  return user;
}

/**
 * Which of `emails` (as given) are locked out after failed sign-ins at `now`. The users module sits
 * below this one, so app.ts hands this to the super admin's user list.
 */
export async function findLockedAddresses(db: Db, emails: readonly string[], now: Date): Promise<Set<string>> {
  const locked = new Set((await findLocksAt(db, emails.map(signInKey), now)).map((lock) => lock.emailKey));
  return new Set(emails.filter((email) => locked.has(signInKey(email))));
}

/** The address as sign-in attempts are counted: case and surrounding spaces do not make another one. */
export function signInKey(email: string): string {
  return email.trim().toLowerCase();
}

function lockedOut(until: Date, now: Date): AppError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return new AppError(
    'ACCOUNT_LOCKED',
    `Too many failed sign-ins: this account is locked for ${minutes} more minute${minutes === 1 ? '' : 's'}. ` +
      'Try again then, or reset your password.',
    { lockedOut: true },
  );
}

/**
 * Creates the user and their business and emails a confirmation link. For an address that already has
 * an account nothing is created and its owner is emailed instead; the answer is the same, so it never
 * tells whether an address has an account.
 */
export async function register(deps: Deps, input: RegisterRequest): Promise<{ email: string }> {
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  await deps.database.db.transaction(async (tx) => {
    const existing = await findUserWithEmail(tx, input.email);
    if (existing) {
      await queueSystemEmail(tx, deps, {
        key: 'account-exists',
        to: existing,
        data: { link: `${deps.config.publicUrl}/auth/login` },
      });
      return;
    }
    const user = await createUser(tx, {
      email: input.email,
      userName: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash,
    });
    const vendor = await createVendor(
      tx,
      { name: input.vendorName, ...(input.timeZone ? { timeZone: input.timeZone } : {}) },
      { plansOnSale: deps.billing !== undefined },
    );
    await addMembership(tx, { vendorId: vendor.id, userId: user.id, role: 'Admin' });
    await sendLinkEmail(tx, deps, user, 'verification', { now });
  });
  return { email: input.email };
}

export async function verifyEmail(deps: Deps, link: { token: string; userId: string }): Promise<void> {
  const now = deps.clock.now();
  await deps.database.db.transaction(async (tx) => {
    await redeemLinkToken(tx, {
      ...link,
      purpose: 'verify_email',
      now,
      askAgain: 'If your email address is not confirmed yet, ask for a new link on the sign-in page.',
    });
    const user = await findUser(tx, link.userId);
    if (!user || user.emailVerifiedAt) return;
    await confirmEmailOwnership(tx, user, now);
    await queueSystemEmail(tx, deps, {
      key: 'welcome',
      to: user,
      data: { link: `${deps.config.publicUrl}/app/dashboard` },
    });
  });
}

/** Answers the same whether or not the address exists; the work happens in a job, so timing tells nothing. */
export async function requestVerificationEmail(deps: Deps, email: string): Promise<void> {
  await deps.queue.send(verificationRequestedJob, { email });
}

export async function requestPasswordReset(deps: Deps, email: string): Promise<void> {
  await deps.queue.send(passwordResetRequestedJob, { email });
}

/**
 * Sets a new password from an emailed link. Every earlier session ends, the ServiceM8 logins linked to
 * the account are unlinked, a lock-out is lifted, and the address counts as confirmed (the link reached it).
 */
const ASK_FOR_NEW_RESET_LINK = 'Ask for a new link with "Forgot password" on the sign-in page.';

/** Says, before anyone types a new password, whether a password-reset link can still be used. */
export async function checkPasswordResetLink(deps: Deps, link: { token: string; userId: string }): Promise<void> {
  await checkLinkToken(deps.database.db, {
    ...link,
    purpose: 'password_reset',
    now: deps.clock.now(),
    askAgain: ASK_FOR_NEW_RESET_LINK,
  });
}

export async function resetPassword(
  deps: Deps,
  input: { token: string; userId: string; password: string },
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  await deps.database.db.transaction(async (tx) => {
    await redeemLinkToken(tx, {
      ...input,
      purpose: 'password_reset',
      now,
      askAgain: ASK_FOR_NEW_RESET_LINK,
    });
    const user = await findUser(tx, input.userId);
    if (!user) throw new AppError('BAD_REQUEST', 'This link is not valid.');
    await changePassword(tx, user.id, { passwordHash, now });
    await endAllSessions(tx, user.id, now);
    // Someone may have been in the account: the ServiceM8 logins linked to it are dropped with its sessions.
    await unlinkAllIdentities(tx, user.id);
    await clearSignInAttempts(tx, signInKey(user.email));
    await confirmEmailOwnership(tx, user, now);
  });
}
