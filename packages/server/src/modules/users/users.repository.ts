import type { VendorMembership } from '@automate/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { vendorMemberships, vendors } from '../vendors/vendors.schema.ts';
import { users } from './users.schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email.trim()})`);
  return row;
}

export async function insertUser(db: Db, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert into users returned nothing');
  return row;
}

export async function updateUser(db: Db, id: string, patch: Partial<NewUser>): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Sets welcomedAt unless it is set already, in one statement; answers the stored value. */
export async function setWelcomedOnce(db: Db, id: string, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .update(users)
    .set({ welcomedAt: sql`coalesce(${users.welcomedAt}, ${now})` })
    .where(eq(users.id, id))
    .returning({ welcomedAt: users.welcomedAt });
  return row?.welcomedAt ?? undefined;
}

/**
 * Counts a failed sign-in inside a sliding window and locks the account when the count reaches
 * `maxFailures`. One statement, so concurrent attempts cannot undercount.
 */
export async function recordFailedLogin(
  db: Db,
  id: string,
  options: { now: Date; windowMs: number; maxFailures: number; lockMs: number },
): Promise<{ failedLoginCount: number; lockedUntil: Date | null }> {
  const windowStart = new Date(options.now.getTime() - options.windowMs);
  const lockUntil = new Date(options.now.getTime() + options.lockMs);
  const fresh = sql`(${users.firstFailedLoginAt} is null or ${users.firstFailedLoginAt} < ${windowStart})`;
  const [row] = await db
    .update(users)
    .set({
      failedLoginCount: sql`case when ${fresh} then 1 else ${users.failedLoginCount} + 1 end`,
      firstFailedLoginAt: sql`case when ${fresh} then ${options.now} else ${users.firstFailedLoginAt} end`,
      lockedUntil: sql`case when (case when ${fresh} then 1 else ${users.failedLoginCount} + 1 end) >= ${options.maxFailures}
        then ${lockUntil} else ${users.lockedUntil} end`,
    })
    .where(eq(users.id, id))
    .returning({ failedLoginCount: users.failedLoginCount, lockedUntil: users.lockedUntil });
  return row ?? { failedLoginCount: 0, lockedUntil: null };
}

export async function clearFailedLogins(db: Db, id: string): Promise<void> {
  await db
    .update(users)
    .set({ failedLoginCount: 0, firstFailedLoginAt: null, lockedUntil: null })
    .where(eq(users.id, id));
}

/** The vendors a user belongs to, in the order they joined (the first is the default vendor). */
export async function listMembershipsOfUser(db: Db, userId: string): Promise<VendorMembership[]> {
  return db
    .select({
      vendorId: vendors.id,
      name: vendors.name,
      role: vendorMemberships.role,
      sm8Connected: vendors.sm8Connected,
    })
    .from(vendorMemberships)
    .innerJoin(vendors, eq(vendors.id, vendorMemberships.vendorId))
    .where(eq(vendorMemberships.userId, userId))
    .orderBy(asc(vendorMemberships.createdAt), asc(vendors.name));
}
