/**
 * Where the help pages live: in the public layout (`/help`, articles at `/help/{category}/{slug}`) and in
 * the app layout (`/app/help`, articles at `/app/help/articles/{category}/{slug}`).
 */
export type HelpPaths = {
  home: string;
  faq: string;
  articles: string;
  article: (category: string, slug: string) => string;
  /** The article list showing one category. */
  category: (category: string) => string;
};

const segment = encodeURIComponent;

export const PUBLIC_HELP_PATHS: HelpPaths = {
  home: '/help',
  faq: '/help/faq',
  articles: '/help/articles',
  article: (category, slug) => `/help/${segment(category)}/${segment(slug)}`,
  category: (category) => `/help/articles?category=${segment(category)}`,
};

export const APP_HELP_PATHS: HelpPaths = {
  home: '/app/help',
  faq: '/app/help/faq',
  articles: '/app/help/articles',
  article: (category, slug) => `/app/help/articles/${segment(category)}/${segment(slug)}`,
  category: (category) => `/app/help/articles?category=${segment(category)}`,
};

/** The help paths of the layout `pathname` is in. */
export function helpPathsFor(pathname: string): HelpPaths {
  return pathname === '/app' || pathname.startsWith('/app/') ? APP_HELP_PATHS : PUBLIC_HELP_PATHS;
}
