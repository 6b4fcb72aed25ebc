import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import type { ReactNode } from 'react';
import { Outlet, type Params, useLocation, useParams } from 'react-router';
import { ArticleIndex } from '@/features/content/components/article-index.tsx';
import { FaqList } from '@/features/content/components/faq-list.tsx';
import { HelpArticle } from '@/features/content/components/help-article.tsx';
import { HelpCenter } from '@/features/content/components/help-center.tsx';
import { type HelpPaths, helpPathsFor } from '@/features/content/help-paths.ts';
import { PAGE_PADDING } from './route-pages.tsx';

/** The public help center's frame: the pages sit in the site's content width. */
export function PublicHelpLayout() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <Outlet />
    </Container>
  );
}

/**
 * A help page, in the public layout and in the app layout: `render` gets the help paths of the layout it
 * is in (so links stay there) and the route's params. Inside the app shell the page gets the shell's
 * padding; the public frame has its own.
 */
function helpRoute(render: (paths: HelpPaths, params: Readonly<Params>) => ReactNode) {
  return function HelpRoute() {
    const { pathname } = useLocation();
    const params = useParams();
    const inApp = pathname.startsWith('/app/');
    return <Box sx={inApp ? PAGE_PADDING : undefined}>{render(helpPathsFor(pathname), params)}</Box>;
  };
}

/** /help and /app/help. */
export const HelpHomeRoute = helpRoute((paths) => <HelpCenter paths={paths} />);

/** /help/faq and /app/help/faq (/faq redirects here). */
export const FaqRoute = helpRoute((paths) => <FaqList paths={paths} />);

/**
 * /help/articles, whose articles sit beside it at /help/{category}/{slug}, and /app/help/articles, whose
 * articles sit under it at /app/help/articles/{category}/{slug}.
 */
export const ArticlesRoute = helpRoute((paths) => <ArticleIndex paths={paths} />);

/** /help/{category}/{slug} and /app/help/articles/{category}/{slug}. */
export const HelpArticleRoute = helpRoute((paths, { category = '', slug = '' }) => (
  <HelpArticle
    key={`${category}/${slug}`}
    category={category}
    slug={slug}
    back={{ href: paths.articles, label: 'All articles' }}
  />
));
