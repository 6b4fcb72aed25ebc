import { hasValidSession, isSuperAdmin, type SessionState } from './session-store.ts';

/**
 * Paths under /app and /admin need a stored user with an unexpired, decodable token, else the
 * person goes to /auth/login; paths under /admin also need a super admin, else the not-found page shows.
 */
export type Access = { kind: 'allow' } | { kind: 'login'; to: string } | { kind: 'not-found' };

export const LOGIN_PATH = '/auth/login';
/** Where sign-in lands when no (safe) return path was given. */
export const DEFAULT_SIGNED_IN_PATH = '/app/dashboard';

function isUnder(pathname: string, area: string): boolean {
  return pathname === area || pathname.startsWith(`${area}/`);
}

function isProtectedPath(pathname: string): boolean {
  return isUnder(pathname, '/app') || isUnder(pathname, '/admin');
}

/** The login page, remembering where the person was going so sign-in can take them back. */
export function loginPathFor(returnTo: string | null): string {
  if (returnTo === null || !isProtectedPath(new URL(returnTo, 'http://x').pathname)) return LOGIN_PATH;
  return `${LOGIN_PATH}?${new URLSearchParams({ redirect: returnTo }).toString()}`;
}

/**
 * A return path from the login page's query is only followed when it stays inside the app (a path under
 * /app or /admin): never another origin, never a protocol-relative `//host` link.
 */
export function safeReturnPath(value: string | null): string {
  if (value === null || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return DEFAULT_SIGNED_IN_PATH;
  }
  const url = new URL(value, 'http://x');
  if (url.origin !== 'http://x' || !isProtectedPath(url.pathname)) return DEFAULT_SIGNED_IN_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Whether `pathname` (with its `search`, to come back to) may be shown in this session at `now`. */
export function resolveAccess(
  location: { pathname: string; search?: string; hash?: string },
  state: SessionState,
  now: number,
): Access {
  const { pathname } = location;
  if (!isProtectedPath(pathname)) return { kind: 'allow' };
  if (!hasValidSession(state, now)) {
    return { kind: 'login', to: loginPathFor(`${pathname}${location.search ?? ''}${location.hash ?? ''}`) };
  }
  if (isUnder(pathname, '/admin') && !isSuperAdmin(state.user)) return { kind: 'not-found' };
  return { kind: 'allow' };
}
