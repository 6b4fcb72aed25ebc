import type { SearchQuery } from '@automate/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { type SearchSpec, searchTable } from '../../db/search.ts';
import { articles, faqs } from './content.schema.ts';

export type ArticleRow = typeof articles.$inferSelect;
export type FaqRow = typeof faqs.$inferSelect;
type ArticleValues = Pick<ArticleRow, 'category' | 'slug' | 'title' | 'content' | 'summary' | 'published'>;
type FaqValues = Pick<FaqRow, 'question' | 'answer' | 'sortOrder' | 'published'>;

const articleSearch: SearchSpec = {
  resource: 'articles',
  fields: {
    category: { source: articles.category, kind: 'text', sortable: true, filterable: true },
    slug: { source: articles.slug, kind: 'text', sortable: true, filterable: true },
    title: { source: articles.title, kind: 'text', sortable: true, filterable: true },
    published: { source: articles.published, kind: 'boolean', sortable: true, filterable: true },
    updated: { source: articles.updatedAt, kind: 'timestamp', sortable: true, filterable: true },
  },
  defaultSort: { field: 'title', direction: 'Ascending' },
  tiebreaker: articles.id,
};

const faqSearch: SearchSpec = {
  resource: 'FAQ entries',
  fields: {
    question: { source: faqs.question, kind: 'text', sortable: true, filterable: true },
    answer: { source: faqs.answer, kind: 'text', filterable: true },
    sortOrder: { source: faqs.sortOrder, kind: 'number', sortable: true, filterable: true },
    published: { source: faqs.published, kind: 'boolean', sortable: true, filterable: true },
    updated: { source: faqs.updatedAt, kind: 'timestamp', sortable: true, filterable: true },
  },
  defaultSort: { field: 'sortOrder', direction: 'Ascending' },
  tiebreaker: faqs.id,
};

/** `publishedOnly` hides drafts from everyone but super admins. */
export function searchArticles(db: Db, query: SearchQuery, publishedOnly: boolean) {
  return searchTable<ArticleRow>(db, {
    table: articles,
    spec: articleSearch,
    query,
    scope: publishedOnly ? eq(articles.published, true) : undefined,
  });
}

export function searchFaqs(db: Db, query: SearchQuery, publishedOnly: boolean) {
  return searchTable<FaqRow>(db, {
    table: faqs,
    spec: faqSearch,
    query,
    scope: publishedOnly ? eq(faqs.published, true) : undefined,
  });
}

export async function findArticle(db: Db, id: string): Promise<ArticleRow | undefined> {
  const [row] = await db.select().from(articles).where(eq(articles.id, id));
  return row;
}

export async function findArticleBySlug(db: Db, category: string, slug: string): Promise<ArticleRow | undefined> {
  const [row] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.category, category), eq(articles.slug, slug)));
  return row;
}

/** Inserts unless the category already has the slug; answers undefined then. */
export async function insertArticle(db: Db, values: ArticleValues): Promise<ArticleRow | undefined> {
  const [row] = await db.insert(articles).values(values).onConflictDoNothing().returning();
  return row;
}

export function updateArticle(db: Db, id: string, values: ArticleValues): Promise<ArticleRow | undefined> {
  return updateById(db, articles, id, values);
}

export function deleteArticle(db: Db, id: string): Promise<boolean> {
  return deleteById(db, articles, id);
}

/** The slugs the category uses, except the article `except`'s own. */
export async function slugsInCategory(db: Db, category: string, except?: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: articles.id, slug: articles.slug })
    .from(articles)
    .where(eq(articles.category, category));
  return new Set(rows.filter((row) => row.id !== except).map((row) => row.slug));
}

export async function findFaq(db: Db, id: string): Promise<FaqRow | undefined> {
  const [row] = await db.select().from(faqs).where(eq(faqs.id, id));
  return row;
}

export async function insertFaq(db: Db, values: FaqValues): Promise<FaqRow> {
  const [row] = await db.insert(faqs).values(values).returning();
  if (!row) throw new Error('insert into faqs returned nothing');
  return row;
}

export function updateFaq(db: Db, id: string, values: FaqValues): Promise<FaqRow | undefined> {
  return updateById(db, faqs, id, values);
}

export function deleteFaq(db: Db, id: string): Promise<boolean> {
  return deleteById(db, faqs, id);
}

export async function findFaqByQuestion(db: Db, question: string): Promise<FaqRow | undefined> {
  const [row] = await db.select().from(faqs).where(eq(faqs.question, question)).limit(1);
  return row;
}

type ContentTable = typeof articles | typeof faqs;

/** Articles and FAQ entries change alike: by id, stamped with the time of the change. */
function updateById(db: Db, table: typeof articles, id: string, values: ArticleValues): Promise<ArticleRow | undefined>;
function updateById(db: Db, table: typeof faqs, id: string, values: FaqValues): Promise<FaqRow | undefined>;
async function updateById(db: Db, table: ContentTable, id: string, values: ArticleValues | FaqValues) {
  const [row] = await db
    .update(table)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(table.id, id))
    .returning();
  return row;
}

async function deleteById(db: Db, table: ContentTable, id: string): Promise<boolean> {
  return (await db.delete(table).where(eq(table.id, id)).returning({ id: table.id })).length > 0;
}
