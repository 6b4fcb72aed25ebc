import { type SearchQuery, TEMPLATE_CATEGORIES } from '@automate/contract';
import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { type SearchSpec, searchTable } from '../../db/search.ts';
import { triggerTemplates } from './trigger-templates.schema.ts';

export type TriggerTemplateRow = typeof triggerTemplates.$inferSelect;
export type TriggerTemplateValues = Pick<
  TriggerTemplateRow,
  'title' | 'description' | 'category' | 'published' | 'onboardingOrder' | 'definition'
>;

const t = triggerTemplates;

const templateSearch: SearchSpec = {
  resource: 'templates',
  fields: {
    title: { source: t.title, kind: 'text', sortable: true, filterable: true },
    /** Title and description together: what the gallery's search box looks in. */
    text: { source: sql`${t.title} || ' ' || ${t.description}`, kind: 'text', filterable: true },
    category: { source: t.category, kind: 'enum', values: TEMPLATE_CATEGORIES, sortable: true, filterable: true },
    event: { source: sql`${t.definition}->>'event'`, kind: 'text', filterable: true },
    published: { source: t.published, kind: 'boolean', sortable: true, filterable: true },
    onboardingOrder: { source: t.onboardingOrder, kind: 'number', sortable: true, filterable: true },
    updatedAt: { source: t.updatedAt, kind: 'timestamp', sortable: true, filterable: true },
  },
  defaultSort: { field: 'title', direction: 'Ascending' },
  tiebreaker: t.id,
};

const onlyPublished = (publishedOnly: boolean): SQL | undefined => (publishedOnly ? eq(t.published, true) : undefined);

/** `publishedOnly` hides drafts from everyone but super admins; `recommended` keeps those with an onboarding order. */
export function searchTemplates(
  db: Db,
  query: SearchQuery,
  { publishedOnly, recommended = false }: { publishedOnly: boolean; recommended?: boolean },
) {
  return searchTable<TriggerTemplateRow>(db, {
    table: t,
    spec: templateSearch,
    query,
    scope: and(onlyPublished(publishedOnly), recommended ? isNotNull(t.onboardingOrder) : undefined),
  });
}

export async function findTemplate(db: Db, id: string): Promise<TriggerTemplateRow | undefined> {
  const [row] = await db.select().from(t).where(eq(t.id, id));
  return row;
}

export async function insertTemplate(db: Db, values: TriggerTemplateValues, now: Date): Promise<TriggerTemplateRow> {
  const [row] = await db
    .insert(t)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert into trigger_templates returned nothing');
  return row;
}

export async function updateTemplate(
  db: Db,
  id: string,
  values: TriggerTemplateValues,
  now: Date,
): Promise<TriggerTemplateRow | undefined> {
  const [row] = await db
    .update(t)
    .set({ ...values, updatedAt: now })
    .where(eq(t.id, id))
    .returning();
  return row;
}

export async function deleteTemplate(db: Db, id: string): Promise<boolean> {
  return (await db.delete(t).where(eq(t.id, id)).returning({ id: t.id })).length > 0;
}

export async function findTemplateByTitle(db: Db, title: string): Promise<TriggerTemplateRow | undefined> {
  const [row] = await db.select().from(t).where(eq(t.title, title)).limit(1);
  return row;
}
