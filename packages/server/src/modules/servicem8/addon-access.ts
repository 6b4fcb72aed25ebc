import type { Sm8SignedIn } from '@automate/contract';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { startSession } from '../auth/sessions.service.ts';
import { isMember, joinAsServiceM8Staff } from '../users/memberships.service.ts';
import { isPlatformStaff, refusePlatformStaff } from '../users/sm8-identities.service.ts';
import type { UserRow } from '../users/users.service.ts';

/** The business connected to the ServiceM8 account an add-on event came from. */
export type AddonBusiness = { id: string; name: string; sm8StaffMayJoin: boolean };

/**
 * Whether the user may use the business from inside ServiceM8: a member, or, where the business lets
 * its ServiceM8 staff join, a new User (never someone an Admin removed). Platform staff never may.
 */
export async function admitFromServiceM8(tx: Db, user: UserRow, business: AddonBusiness): Promise<void> {
  if (isPlatformStaff(user)) throw refusePlatformStaff();
  const member = business.sm8StaffMayJoin
    ? await joinAsServiceM8Staff(tx, { vendorId: business.id, userId: user.id })
    : await isMember(tx, { vendorId: business.id, userId: user.id });
  if (!member) {
    throw new AppError(
      'FORBIDDEN',
      `${user.firstName || user.email} is not a member of ${business.name} in Automate. Ask its Admin for an invitation.`,
    );
  }
}

/** A session begun inside ServiceM8: it acts only for the business of that ServiceM8 account. */
export async function addonSession(deps: Deps, user: UserRow, business: AddonBusiness): Promise<Sm8SignedIn> {
  return {
    outcome: 'SignedIn',
    session: await startSession(deps, user, { proof: 'servicem8_addon', vendorId: business.id }),
    vendorId: business.id,
    vendorName: business.name,
  };
}
