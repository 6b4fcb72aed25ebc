import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False while React hydrates a page the build prerendered (`build/prerender.ts`) and on the server that
 * drew it; true from the render after, and at once on a page rendered in the browser.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
