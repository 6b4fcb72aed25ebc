import { NotFoundPage } from '@/components/ui/not-found-page.tsx';

/** The catch-all route. */
export function NotFoundRoute() {
  return <NotFoundPage />;
}
