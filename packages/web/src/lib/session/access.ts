import { getCurrentVendor, hasValidSession, isSuperAdmin, type SessionState } from './session-store.ts';

/**
 * Paths under /app and /admin need a stored user with an unexpired, decodable token, else the
 * person goes to /auth/login; paths under /admin also need a super admin, and the Account area an
 * Admin of the current business (or a super admin), else the not-found page shows.
 */
export type Access = { kind: 'allow' } | { kind: 'login'; to: string } | { kind: 'not-found' };

export const LOGIN_PATH = '/auth/login';
/** Where sign-in lands when no (safe) return path was given. */
export const DEFAULT_SIGNED_IN_PATH = '/app/dashboard';
/** The Account area: the business's settings, team, billing and templates, for its Admins only. */
const ACCOUNT_AREA = '/app/account';
/**
 * The query parameter by which a link names the business it is about (`/app/automation/logs?vendor=…`):
 * a member opening it works on that business from then on.
 */
const VENDOR_PARAM = 'vendor';

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
  if (isUnder(pathname, ACCOUNT_AREA) && !isSuperAdmin(state.user) && getCurrentVendor(state)?.role !== 'Admin') {
    return { kind: 'not-found' };
  }
  return { kind: 'allow' };
}

/**
 * A link that names a business (`?vendor=…`): the address without the parameter, and the business to
 * switch to when the person is one of its members (null when they are not, or it is current already).
 * Null when the address names none.
 */
export function linkedVendor(
  location: { pathname: string; search?: string; hash?: string },
  state: SessionState,
): { switchTo: string | null; to: string } | null {
  const params = new URLSearchParams(location.search ?? '');
  const vendorId = params.get(VENDOR_PARAM);
  if (vendorId === null) return null;
  params.delete(VENDOR_PARAM);
  const rest = params.toString();
  const to = `${location.pathname}${rest ? `?${rest}` : ''}${location.hash ?? ''}`;
  const member = state.user?.vendors.some((vendor) => vendor.vendorId === vendorId) ?? false;
  return { switchTo: member && state.vendorId !== vendorId ? vendorId : null, to };
}
