import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { vendorInvitations } from './invitations.schema.ts';

export type InvitationRow = typeof vendorInvitations.$inferSelect;

/** Inserts an invitation, replacing a pending one of the vendor for the same address. */
export async function replacePendingInvitation(
  db: Db,
  values: typeof vendorInvitations.$inferInsert,
): Promise<InvitationRow> {
  await db
    .delete(vendorInvitations)
    .where(
      and(
        eq(vendorInvitations.vendorId, values.vendorId),
        sql`lower(${vendorInvitations.email}) = lower(${values.email})`,
        isNull(vendorInvitations.acceptedAt),
      ),
    );
  const [row] = await db.insert(vendorInvitations).values(values).returning();
  if (!row) throw new Error('insert into vendor_invitations returned nothing');
  return row;
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

/** Revokes a pending invitation of the vendor; false when the vendor has no such pending invitation. */
export async function deletePendingInvitation(db: Db, vendorId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(vendorInvitations)
    .where(
      and(eq(vendorInvitations.vendorId, vendorId), eq(vendorInvitations.id, id), isNull(vendorInvitations.acceptedAt)),
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
