import { AdminArticles } from '@/features/content/components/admin/admin-articles.tsx';
import { AdminFaqs } from '@/features/content/components/admin/admin-faqs.tsx';
import { AdminArticleEditor } from '@/features/content/components/admin/article-editor.tsx';
import { AdminFaqEditor } from '@/features/content/components/admin/faq-editor.tsx';
import { paddedRoute } from '../route-pages.tsx';

/** /admin/articles/search */
export const AdminArticlesRoute = paddedRoute(() => <AdminArticles />);

/** /admin/articles/{id}; `new` writes a new article. */
export const AdminArticleRoute = paddedRoute(({ id = '' }) => <AdminArticleEditor id={id} />);

/** /admin/faq/search */
export const AdminFaqsRoute = paddedRoute(() => <AdminFaqs />);

/** /admin/faq/{id}; `new` writes a new entry. */
export const AdminFaqRoute = paddedRoute(({ id = '' }) => <AdminFaqEditor id={id} />);
