import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { sm8Identities } from './users.schema.ts';

export type Sm8IdentityRow = typeof sm8Identities.$inferSelect;

export async function findIdentity(
  db: Db,
  identity: { accountUuid: string; staffUuid: string },
): Promise<Sm8IdentityRow | undefined> {
  const [row] = await db
    .select()
    .from(sm8Identities)
    .where(and(eq(sm8Identities.accountUuid, identity.accountUuid), eq(sm8Identities.staffUuid, identity.staffUuid)));
  return row;
}

/** Links the identity to the user; false when it is already linked (to anyone). */
export async function insertIdentity(db: Db, values: typeof sm8Identities.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(sm8Identities)
    .values(values)
    .onConflictDoNothing()
    .returning({ accountUuid: sm8Identities.accountUuid });
  return rows.length === 1;
}

export async function listIdentitiesOfUser(db: Db, userId: string): Promise<Sm8IdentityRow[]> {
  return db
    .select()
    .from(sm8Identities)
    .where(eq(sm8Identities.userId, userId))
    .orderBy(sm8Identities.accountName, sm8Identities.linkedAt);
}

/** Removes one of the user's identities; false when the user has no such link. */
export async function deleteIdentityOfUser(
  db: Db,
  userId: string,
  identity: { accountUuid: string; staffUuid: string },
): Promise<boolean> {
  const rows = await db
    .delete(sm8Identities)
    .where(
      and(
        eq(sm8Identities.userId, userId),
        eq(sm8Identities.accountUuid, identity.accountUuid),
        eq(sm8Identities.staffUuid, identity.staffUuid),
      ),
    )
    .returning({ accountUuid: sm8Identities.accountUuid });
  return rows.length === 1;
}

/** Drops every link of the user. */
export async function deleteIdentitiesOfUser(db: Db, userId: string): Promise<void> {
  await db.delete(sm8Identities).where(eq(sm8Identities.userId, userId));
}

export async function deleteIdentitiesOfAccount(db: Db, userId: string, accountUuid: string): Promise<void> {
  await db
    .delete(sm8Identities)
    .where(and(eq(sm8Identities.userId, userId), eq(sm8Identities.accountUuid, accountUuid)));
}
