import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import {
  deleteIdentitiesOfAccount,
  deleteIdentitiesOfUser,
  deleteIdentityOfUser,
  findIdentity,
  insertIdentity,
  listIdentitiesOfUser,
  type Sm8IdentityRow,
} from './sm8-identities.repository.ts';
import type { UserRow } from './users.service.ts';

/**
 * ServiceM8 logins linked to users: a (ServiceM8 account, staff member) pair signs in as the one user it
 * is linked to. Only that user links it, after proving their Automate account; the servicem8 module runs
 * the flows, and the links and who may have one are kept here.
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

/** The link of a ServiceM8 login, if it has one. */
export function findLinkedIdentity(db: Db, identity: Identity): Promise<Sm8IdentityRow | undefined> {
  return findIdentity(db, identity);
}

/**
 * Links the ServiceM8 login to the user. Refuses platform staff, and a login already linked to someone
 * else (only that person, or an Admin removing them, can unlink it).
 */
export async function linkIdentity(
  tx: Db,
  deps: Deps,
  user: UserRow,
  identity: Identity & { accountName: string; staffName: string },
): Promise<void> {
  if (isPlatformStaff(user)) throw refusePlatformStaff();
  const inserted = await insertIdentity(tx, { ...identity, userId: user.id, linkedAt: deps.clock.now() });
  if (inserted) return;
  const existing = await findIdentity(tx, identity);
  if (existing?.userId !== user.id) {
    throw new AppError(
      'CONFLICT',
      'This ServiceM8 login is already linked to another Automate user. They can remove the link in their profile.',
    );
  }
}

/** The user's linked ServiceM8 logins, by account name. */
export function identitiesOfUser(db: Db, userId: string): Promise<Sm8IdentityRow[]> {
  return listIdentitiesOfUser(db, userId);
}

/** Removes one of the user's links; false when the user has no such link. */
export function unlinkIdentity(db: Db, userId: string, identity: Identity): Promise<boolean> {
  return deleteIdentityOfUser(db, userId, identity);
}

/** Removes every link of the user (their password was reset, or their address proven only now). */
export function unlinkAllIdentities(tx: Db, userId: string): Promise<void> {
  return deleteIdentitiesOfUser(tx, userId);
}

/** Removes the user's links to one ServiceM8 account (they were removed from its business). */
export function unlinkIdentitiesOfAccount(tx: Db, userId: string, accountUuid: string): Promise<void> {
  return deleteIdentitiesOfAccount(tx, userId, accountUuid);
}
