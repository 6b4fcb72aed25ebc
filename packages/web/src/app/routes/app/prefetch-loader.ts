import type { LoaderFunctionArgs, Params } from 'react-router';
import type { SessionStore } from '@/lib/session/session-store.ts';

/** Starts a page's requests for the signed-in session and the route's params. */
export type PagePrefetch = (session: SessionStore, params: Readonly<Params>) => void;

/**
 * A page's loader: starts the page's requests as soon as its module has loaded (the router loads it
 * beside the loader), before the shell and the page render, and waits for none of them. The answers
 * come sooner, and a request already under way when the page first draws costs no second drawing (a
 * request that starts as its component mounts draws that component again, synchronously).
 */
export function createPrefetchLoader(session: SessionStore, load: () => Promise<PagePrefetch>) {
  return ({ params }: Pick<LoaderFunctionArgs, 'params'>): null => {
    // A module that fails to load fails the page's own import too, which shows it: nothing to add here.
    void load().then(
      (prefetch) => prefetch(session, params),
      () => undefined,
    );
    return null;
  };
}
