import { data, type LoaderFunctionArgs, type MiddlewareFunction, redirect } from 'react-router';
import { linkedVendor, resolveAccess } from '@/lib/session/access.ts';
import type { SessionStore } from '@/lib/session/session-store.ts';

/**
 * The guard of the signed-in shell, run as route middleware before any loader (so no child
 * redirect runs first) and before any page code loads: no valid session sends
 * the person to /auth/login (remembering where they were going), and /admin without SuperAdmin (or the
 * Account area without the business's Admin role) answers 404, which the shell's error boundary shows as
 * the not-found page. A link naming a business the person belongs to (`?vendor=…`) switches to it first.
 */
export function createShellGuard(store: SessionStore, now: () => number = Date.now) {
  return ({ request }: Pick<LoaderFunctionArgs, 'request'>): null => {
    const url = new URL(request.url);
    const state = store.getState();
    const access = resolveAccess(url, state, now());
    if (access.kind === 'login') {
      if (state.user) store.logout();
      throw redirect(access.to);
    }
    const linked = linkedVendor(url, state);
    if (linked) {
      if (linked.switchTo) store.setVendorContext(linked.switchTo);
      throw redirect(linked.to);
    }
    if (access.kind === 'not-found') throw data('Not found', { status: 404 });
    return null;
  };
}

/** Every navigation inside the shell re-checks the session (a token may have run out meanwhile). */
export function alwaysRevalidate(): boolean {
  return true;
}

/** The guard as route middleware: it throws before `next()` when the page may not be shown. */
export function createShellMiddleware(store: SessionStore, now: () => number = Date.now): MiddlewareFunction {
  const guard = createShellGuard(store, now);
  return (args) => {
    guard(args);
  };
}
