import { randomBytes } from 'node:crypto';
import {
  type Article,
  type ArticleInput,
  CONTENT_IMAGE_LIMITS,
  type Faq,
  type FaqInput,
  type HelpSearchHit,
  type SearchPage,
  type SearchQuery,
  slugify,
} from '@automate/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import type { Caller } from '../../http/access.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { detectImageType } from '../../storage/image-type.ts';
import {
  type ArticleRow,
  deleteArticle,
  deleteFaq,
  type FaqRow,
  findArticle,
  findArticleBySlug,
  findFaq,
  insertArticle,
  insertFaq,
  searchArticles,
  searchFaqs,
  slugsInCategory,
  updateArticle,
  updateFaq,
} from './content.repository.ts';
import { searchPublishedHelp } from './help-search.repository.ts';
import { snippetParts, toPrefixQuery } from './help-search.ts';

const canSeeDrafts = (caller: Caller | null) => caller?.isSuperAdmin === true;

function toArticle(row: ArticleRow): Article {
  return {
    id: row.id,
    category: row.category,
    slug: row.slug,
    title: row.title,
    content: row.content,
    summary: row.summary,
    published: row.published,
    updated: row.updatedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

function toFaq(row: FaqRow): Faq {
  return {
    id: row.id,
    question: row.question,
    answer: row.answer,
    sortOrder: row.sortOrder,
    published: row.published,
    updated: row.updatedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listArticles(
  deps: Deps,
  query: SearchQuery,
  caller: Caller | null,
): Promise<SearchPage<Article>> {
  const page = await searchArticles(deps.database.db, query, !canSeeDrafts(caller));
  return { ...page, rows: page.rows.map(toArticle) };
}

export async function getArticle(deps: Deps, id: string, caller: Caller | null): Promise<Article> {
  const row = await findArticle(deps.database.db, id);
  if (!row || (!row.published && !canSeeDrafts(caller))) throw notFound('Article');
  return toArticle(row);
}

/** The article at a category and slug; null when there is none (or it is a draft the caller may not see). */
export async function getArticleBySlug(
  deps: Deps,
  category: string,
  slug: string,
  caller: Caller | null,
): Promise<Article | null> {
  const row = await findArticleBySlug(deps.database.db, category, slug);
  return row && (row.published || canSeeDrafts(caller)) ? toArticle(row) : null;
}

async function chooseSlug(deps: Deps, input: z.output<typeof ArticleInput>, current?: ArticleRow): Promise<string> {
  const taken = await slugsInCategory(deps.database.db, input.category, current?.id);
  if (input.slug) {
    if (taken.has(input.slug)) {
      throw new AppError('CONFLICT', `Another article in ${input.category} already uses the slug "${input.slug}".`, {
        fieldErrors: { slug: ['Slug: another article in this category uses it.'] },
      });
    }
    return input.slug;
  }
  if (current && current.category === input.category) return current.slug;
  const base = slugify(input.title) || 'article';
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

export async function createArticle(deps: Deps, input: z.output<typeof ArticleInput>): Promise<Article> {
  const slug = await chooseSlug(deps, input);
  const row = await insertArticle(deps.database.db, { ...input, slug });
  if (!row) throw new AppError('CONFLICT', `Another article in ${input.category} already uses the slug "${slug}".`);
  return toArticle(row);
}

export async function changeArticle(deps: Deps, id: string, input: z.output<typeof ArticleInput>): Promise<Article> {
  const current = await findArticle(deps.database.db, id);
  if (!current) throw notFound('Article');
  const slug = await chooseSlug(deps, input, current);
  const row = await updateArticle(deps.database.db, id, { ...input, slug });
  if (!row) throw notFound('Article');
  return toArticle(row);
}

export async function removeArticle(deps: Deps, id: string): Promise<void> {
  if (!(await deleteArticle(deps.database.db, id))) throw notFound('Article');
}

export async function listFaqs(deps: Deps, query: SearchQuery, caller: Caller | null): Promise<SearchPage<Faq>> {
  const page = await searchFaqs(deps.database.db, query, !canSeeDrafts(caller));
  return { ...page, rows: page.rows.map(toFaq) };
}

export async function getFaq(deps: Deps, id: string, caller: Caller | null): Promise<Faq> {
  const row = await findFaq(deps.database.db, id);
  if (!row || (!row.published && !canSeeDrafts(caller))) throw notFound('FAQ entry');
  return toFaq(row);
}

export async function createFaq(deps: Deps, input: z.output<typeof FaqInput>): Promise<Faq> {
  return toFaq(await insertFaq(deps.database.db, input));
}

export async function changeFaq(deps: Deps, id: string, input: z.output<typeof FaqInput>): Promise<Faq> {
  const row = await updateFaq(deps.database.db, id, input);
  if (!row) throw notFound('FAQ entry');
  return toFaq(row);
}

export async function removeFaq(deps: Deps, id: string): Promise<void> {
  if (!(await deleteFaq(deps.database.db, id))) throw notFound('FAQ entry');
}

/**
 * Stores an image for an article or FAQ entry. The bytes decide the type (a renamed file is refused),
 * and the size is limited; answers the URL to put in the Markdown.
 */
export async function storeContentImage(
  deps: Deps,
  owner: { kind: 'article' | 'faq'; id: string },
  bytes: Uint8Array,
): Promise<{ url: string; contentType: string; size: number }> {
  const exists =
    owner.kind === 'article'
      ? await findArticle(deps.database.db, owner.id)
      : await findFaq(deps.database.db, owner.id);
  if (!exists) throw notFound(owner.kind === 'article' ? 'Article' : 'FAQ entry');
  if (bytes.byteLength > CONTENT_IMAGE_LIMITS.maxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'Images can be at most 5 MB. Make it smaller and upload it again.');
  }
  const type = detectImageType(bytes);
  if (!type) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only PNG, JPEG, GIF and WebP images can be uploaded.');
  }
  const name = `${owner.kind}-${owner.id}-${randomBytes(6).toString('hex')}.${type.extension}`;
  await deps.files.put(name, bytes);
  return { url: `/api/Content/images/${name}`, contentType: type.contentType, size: bytes.byteLength };
}

/** The published help matching `text` over its whole text, best first, with marked snippets. */
export async function searchHelp(deps: Deps, text: string): Promise<HelpSearchHit[]> {
  const query = toPrefixQuery(text);
  if (!query) return [];
  const rows = await searchPublishedHelp(deps.database.db, query);
  return rows.map(({ headline, ...row }) => ({ ...row, snippet: snippetParts(headline) }));
}
