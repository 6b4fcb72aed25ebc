import type { DataRouter } from 'react-router';

/**
 * Resolves once `router` has loaded the lazy modules (and run the loaders) of the page it was created on:
 * a first render after that draws the page itself, as the prerendered HTML shows it, not a loading state.
 * (The router matches the location once, on creation; matching it again here cost the first visit a
 * sixth of its main-thread script time on a phone.)
 */
export function routerReady(router: DataRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
