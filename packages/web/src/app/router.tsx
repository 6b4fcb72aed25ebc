import { createBrowserRouter } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader.tsx';
import { RouteErrorBoundary } from '@/components/ui/route-error-boundary.tsx';

/**
 * Every page is its own chunk, loaded when first visited. The root route holds only what must be
 * there before any page loads: the fallback while the first page's code arrives, and the error page.
 */
export function createAppRouter() {
  return createBrowserRouter([
    {
      id: 'root',
      HydrateFallback: PageLoader,
      ErrorBoundary: RouteErrorBoundary,
      children: [
        {
          index: true,
          lazy: async () => {
            const { HomeRoute } = await import('./routes/home.tsx');
            return { Component: HomeRoute };
          },
        },
        {
          path: '*',
          lazy: async () => {
            const { NotFoundRoute } = await import('./routes/not-found.tsx');
            return { Component: NotFoundRoute };
          },
        },
      ],
    },
  ]);
}
