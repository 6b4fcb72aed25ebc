/**
 * When a page's code or stylesheet fails to load (usually: a new release replaced the files
 * this page was built against), Vite raises `vite:preloadError` on the window and rethrows the error
 * unless the event is cancelled. We leave it uncancelled, so the route's error page shows and offers a
 * reload, and log it for whoever is looking at the console.
 */
export const PRELOAD_ERROR_EVENT = 'vite:preloadError';

export function installPreloadErrorHandler(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window) {
  const onPreloadError = (event: Event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    console.warn('A part of the app failed to load; reloading the page fetches the current version.', payload);
  };
  target.addEventListener(PRELOAD_ERROR_EVENT, onPreloadError);
  return () => target.removeEventListener(PRELOAD_ERROR_EVENT, onPreloadError);
}

/** Whether an error is a failed page-code or stylesheet load, as browsers and Vite word it. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically imported module/i.test(
    error.message,
  );
}
