import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { AdminArticles } from '@/features/content/components/admin/admin-articles.tsx';
import { AdminFaqs } from '@/features/content/components/admin/admin-faqs.tsx';
import { AdminArticleEditor } from '@/features/content/components/admin/article-editor.tsx';
import { AdminFaqEditor } from '@/features/content/components/admin/faq-editor.tsx';

function Page({ children }: { children: ReactNode }) {
  return <Box sx={{ p: { xs: 2, sm: 3 } }}>{children}</Box>;
}

/** /admin/articles/search */
export function AdminArticlesRoute() {
  return (
    <Page>
      <AdminArticles />
    </Page>
  );
}

/** /admin/articles/{id}; `new` writes a new article. */
export function AdminArticleRoute() {
  const { id = '' } = useParams();
  return (
    <Page>
      <AdminArticleEditor id={id} />
    </Page>
  );
}

/** /admin/faq/search */
export function AdminFaqsRoute() {
  return (
    <Page>
      <AdminFaqs />
    </Page>
  );
}

/** /admin/faq/{id}; `new` writes a new entry. */
export function AdminFaqRoute() {
  const { id = '' } = useParams();
  return (
    <Page>
      <AdminFaqEditor id={id} />
    </Page>
  );
}
