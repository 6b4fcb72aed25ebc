import type { Db } from '../../db/database.ts';
import { unlinkAllIdentities } from '../users/sm8-identities.service.ts';
import { markEmailConfirmed, type UserRow } from '../users/users.service.ts';

/**
 * The person proved they receive mail at the user's address. If it was not confirmed before, whoever
 * used the account until now had not proven it, so ServiceM8 logins linked to it are unlinked before the
 * address counts as confirmed.
 */
export async function confirmEmailOwnership(tx: Db, user: UserRow, now: Date): Promise<UserRow> {
  if (user.emailVerifiedAt) return user;
  await unlinkAllIdentities(tx, user.id);
  return markEmailConfirmed(tx, user, now);
}
