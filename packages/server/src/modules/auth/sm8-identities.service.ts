import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import type { UserRow } from '../users/users.service.ts';
import {
  deleteIdentityOfUser,
  findIdentity,
  insertIdentity,
  listIdentitiesOfUser,
  type Sm8IdentityRow,
} from './sm8-identities.repository.ts';

/**
 * The ServiceM8 sign-ins linked to users: a (ServiceM8 account, staff member) pair signs in as the one
 * user it is linked to. The servicem8 module runs the sign-in and linking flows; the links and who may
 * have one are kept here.
 */

type Identity = { accountUuid: string; staffUuid: string };

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

/** The link of a ServiceM8 sign-in, if it has one. */
export function findLinkedIdentity(db: Db, identity: Identity): Promise<Sm8IdentityRow | undefined> {
  return findIdentity(db, identity);
}

/**
 * Links the identity to the user. Refuses platform staff, and an identity already linked to someone
 * else (only that person can remove it, from their profile).
 */
export async function linkIdentity(
  tx: Db,
  deps: Deps,
  user: UserRow,
  person: Identity & { accountName: string; email: string },
): Promise<void> {
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

/** The user's linked ServiceM8 sign-ins, by account name. */
export function identitiesOfUser(db: Db, userId: string): Promise<Sm8IdentityRow[]> {
  return listIdentitiesOfUser(db, userId);
}

/** Removes one of the user's links; false when the user has no such link. */
export function unlinkIdentity(db: Db, userId: string, identity: Identity): Promise<boolean> {
  return deleteIdentityOfUser(db, userId, identity);
}
