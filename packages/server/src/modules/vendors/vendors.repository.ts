import type { SearchQuery } from '@automate/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { type SearchSpec, searchTable } from '../../db/search.ts';
import { vendors } from './vendors.schema.ts';

export type VendorRow = typeof vendors.$inferSelect;

export async function insertVendor(db: Db, values: typeof vendors.$inferInsert): Promise<VendorRow> {
  const [row] = await db.insert(vendors).values(values).returning();
  if (!row) throw new Error('insert into vendors returned nothing');
  return row;
}

export async function findVendorById(db: Db, id: string): Promise<VendorRow | undefined> {
  const [row] = await db.select().from(vendors).where(eq(vendors.id, id));
  return row;
}

/** The vendors among `ids`, by name. */
export async function findVendorsByIds(db: Db, ids: readonly string[]): Promise<VendorRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(vendors)
    .where(inArray(vendors.id, [...ids]))
    .orderBy(asc(vendors.name));
}

export async function updateVendor(
  db: Db,
  id: string,
  patch: Partial<
    Pick<
      VendorRow,
      | 'name'
      | 'timeZone'
      | 'senderName'
      | 'clientMessaging'
      | 'sm8StaffMayJoin'
      | 'currentSubscriptionType'
      | 'subscriptionActive'
      | 'automationsSuspendedAt'
      | 'automationsSuspendedReason'
      | 'sm8Connected'
      | 'sm8AccountUuid'
    >
  >,
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
    automationsSuspended: {
      source: sql`(${vendors.automationsSuspendedAt} is not null)`,
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

/** How many vendors there are, are connected to ServiceM8, have a subscription that runs automations, and were created in [from, to). */
export async function countVendors(db: Db, range: { from: Date; to: Date }) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      connected: sql<number>`(count(*) filter (where ${vendors.sm8Connected}))::int`,
      subscribed: sql<number>`(count(*) filter (where ${vendors.currentSubscriptionType} is not null and ${vendors.subscriptionActive}))::int`,
      newInRange: sql<number>`(count(*) filter (where ${vendors.createdAt} >= ${range.from.toISOString()}::timestamptz and ${vendors.createdAt} < ${range.to.toISOString()}::timestamptz))::int`,
    })
    .from(vendors);
  return row ?? { total: 0, connected: 0, subscribed: 0, newInRange: 0 };
}
