import type { SearchQuery, VendorRole } from '@automate/contract';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { runSearch, type SearchSpec } from '../../db/search.ts';
import { users, vendorMemberRemovals, vendorMemberships } from './users.schema.ts';

export type MembershipRow = typeof vendorMemberships.$inferSelect;

/** The vendors the user belongs to, with their role in each. */
export async function listMembershipsOfUser(
  db: Db,
  userId: string,
): Promise<Array<Pick<MembershipRow, 'vendorId' | 'role'>>> {
  return db
    .select({ vendorId: vendorMemberships.vendorId, role: vendorMemberships.role })
    .from(vendorMemberships)
    .where(eq(vendorMemberships.userId, userId));
}

export type UserWithMembershipsRow = {
  user: typeof users.$inferSelect;
  membership: Pick<MembershipRow, 'vendorId' | 'role' | 'createdAt'> | null;
};

function userWithMembershipsQuery(db: Db) {
  return db
    .select({
      user: users,
      membership: {
        vendorId: vendorMemberships.vendorId,
        role: vendorMemberships.role,
        createdAt: vendorMemberships.createdAt,
      },
    })
    .from(users)
    .leftJoin(vendorMemberships, eq(vendorMemberships.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('user_with_memberships');
}

/** Built once per database (or transaction): neither drizzle nor PostgreSQL plans it again on each request. */
const userWithMembershipsQueries = new WeakMap<Db, ReturnType<typeof userWithMembershipsQuery>>();

/**
 * The user with their memberships, in one statement, since every signed-in request reads it: one row
 * per membership (one row with `membership` null for a user with none). No rows for a user who does
 * not exist.
 */
export async function findUserWithMemberships(db: Db, userId: string): Promise<UserWithMembershipsRow[]> {
  let query = userWithMembershipsQueries.get(db);
  if (!query) {
    query = userWithMembershipsQuery(db);
    userWithMembershipsQueries.set(db, query);
  }
  return query.execute({ userId });
}

export async function insertMembership(
  db: Db,
  values: { vendorId: string; userId: string; role: VendorRole },
): Promise<MembershipRow | undefined> {
  const [row] = await db.insert(vendorMemberships).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findMembership(db: Db, vendorId: string, userId: string): Promise<MembershipRow | undefined> {
  const [row] = await db
    .select()
    .from(vendorMemberships)
    .where(and(eq(vendorMemberships.vendorId, vendorId), eq(vendorMemberships.userId, userId)));
  return row;
}

export async function updateMembershipRole(db: Db, vendorId: string, userId: string, role: VendorRole): Promise<void> {
  await db
    .update(vendorMemberships)
    .set({ role })
    .where(and(eq(vendorMemberships.vendorId, vendorId), eq(vendorMemberships.userId, userId)));
}

export async function deleteMembership(db: Db, vendorId: string, userId: string): Promise<void> {
  await db
    .delete(vendorMemberships)
    .where(and(eq(vendorMemberships.vendorId, vendorId), eq(vendorMemberships.userId, userId)));
}

export async function recordMemberRemoval(db: Db, removal: { vendorId: string; userId: string; removedAt: Date }) {
  await db
    .insert(vendorMemberRemovals)
    .values(removal)
    .onConflictDoUpdate({
      target: [vendorMemberRemovals.vendorId, vendorMemberRemovals.userId],
      set: { removedAt: removal.removedAt },
    });
}

export async function forgetMemberRemoval(db: Db, vendorId: string, userId: string): Promise<void> {
  await db
    .delete(vendorMemberRemovals)
    .where(and(eq(vendorMemberRemovals.vendorId, vendorId), eq(vendorMemberRemovals.userId, userId)));
}

export async function wasRemoved(db: Db, vendorId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: vendorMemberRemovals.userId })
    .from(vendorMemberRemovals)
    .where(and(eq(vendorMemberRemovals.vendorId, vendorId), eq(vendorMemberRemovals.userId, userId)));
  return rows.length > 0;
}

/** The Admins of the vendor with their names and addresses. */
export async function listVendorAdminContacts(
  db: Db,
  vendorId: string,
): Promise<Array<{ id: string; email: string; firstName: string; lastName: string; dailyDigest: boolean }>> {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      dailyDigest: users.dailyDigest,
    })
    .from(vendorMemberships)
    .innerJoin(users, eq(users.id, vendorMemberships.userId))
    .where(and(eq(vendorMemberships.vendorId, vendorId), eq(vendorMemberships.role, 'Admin')))
    .orderBy(asc(users.email));
}

/** Every Admin who asked for the daily digest, once per vendor they are an Admin of. */
export function listDigestRecipients(db: Db) {
  return db
    .select({
      vendorId: vendorMemberships.vendorId,
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(vendorMemberships)
    .innerJoin(users, eq(users.id, vendorMemberships.userId))
    .where(and(eq(vendorMemberships.role, 'Admin'), eq(users.dailyDigest, true), isNull(users.disabledAt)))
    .orderBy(asc(vendorMemberships.vendorId), asc(users.email));
}

/** Admins of the vendor, locked for the rest of the transaction so two demotions cannot both pass. */
export async function lockVendorAdmins(db: Db, vendorId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: vendorMemberships.userId })
    .from(vendorMemberships)
    .where(and(eq(vendorMemberships.vendorId, vendorId), eq(vendorMemberships.role, 'Admin')))
    .for('update');
  return rows.map((row) => row.userId);
}

const vendorUserColumns = {
  id: users.id,
  email: users.email,
  userName: users.userName,
  firstName: users.firstName,
  lastName: users.lastName,
  role: vendorMemberships.role,
  emailVerifiedAt: users.emailVerifiedAt,
  joinedAt: vendorMemberships.createdAt,
};
export type VendorUserRow = {
  id: string;
  email: string;
  userName: string;
  firstName: string;
  lastName: string;
  role: VendorRole;
  emailVerifiedAt: Date | null;
  joinedAt: Date;
};

const vendorUserSearch: SearchSpec = {
  resource: 'users',
  fields: {
    email: { source: users.email, kind: 'text', sortable: true, filterable: true },
    userName: { source: users.userName, kind: 'text', sortable: true, filterable: true },
    firstName: { source: users.firstName, kind: 'text', sortable: true, filterable: true },
    lastName: { source: users.lastName, kind: 'text', sortable: true, filterable: true },
    role: { source: vendorMemberships.role, kind: 'enum', values: ['User', 'Admin'], sortable: true, filterable: true },
    emailVerified: { source: isNotNull(users.emailVerifiedAt), kind: 'boolean', filterable: true },
    joinedAt: { source: vendorMemberships.createdAt, kind: 'timestamp', sortable: true, filterable: true },
  },
  defaultSort: { field: 'email', direction: 'Ascending' },
  tiebreaker: users.id,
};

export function searchVendorUsers(db: Db, vendorId: string, query: SearchQuery) {
  const scope = eq(vendorMemberships.vendorId, vendorId);
  return runSearch<VendorUserRow>({
    spec: vendorUserSearch,
    query,
    scope,
    fetchRows: ({ where, orderBy, limit, offset }) =>
      db
        .select(vendorUserColumns)
        .from(vendorMemberships)
        .innerJoin(users, eq(users.id, vendorMemberships.userId))
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    countRows: async (where) => {
      const [row] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(vendorMemberships)
        .innerJoin(users, eq(users.id, vendorMemberships.userId))
        .where(where);
      return row?.total ?? 0;
    },
  });
}

export async function findVendorUser(db: Db, vendorId: string, userId: string): Promise<VendorUserRow | undefined> {
  const [row] = await db
    .select(vendorUserColumns)
    .from(vendorMemberships)
    .innerJoin(users, eq(users.id, vendorMemberships.userId))
    .where(and(eq(vendorMemberships.vendorId, vendorId), eq(vendorMemberships.userId, userId)));
  return row;
}
