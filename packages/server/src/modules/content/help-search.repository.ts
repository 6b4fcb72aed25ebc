import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { articles, faqs } from './content.schema.ts';
import { HEADLINE_START, HEADLINE_STOP } from './help-search.ts';

/**
 * The published help searched over its whole text with PostgreSQL's full-text search: English stemming
 * ("invoices" finds "invoice"), titles and questions weighing more than bodies, ranked, each hit with a
 * marked-up headline. The same SQL runs on the embedded database; the help is small enough to need no
 * index.
 */

const MAX_HITS = 20;
const HEADLINE_OPTIONS = `StartSel=${HEADLINE_START}, StopSel=${HEADLINE_STOP}, MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "`;

export type HelpHitRow = {
  kind: 'article' | 'faq';
  id: string;
  title: string;
  category: string | null;
  slug: string | null;
  headline: string;
};

/** `tsquery` is a `to_tsquery` text made only of words and `:*`, `&` (see `toPrefixQuery`). */
export async function searchPublishedHelp(db: Db, tsquery: string): Promise<HelpHitRow[]> {
  const query = sql`to_tsquery('english', ${tsquery})`;
  const articleBody = sql`${articles.summary} || ' ' || ${articles.content}`;
  const articleDoc = sql`setweight(to_tsvector('english', ${articles.title}), 'A') || setweight(to_tsvector('english', ${articleBody}), 'B')`;
  const faqDoc = sql`setweight(to_tsvector('english', ${faqs.question}), 'A') || setweight(to_tsvector('english', ${faqs.answer}), 'B')`;
  const result = await db.execute(sql`
    select kind, id, title, category, slug, headline from (
      select 'article' as kind, ${articles.id}::text as id, ${articles.title} as title, ${articles.category} as category,
             ${articles.slug} as slug, ts_rank(${articleDoc}, ${query}) as rank,
             ts_headline('english', ${articleBody}, ${query}, ${HEADLINE_OPTIONS}) as headline
        from ${articles} where ${articles.published} and ${articleDoc} @@ ${query}
      union all
      select 'faq', ${faqs.id}::text, ${faqs.question}, null, null, ts_rank(${faqDoc}, ${query}),
             ts_headline('english', ${faqs.answer}, ${query}, ${HEADLINE_OPTIONS})
        from ${faqs} where ${faqs.published} and ${faqDoc} @@ ${query}
    ) hits order by rank desc, title asc limit ${MAX_HITS}`);
  return (result as unknown as { rows: HelpHitRow[] }).rows;
}
