import { type SearchPage, type SearchQuery, SUPER_ADMIN } from '@automate/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { runSearch, type SearchSpec } from '../../db/search.ts';
import { users, vendorMemberships } from './users.schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUsersByIds(db: Db, ids: readonly string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(inArray(users.id, [...ids]));
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

/** The ids of the super admins whose accounts are enabled, their rows locked until the transaction ends. */
export async function lockEnabledSuperAdmins(tx: Db): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`${SUPER_ADMIN} = any(${users.roles})`, isNull(users.disabledAt)))
    .for('update');
  return rows.map((row) => row.id);
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

export async function updateUserSettings(
  db: Db,
  id: string,
  settings: { dailyDigest: boolean },
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ dailyDigest: settings.dailyDigest, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  return row;
}

const vendorCount = sql<number>`(select count(*)::int from ${vendorMemberships} where ${vendorMemberships.userId} = ${users.id})`;

const adminUserSearch: SearchSpec = {
  resource: 'users',
  fields: {
    id: { source: users.id, kind: 'uuid', filterable: true },
    email: { source: users.email, kind: 'text', sortable: true, filterable: true },
    userName: { source: users.userName, kind: 'text', sortable: true, filterable: true },
    firstName: { source: users.firstName, kind: 'text', sortable: true, filterable: true },
    lastName: { source: users.lastName, kind: 'text', sortable: true, filterable: true },
    emailVerified: { source: sql`(${users.emailVerifiedAt} is not null)`, kind: 'boolean', filterable: true },
    superAdmin: { source: sql`(${SUPER_ADMIN} = any(${users.roles}))`, kind: 'boolean', filterable: true },
    disabled: { source: sql`(${users.disabledAt} is not null)`, kind: 'boolean', filterable: true },
    lastSignInAt: { source: users.lastSignInAt, kind: 'timestamp', sortable: true, filterable: true },
    createdAt: { source: users.createdAt, kind: 'timestamp', sortable: true, filterable: true },
    vendorCount: { source: vendorCount, kind: 'number', sortable: true, filterable: true },
  },
  defaultSort: { field: 'email', direction: 'Ascending' },
  tiebreaker: users.id,
};

/** A page of users for the super admin's list, with how many vendors each belongs to. */
export function searchUsers(db: Db, query: SearchQuery): Promise<SearchPage<{ user: UserRow; vendorCount: number }>> {
  return runSearch({
    spec: adminUserSearch,
    query,
    fetchRows: ({ where, orderBy, limit, offset }) =>
      db
        .select({ user: users, vendorCount })
        .from(users)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    countRows: async (where) => {
      const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(users).where(where);
      return row?.total ?? 0;
    },
  });
}
