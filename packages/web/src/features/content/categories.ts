import { ARTICLE_CATEGORIES, type Article } from '@automate/contract';

type KnownCategory = (typeof ARTICLE_CATEGORIES)[number];

/** How the help center names and describes each article category. */
const CATEGORY_INFO: Readonly<Record<KnownCategory, { label: string; description: string }>> = {
  'getting-started': {
    label: 'Getting started',
    description: 'Create your account, connect ServiceM8 and switch on your first automation.',
  },
  automations: {
    label: 'Automations',
    description: 'Events, conditions, delays and actions: how triggers work and how to build them.',
  },
  servicem8: {
    label: 'ServiceM8',
    description: 'The connection to your ServiceM8 account, webhooks, staff, badges and queues.',
  },
  billing: { label: 'Billing', description: 'Plans, invoices, payment methods and cancelling.' },
  legal: { label: 'Legal', description: 'Privacy policy and terms and conditions.' },
  communication: { label: "What's new", description: 'Release notes and announcements.' },
};

function isKnown(category: string): category is KnownCategory {
  return (ARTICLE_CATEGORIES as readonly string[]).includes(category);
}

/** "getting-started" → "Getting started"; an unknown slug is turned into words. */
export function categoryLabel(category: string): string {
  if (isKnown(category)) return CATEGORY_INFO[category].label;
  return humanise(category);
}

export function categoryDescription(category: string): string | null {
  return isKnown(category) ? CATEGORY_INFO[category].description : null;
}

/** "terms-and-conditions" → "Terms and conditions". */
export function humanise(slug: string): string {
  const words = slug.replace(/[-_]+/g, ' ').trim();
  return words === '' ? '' : words.charAt(0).toUpperCase() + words.slice(1);
}

/** The contract's order first (help topics before legal pages and news), then any others alphabetically. */
function compareCategories(a: string, b: string): number {
  const order = (category: string) => {
    const index = (ARTICLE_CATEGORIES as readonly string[]).indexOf(category);
    return index === -1 ? ARTICLE_CATEGORIES.length : index;
  };
  return order(a) - order(b) || a.localeCompare(b);
}

export type CategoryGroup<T> = { category: string; label: string; articles: T[] };

/** Articles grouped by category, in category order; each group keeps the order the articles came in. */
export function groupByCategory<T extends Pick<Article, 'category'>>(articles: readonly T[]): CategoryGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const article of articles) {
    const group = groups.get(article.category);
    if (group) group.push(article);
    else groups.set(article.category, [article]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => compareCategories(a, b))
    .map(([category, list]) => ({ category, label: categoryLabel(category), articles: list }));
}
