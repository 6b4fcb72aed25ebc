import { and, asc, desc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { vendorInvitations } from './invitations.schema.ts';

export type InvitationRow = typeof vendorInvitations.$inferSelect;

/**
 * Inserts an invitation; a pending one of the vendor for the same address ends now. Rows stay when an
 * invitation ends, so the invitations a vendor sent in a day can be counted.
 */
export async function replacePendingInvitation(
  db: Db,
  values: typeof vendorInvitations.$inferInsert & { createdAt: Date },
): Promise<InvitationRow> {
  await db
    .update(vendorInvitations)
    .set({ expiresAt: values.createdAt })
    .where(
      and(
        eq(vendorInvitations.vendorId, values.vendorId),
        sql`lower(${vendorInvitations.email}) = lower(${values.email})`,
        isNull(vendorInvitations.acceptedAt),
        gt(vendorInvitations.expiresAt, values.createdAt),
      ),
    );
  const [row] = await db.insert(vendorInvitations).values(values).returning();
  if (!row) throw new Error('insert into vendor_invitations returned nothing');
  return row;
}

/** Serialises, until the transaction ends, inviting people to the vendor (its daily quota stays exact). */
export async function lockVendorInvitations(db: Db, vendorId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('vendor_invitations'), hashtext(${vendorId}))`);
}

/** When the vendor's invitations created since `since` were created, oldest first. */
export async function findInvitationTimesSince(db: Db, vendorId: string, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: vendorInvitations.createdAt })
    .from(vendorInvitations)
    .where(and(eq(vendorInvitations.vendorId, vendorId), gte(vendorInvitations.createdAt, since)))
    .orderBy(asc(vendorInvitations.createdAt));
  return rows.map((row) => row.createdAt);
}

export async function listPendingInvitations(db: Db, vendorId: string, now: Date): Promise<InvitationRow[]> {
  return db
    .select()
    .from(vendorInvitations)
    .where(
      and(
        eq(vendorInvitations.vendorId, vendorId),
        isNull(vendorInvitations.acceptedAt),
        gt(vendorInvitations.expiresAt, now),
      ),
    )
    .orderBy(desc(vendorInvitations.createdAt));
}

/**
 * Withdraws a pending invitation of the vendor: it ends now (the row stays, counted among the day's
 * invitations). False when the vendor has no such pending invitation.
 */
export async function withdrawPendingInvitation(db: Db, vendorId: string, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(vendorInvitations)
    .set({ expiresAt: now })
    .where(
      and(
        eq(vendorInvitations.vendorId, vendorId),
        eq(vendorInvitations.id, id),
        isNull(vendorInvitations.acceptedAt),
        gt(vendorInvitations.expiresAt, now),
      ),
    )
    .returning({ id: vendorInvitations.id });
  return rows.length === 1;
}

/** The pending, unexpired invitation the token belongs to. */
export async function findOpenInvitation(db: Db, tokenHash: string, now: Date): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(vendorInvitations)
    .where(
      and(
        eq(vendorInvitations.tokenHash, tokenHash),
        isNull(vendorInvitations.acceptedAt),
        gt(vendorInvitations.expiresAt, now),
      ),
    );
  return row;
}

/** Marks the invitation accepted once: of two concurrent acceptances only one gets true. */
export async function markInvitationAccepted(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(vendorInvitations)
    .set({ acceptedAt: now })
    .where(and(eq(vendorInvitations.id, id), isNull(vendorInvitations.acceptedAt)))
    .returning({ id: vendorInvitations.id });
  return rows.length === 1;
}
