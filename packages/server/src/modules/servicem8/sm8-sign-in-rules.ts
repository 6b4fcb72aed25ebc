import type { Sm8SignInOutcome } from '@automate/contract';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { buildSession } from '../auth/auth.service.ts';
import { isPlatformStaff, linkIdentity } from '../auth/sm8-identities.service.ts';
import { addMembership } from '../users/memberships.service.ts';
import { createUser, type UserRow } from '../users/users.service.ts';

/** A ServiceM8 sign-in identity and what ServiceM8 told us about the staff member. */
export type Sm8Person = {
  accountUuid: string;
  staffUuid: string;
  accountName: string;
  email: string;
  firstName: string;
  lastName: string;
};

/**
 * A first sign-in with ServiceM8 whose email no Automate user has: a new user, linked to the identity.
 * The address is not marked confirmed: ServiceM8 does not verify staff emails.
 */
export async function createUserForIdentity(tx: Db, deps: Deps, person: Sm8Person): Promise<UserRow> {
  const user = await createUser(tx, {
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
  await addMembership(tx, { vendorId, userId: user.id, role });
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
