import { z } from 'zod';
import { atMost, say } from './field-words.ts';

/** Help content: articles (help, legal pages, the changelog) and FAQ entries, written in Markdown. */

export const ARTICLE_CATEGORIES = [
  'getting-started',
  'automations',
  'servicem8',
  'billing',
  'legal',
  'communication',
] as const;

const Slug = z
  .string(say('Slug', 'write it as text'))
  .trim()
  .min(1, say('Slug', 'give the article a slug, or leave it out to make it from the title'))
  .max(120, atMost('Slug', 120))
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, say('Slug', 'use lowercase words joined by hyphens, e.g. connecting-servicem8'));

export const Article = z.object({
  id: z.uuid(),
  category: z.string(),
  slug: z.string(),
  title: z.string(),
  /** Markdown. */
  content: z.string(),
  summary: z.string(),
  published: z.boolean(),
  /** ISO 8601: when the article last changed. */
  updated: z.iso.datetime(),
  createdAt: z.iso.datetime(),
});
export type Article = z.infer<typeof Article>;

export const ArticleInput = z.object({
  category: z
    .string(say('Category', 'choose a category'))
    .trim()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, say('Category', 'use lowercase words joined by hyphens')),
  /** Generated from the title when left out. */
  slug: Slug.optional(),
  title: z
    .string(say('Title', 'give the article a title'))
    .trim()
    .min(1, say('Title', 'give the article a title'))
    .max(200, atMost('Title', 200)),
  content: z.string(say('Content', 'write it as text')).max(200_000, atMost('Content', 200_000)).default(''),
  summary: z.string(say('Summary', 'write it as text')).trim().max(500, atMost('Summary', 500)).default(''),
  published: z.boolean().default(false),
});
export type ArticleInput = z.input<typeof ArticleInput>;

/** `GET /api/Content/article/category/{category}/{slug}`: null when there is no such published article. */
export const ArticleBySlug = z.object({ article: Article.nullable() });

export const Faq = z.object({
  id: z.uuid(),
  question: z.string(),
  /** Markdown. */
  answer: z.string(),
  sortOrder: z.number().int(),
  published: z.boolean(),
  updated: z.iso.datetime(),
  createdAt: z.iso.datetime(),
});
export type Faq = z.infer<typeof Faq>;

export const FaqInput = z.object({
  question: z
    .string(say('Question', 'write the question'))
    .trim()
    .min(1, say('Question', 'write the question'))
    .max(300, atMost('Question', 300)),
  answer: z.string(say('Answer', 'write it as text')).max(50_000, atMost('Answer', 50_000)).default(''),
  sortOrder: z
    .number(say('Order', 'give a whole number'))
    .int(say('Order', 'give a whole number'))
    .min(0, say('Order', 'give 0 or more'))
    .max(100_000, say('Order', 'give at most 100000'))
    .default(0),
  published: z.boolean().default(false),
});
export type FaqInput = z.input<typeof FaqInput>;

export const CONTENT_IMAGE_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const,
} as const;

/** An uploaded image: put `url` in Markdown as `![alt](url)`. */
export const UploadedImage = z.object({ url: z.string(), contentType: z.string(), size: z.number().int() });

/**
 * The slug made from a title ("Connecting ServiceM8 — step 1!" → "connecting-servicem8-step-1");
 * empty when the title has no letters or digits.
 */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/g, '');
}

/** A piece of a search result's snippet: text, and whether it is what matched the search. */
export const SnippetPart = z.object({ text: z.string(), match: z.boolean() });

/** One hit of `GET /api/Content/search`: a published article or FAQ entry, best match first. */
export const HelpSearchHit = z.object({
  kind: z.enum(['article', 'faq']),
  id: z.string(),
  title: z.string(),
  /** An article's place (null for an FAQ entry). */
  category: z.string().nullable(),
  slug: z.string().nullable(),
  snippet: z.array(SnippetPart),
});
export type HelpSearchHit = z.infer<typeof HelpSearchHit>;
