import type { SearchQuery, VendorRole } from '@automate/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { runSearch, type SearchSpec, searchTable } from '../../db/search.ts';
import { users } from '../users/users.schema.ts';
import { vendorMemberships, vendors } from './vendors.schema.ts';

export type VendorRow = typeof vendors.$inferSelect;
export type MembershipRow = typeof vendorMemberships.$inferSelect;

export async function insertVendor(db: Db, values: typeof vendors.$inferInsert): Promise<VendorRow> {
  const [row] = await db.insert(vendors).values(values).returning();
  if (!row) throw new Error('insert into vendors returned nothing');
  return row;
}

export async function findVendorById(db: Db, id: string): Promise<VendorRow | undefined> {
  const [row] = await db.select().from(vendors).where(eq(vendors.id, id));
  return row;
}

export async function updateVendor(
  db: Db,
  id: string,
  patch: Partial<Pick<VendorRow, 'name' | 'timeZone'>>,
): Promise<VendorRow | undefined> {
  const [row] = await db
    .update(vendors)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(vendors.id, id))
    .returning();
  return row;
}

export async function markVendorConnected(db: Db, vendorId: string, accountUuid: string): Promise<void> {
  await db
    .update(vendors)
    .set({ sm8Connected: true, sm8AccountUuid: accountUuid, updatedAt: new Date() })
    .where(eq(vendors.id, vendorId));
}

const vendorSearch: SearchSpec = {
  resource: 'vendors',
  fields: {
    id: { source: vendors.id, kind: 'uuid', filterable: true },
    name: { source: vendors.name, kind: 'text', sortable: true, filterable: true },
    timeZone: { source: vendors.timeZone, kind: 'text', sortable: true, filterable: true },
    sm8Connected: { source: vendors.sm8Connected, kind: 'boolean', sortable: true, filterable: true },
    currentSubscriptionType: {
      source: vendors.currentSubscriptionType,
      kind: 'text',
      sortable: true,
      filterable: true,
    },
    hasCurrentSubscription: {
      source: sql`(${vendors.currentSubscriptionType} is not null)`,
      kind: 'boolean',
      sortable: true,
      filterable: true,
    },
    createdAt: { source: vendors.createdAt, kind: 'timestamp', sortable: true, filterable: true },
  },
  defaultSort: { field: 'name', direction: 'Ascending' },
  tiebreaker: vendors.id,
};

export function searchVendors(db: Db, query: SearchQuery) {
  return searchTable<VendorRow>(db, { table: vendors, spec: vendorSearch, query });
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
