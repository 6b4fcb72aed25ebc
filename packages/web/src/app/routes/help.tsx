import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import type { ReactNode } from 'react';
import { Outlet, useLocation, useParams } from 'react-router';
import { ArticleIndex } from '@/features/content/components/article-index.tsx';
import { FaqList } from '@/features/content/components/faq-list.tsx';
import { HelpArticle } from '@/features/content/components/help-article.tsx';
import { HelpCenter } from '@/features/content/components/help-center.tsx';
import { helpPathsFor } from '@/features/content/help-paths.ts';

/** The public help center's frame: the pages sit in the site's content width. */
export function PublicHelpLayout() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <Outlet />
    </Container>
  );
}

/** The help pages in the public layout and in the app layout; links stay in the layout they are in. */
function useHelpPaths() {
  return helpPathsFor(useLocation().pathname);
}

/** Inside the app shell the pages get the shell's padding; the public frame has its own. */
function Page({ children }: { children: ReactNode }) {
  const inApp = useLocation().pathname.startsWith('/app/');
  return <Box sx={inApp ? { p: { xs: 2, sm: 3 } } : undefined}>{children}</Box>;
}

/** /help and /app/help. */
export function HelpHomeRoute() {
  return (
    <Page>
      <HelpCenter paths={useHelpPaths()} />
    </Page>
  );
}

/** /help/faq and /app/help/faq (/faq redirects here). */
export function FaqRoute() {
  return (
    <Page>
      <FaqList paths={useHelpPaths()} />
    </Page>
  );
}

/** /help/articles: articles sit beside it at /help/{category}/{slug}. */
export function PublicArticlesRoute() {
  return (
    <Page>
      <ArticleIndex paths={useHelpPaths()} />
    </Page>
  );
}

/** /app/help/articles: articles sit under it at /app/help/articles/{category}/{slug}. */
export function AppArticlesRoute() {
  return (
    <Page>
      <ArticleIndex paths={useHelpPaths()} />
    </Page>
  );
}

/** /help/{category}/{slug} and /app/help/articles/{category}/{slug}. */
export function HelpArticleRoute() {
  const { category = '', slug = '' } = useParams();
  const paths = useHelpPaths();
  return (
    <Page>
      <HelpArticle
        key={`${category}/${slug}`}
        category={category}
        slug={slug}
        back={{ href: paths.articles, label: 'All articles' }}
      />
    </Page>
  );
}
