import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { installPreloadErrorHandler } from '@/lib/preload-error.ts';
import { installSession, session } from '@/lib/session/session.ts';
import { warmLocaleData } from '@/lib/warm-locale-data.ts';
import { AppProviders } from './providers.tsx';
import { createDiscoverableRoutes } from './router.tsx';
import { routerReady } from './router-ready.ts';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render the app into.');

warmLocaleData();
installPreloadErrorHandler();
installSession();

/** Draws the app: over the page the server drew where there is one (`build/prerender.ts`), else into an empty #root. */
function start(root: HTMLElement): void {
  const { routes, patchRoutesOnNavigation } = createDiscoverableRoutes(session);
  const router = createBrowserRouter(routes, { patchRoutesOnNavigation });
  const app = (
    <StrictMode>
      <AppProviders session={session}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  if (!root.hasChildNodes()) {
    // As a transition, the first render (providers, global styles) yields to the browser every few ms too.
    startTransition(() => createRoot(root).render(app));
    return;
  }
  // The first render must draw what the server drew, so the page's route modules load before it, not during it.
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main
  // thread for the whole page: the page is already drawn, and a tap during hydration is answered sooner.
  void routerReady(router).then(() => {
    // A module that would not load (a deploy replaced it): drawn afresh, the route's error page offers a reload.
    if (router.state.errors) createRoot(root).render(app);
    else startTransition(() => void hydrateRoot(root, app));
  });
}

// In a task of its own: evaluating the app's modules is already one long task on a phone, and making the
// router (which compiles a pattern for every route) is another; apart, the page answers a tap in between.
// (Not a top-level await: the bundler would then split the entry's shared modules into more files.)
setTimeout(() => start(container), 0);
