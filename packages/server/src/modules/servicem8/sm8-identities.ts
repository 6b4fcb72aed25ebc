import type { Sm8SignInOutcome } from '@automate/contract';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { buildSession } from '../auth/auth.service.ts';
import { insertUser, type UserRow } from '../users/users.repository.ts';
import { findMembership, insertMembership } from '../vendors/vendors.repository.ts';
import { findIdentity, insertIdentity } from './servicem8.repository.ts';

/** A ServiceM8 sign-in identity and what ServiceM8 told us about the staff member. */
export type Sm8Person = {
  accountUuid: string;
  staffUuid: string;
  accountName: string;
  email: string;
  firstName: string;
  lastName: string;
};

/** Super admins and any other platform role: they sign in with their password only. */
export function isPlatformStaff(user: Pick<UserRow, 'roles'>): boolean {
  return user.roles.length > 0;
}

export function refusePlatformStaff(): AppError {
  return new AppError(
    'FORBIDDEN',
    'Automate platform staff cannot sign in or link their account through ServiceM8. Sign in with your password.',
  );
}

/**
 * Links the identity to the user. Refuses platform staff, and an identity already linked to someone
 * else (only that person can remove it, from their profile).
 */
export async function linkIdentity(tx: Db, deps: Deps, user: UserRow, person: Sm8Person): Promise<void> {
  if (isPlatformStaff(user)) throw refusePlatformStaff();
  const inserted = await insertIdentity(tx, {
    accountUuid: person.accountUuid,
    staffUuid: person.staffUuid,
    userId: user.id,
    accountName: person.accountName,
    staffEmail: person.email,
    linkedAt: deps.clock.now(),
  });
  if (inserted) return;
  const existing = await findIdentity(tx, person);
  if (existing?.userId !== user.id) {
    throw new AppError(
      'CONFLICT',
      'This ServiceM8 sign-in is already linked to another Automate user. They can remove the link in their profile.',
    );
  }
}

/**
 * A first sign-in with ServiceM8 whose email no Automate user has: a new user, linked to the identity.
 * The address is not marked confirmed: ServiceM8 does not verify staff emails.
 */
export async function createUserForIdentity(tx: Db, deps: Deps, person: Sm8Person): Promise<UserRow> {
  const user = await insertUser(tx, {
    email: person.email,
    userName: person.email,
    firstName: person.firstName || person.email,
    lastName: person.lastName,
  });
  await linkIdentity(tx, deps, user, person);
  return user;
}

/** Makes the user a member of the vendor with the role, unless they are one already or platform staff. */
export async function ensureMembership(tx: Db, user: UserRow, vendorId: string, role: 'Admin' | 'User'): Promise<void> {
  if (isPlatformStaff(user)) return;
  if (!(await findMembership(tx, vendorId, user.id))) await insertMembership(tx, { vendorId, userId: user.id, role });
}

type SignInNeeded = Extract<Sm8SignInOutcome, { outcome: 'SignInNeeded' }>;

/**
 * Who a ServiceM8 sign-in settled on, decided inside a transaction. The session is built from it only
 * after the transaction commits (`toOutcome`), so its memberships are the committed ones.
 */
export type SignInResult =
  | { outcome: 'SignedIn'; user: UserRow; vendor: { id: string; name: string } | null; linked: boolean }
  | SignInNeeded;

export function signedIn(user: UserRow, vendor: { id: string; name: string } | null, linked: boolean): SignInResult {
  return { outcome: 'SignedIn', user, vendor, linked };
}

export async function toOutcome(deps: Deps, result: SignInResult): Promise<Sm8SignInOutcome> {
  if (result.outcome === 'SignInNeeded') return result;
  return {
    outcome: 'SignedIn',
    session: await buildSession(deps, result.user),
    vendorId: result.vendor?.id ?? null,
    vendorName: result.vendor?.name ?? null,
    linked: result.linked,
  };
}

export function signInNeeded(email: string, claim: string): SignInNeeded {
  return {
    outcome: 'SignInNeeded',
    reason:
      `An Automate account already uses ${email}. To sign in with ServiceM8, first prove it is yours: ` +
      'sign in with its password, or have a link emailed to that address, and confirm the link.',
    email,
    claim,
  };
}
