import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { installPreloadErrorHandler } from '@/lib/preload-error.ts';
import { installSession, session } from '@/lib/session/session.ts';
import { loadLazyMatches } from './load-lazy-matches.ts';
import { AppProviders } from './providers.tsx';
import { createAppRoutes } from './router.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render the app into.');

installPreloadErrorHandler();
installSession();

function app(routes: RouteObject[]) {
  return (
    <StrictMode>
      <AppProviders session={session}>
        <RouterProvider router={createBrowserRouter(routes)} />
      </AppProviders>
    </StrictMode>
  );
}

const routes = createAppRoutes(session);
// The server sends some public pages already drawn (`build/prerender.ts`); the others come with #root empty.
if (container.hasChildNodes()) {
  // The first render must draw what the server drew, so the page's route modules load before it, not during it.
  // (Not a top-level await: the bundler would then split the entry's shared modules into more files.)
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main
  // thread for the whole page: the page is already drawn, and a tap during hydration is answered sooner.
  void loadLazyMatches(routes, window.location).then(
    () => startTransition(() => void hydrateRoot(container, app(routes))),
    // A module that would not load (a deploy replaced it): drawn afresh, the route's error page offers a reload.
    () => createRoot(container).render(app(routes)),
  );
} else {
  createRoot(container).render(app(routes));
}
