import type { Db } from '../../db/database.ts';
import { markEmailConfirmed, type UserRow } from '../users/users.service.ts';
import { deleteIdentitiesOfUser } from './sm8-identities.repository.ts';

/**
 * The person proved they receive mail at the user's address. If it was not confirmed before, links made
 * until now were not proven by its owner (someone may have signed in through ServiceM8 with an address
 * that is not theirs), so they are removed before the address counts as confirmed.
 */
export async function confirmEmailOwnership(tx: Db, user: UserRow, now: Date): Promise<UserRow> {
  if (user.emailVerifiedAt) return user;
  await deleteIdentitiesOfUser(tx, user.id);
  return markEmailConfirmed(tx, user, now);
}
