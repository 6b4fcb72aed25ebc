import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { emailTemplates } from './email-templates.schema.ts';

export type EmailTemplateRow = typeof emailTemplates.$inferSelect;
export type EmailTemplateValues = Pick<EmailTemplateRow, 'name' | 'subject' | 'body'>;

const ofVendor = (vendorId: string, id: string) =>
  and(eq(emailTemplates.vendorId, vendorId), eq(emailTemplates.id, id));

/** The vendor's templates by name (case-insensitively), then id. */
export function listEmailTemplates(db: Db, { vendorId }: { vendorId: string }): Promise<EmailTemplateRow[]> {
  return db
    .select()
    .from(emailTemplates)
    .where(eq(emailTemplates.vendorId, vendorId))
    .orderBy(asc(sql`lower(${emailTemplates.name})`), asc(emailTemplates.name), asc(emailTemplates.id));
}

export async function findEmailTemplate(
  db: Db,
  { vendorId, id }: { vendorId: string; id: string },
): Promise<EmailTemplateRow | undefined> {
  const [row] = await db.select().from(emailTemplates).where(ofVendor(vendorId, id));
  return row;
}

/** The vendor's template with this name, compared case-insensitively, other than `exceptId`. */
export async function findEmailTemplateByName(
  db: Db,
  { vendorId, name, exceptId }: { vendorId: string; name: string; exceptId?: string },
): Promise<EmailTemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(emailTemplates)
    .where(
      and(
        eq(emailTemplates.vendorId, vendorId),
        sql`lower(${emailTemplates.name}) = lower(${name})`,
        exceptId ? ne(emailTemplates.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

/**
 * Serialises changes to the vendor's template names until the transaction ends, so two requests
 * cannot both find a name free (the table has no unique index on the lower-cased name).
 */
export async function lockEmailTemplateNames(db: Db, { vendorId }: { vendorId: string }): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`automate:email-templates:${vendorId}`}))`);
}

export async function insertEmailTemplate(
  db: Db,
  { vendorId, values, now }: { vendorId: string; values: EmailTemplateValues; now: Date },
): Promise<EmailTemplateRow> {
  const [row] = await db
    .insert(emailTemplates)
    .values({ ...values, vendorId, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert into email_templates returned nothing');
  return row;
}

export async function updateEmailTemplate(
  db: Db,
  { vendorId, id, values, now }: { vendorId: string; id: string; values: EmailTemplateValues; now: Date },
): Promise<EmailTemplateRow | undefined> {
  const [row] = await db
    .update(emailTemplates)
    .set({ ...values, updatedAt: now })
    .where(ofVendor(vendorId, id))
    .returning();
  return row;
}

export async function deleteEmailTemplate(
  db: Db,
  { vendorId, id }: { vendorId: string; id: string },
): Promise<boolean> {
  const deleted = await db.delete(emailTemplates).where(ofVendor(vendorId, id)).returning({ id: emailTemplates.id });
  return deleted.length > 0;
}

/** Which of `ids` are email templates of the vendor. */
export async function findEmailTemplateIds(
  db: Db,
  where: { vendorId: string; ids: readonly string[] },
): Promise<string[]> {
  if (where.ids.length === 0) return [];
  const rows = await db
    .select({ id: emailTemplates.id })
    .from(emailTemplates)
    .where(and(eq(emailTemplates.vendorId, where.vendorId), inArray(emailTemplates.id, [...where.ids])));
  return rows.map((row) => row.id);
}
