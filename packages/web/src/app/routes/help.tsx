import ArticleIcon from '@mui/icons-material/Article';
import QuizIcon from '@mui/icons-material/Quiz';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Outlet, useParams } from 'react-router';
import { PlaceholderPage } from '@/components/ui/placeholder-page.tsx';
import { HelpArticle } from '@/features/content/components/help-article.tsx';

/** The public help centre's frame: the pages sit in the site's content width. */
export function PublicHelpLayout() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <Outlet />
    </Container>
  );
}

function HelpCard({ href, icon, title, text }: { href: string; icon: ReactNode; title: string; text: string }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea href={href} sx={{ height: '100%' }}>
        <CardContent>
          <Box sx={{ color: 'primary.main', mb: 1 }}>{icon}</Box>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {text}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** /help and /app/help: where to look for answers. */
export function HelpHomeRoute() {
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <title>Help Center · Automate</title>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        Help Center
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Answers to common questions and step-by-step guides for building automations with ServiceM8.
      </Typography>
      <Grid container spacing={3} sx={{ maxWidth: 900 }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <HelpCard
            href="faq"
            icon={<QuizIcon />}
            title="Frequently asked questions"
            text="Quick answers about triggers, billing and connecting ServiceM8."
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <HelpCard
            href="articles"
            icon={<ArticleIcon />}
            title="Articles"
            text="Guides that walk through setting up automations and templates."
          />
        </Grid>
      </Grid>
    </Box>
  );
}

export function FaqRoute() {
  return (
    <PlaceholderPage
      title="Frequently asked questions"
      description="Questions and answers, grouped by topic and searchable, will be listed here."
    />
  );
}

function ArticlesPage({ changelogHref }: { changelogHref: string }) {
  return (
    <PlaceholderPage
      title="Articles"
      description="Guides will be listed here by category, with a search, each opening in the article viewer."
    >
      <Typography sx={{ mt: 1 }}>
        Meanwhile, see <Link href={changelogHref}>what has changed lately</Link>.
      </Typography>
    </PlaceholderPage>
  );
}

/** /help/articles: articles sit beside it at /help/{category}/{slug}. */
export function PublicArticlesRoute() {
  return <ArticlesPage changelogHref="/help/communication/changelog" />;
}

/** /app/help/articles: articles sit under it at /app/help/articles/{category}/{slug}. */
export function AppArticlesRoute() {
  return <ArticlesPage changelogHref="/app/help/articles/communication/changelog" />;
}

/** /help/{category}/{slug} and /app/help/articles/{category}/{slug}. */
export function HelpArticleRoute() {
  const { category = '', slug = '' } = useParams();
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <HelpArticle category={category} slug={slug} />
    </Box>
  );
}
