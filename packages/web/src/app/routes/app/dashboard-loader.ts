import type { SessionStore } from '@/lib/session/session-store.ts';

/**
 * The dashboard's loader: starts the dashboard's requests as soon as its module has loaded (the router
 * loads it beside the loader), before the shell and the page render, and waits for none of them.
 */
export function createDashboardLoader(session: SessionStore) {
  return (): null => {
    // A module that fails to load fails the page's own import too, which shows it: nothing to add here.
    void import('./dashboard.tsx').then(
      (module) => module.prefetchDashboardData(session),
      () => undefined,
    );
    return null;
  };
}
