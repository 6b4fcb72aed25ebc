import { type Article, ArticleInput } from '@automate/contract';
import { type FieldErrorMap, zodFieldErrors } from '@/lib/form-errors.ts';

/** What the article editor holds while someone types. */
export type ArticleFormValues = {
  title: string;
  category: string;
  /** Blank: the server makes one from the title (a new article, or a new category). */
  slug: string;
  summary: string;
  content: string;
  published: boolean;
};

const NEW_ARTICLE_CATEGORY = 'getting-started';

export function articleFormValues(article: Article | null): ArticleFormValues {
  if (!article) {
    return { title: '', category: NEW_ARTICLE_CATEGORY, slug: '', summary: '', content: '', published: false };
  }
  return {
    title: article.title,
    category: article.category,
    slug: article.slug,
    summary: article.summary,
    content: article.content,
    published: article.published,
  };
}

/** The request body: trimmed, and without a slug when it was left blank. */
export function toArticleInput(values: ArticleFormValues): ArticleInput {
  const slug = values.slug.trim();
  return {
    title: values.title.trim(),
    category: values.category.trim(),
    ...(slug === '' ? {} : { slug }),
    summary: values.summary.trim(),
    content: values.content,
    published: values.published,
  };
}

/** The contract's rules, checked before sending (the server checks again): field → sentence. */
export function validateArticle(values: ArticleFormValues): FieldErrorMap {
  const parsed = ArticleInput.safeParse(toArticleInput(values));
  return parsed.success ? {} : zodFieldErrors(parsed.error);
}

export function sameArticleValues(a: ArticleFormValues, b: ArticleFormValues): boolean {
  return (
    a.title === b.title &&
    a.category === b.category &&
    a.slug === b.slug &&
    a.summary === b.summary &&
    a.content === b.content &&
    a.published === b.published
  );
}
