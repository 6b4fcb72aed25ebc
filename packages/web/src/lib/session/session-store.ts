import { STORAGE_KEYS, SUPER_ADMIN, type UserSession, type VendorMembership } from '@automate/contract';
import { isTokenUsable } from './token.ts';

/**
 * The signed-in user and the vendor they work on.
 *
 * Kept in browser storage under three keys: the user (`automate.admin.user`, the login answer as JSON),
 * the current vendor id (`automate.admin.vendorId`) and, for a super admin's override, the vendor's name
 * (`automate.admin.vendorName`). The store is plain TypeScript so route guards (which run outside React)
 * and components share one source of truth; `useSession` subscribes components to it.
 */

/** A vendor a super admin picked from the selector; they then act as its Admin. */
type VendorOverride = { vendorId: string; name: string; sm8Connected: boolean };

export type SessionState = {
  readonly user: UserSession | null;
  /** The current vendor's id, or null when the user works on no vendor. */
  readonly vendorId: string | null;
  readonly vendorOverride: VendorOverride | null;
  /** Signed in by the ServiceM8 add-on (`/sm8/autologin`, `/sm8/addon`): no Logout, no vendor selector. */
  readonly automatic: boolean;
};

type VendorContextOptions = {
  /** Set by the super admin's vendor selector: name and connected flag of the picked vendor. */
  override?: { name: string; sm8Connected: boolean };
};

/** The subset of the Web Storage API the store needs (localStorage in the browser). */
export type SessionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type SessionStore = {
  getState(): SessionState;
  /**
   * `getCurrentVendor` of the state, as the same object for as long as the vendor is the same (the
   * session's refresh at start-up brings a new token, not a new vendor): a page drawn from it need not
   * draw again.
   */
  getCurrentVendor(): VendorMembership | null;
  subscribe(listener: () => void): () => void;
  /** Restores user and vendor from storage (start-up, and when another tab changed them). */
  start(): void;
  login(user: UserSession): void;
  /** As `login`, but the session is marked automatic. */
  autologin(user: UserSession): void;
  logout(): void;
  setVendorContext(vendorId: string | null, options?: VendorContextOptions): void;
  /** Replaces the user with a refreshed session (`GET /api/User/info`), keeping the vendor when still valid. */
  refreshUser(user: UserSession): void;
};

export const SIGNED_OUT: SessionState = { user: null, vendorId: null, vendorOverride: null, automatic: false };

export function isSuperAdmin(user: UserSession | null | undefined): boolean {
  return user?.roles.includes(SUPER_ADMIN) ?? false;
}

/** The session has expired when there is no user or its `tokenExpiry` lies in the past. */
export function isSessionExpired(state: Pick<SessionState, 'user'>, now: number): boolean {
  if (!state.user) return true;
  const expiry = Date.parse(state.user.tokenExpiry);
  return Number.isNaN(expiry) || expiry <= now;
}

/** A session the app may use: a user whose session has not expired and whose token decodes and is unexpired. */
export function hasValidSession(state: Pick<SessionState, 'user'>, now: number): boolean {
  return state.user !== null && !isSessionExpired(state, now) && isTokenUsable(state.user.token, now);
}

/**
 * The current vendor is looked up in the user's vendors; for a super admin with an override it
 * is a synthetic vendor with role Admin.
 */
export function getCurrentVendor(state: SessionState): VendorMembership | null {
  const { user, vendorId, vendorOverride } = state;
  if (!user || !vendorId) return null;
  if (isSuperAdmin(user) && vendorOverride && vendorOverride.vendorId === vendorId) {
    return {
      vendorId,
      name: vendorOverride.name,
      role: 'Admin',
      sm8Connected: vendorOverride.sm8Connected,
    };
  }
  return user.vendors.find((vendor) => vendor.vendorId === vendorId) ?? null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether a stored user still has the shape the app reads. It was stored from a sign-in answer the API
 * client had parsed with `UserSession`, so this only catches another version's or a hand-edited value,
 * without loading the schemas (and their library) before the first page shows.
 */
function isStoredSession(value: unknown): value is UserSession {
  if (!isRecord(value)) return false;
  const texts = ['token', 'tokenExpiry', 'id', 'firstName', 'lastName', 'userName', 'email'] as const;
  return (
    texts.every((key) => typeof value[key] === 'string') &&
    typeof value.lockedOut === 'boolean' &&
    Array.isArray(value.roles) &&
    value.roles.every((role) => typeof role === 'string') &&
    Array.isArray(value.vendors) &&
    value.vendors.every(
      (vendor) =>
        isRecord(vendor) &&
        typeof vendor.vendorId === 'string' &&
        typeof vendor.name === 'string' &&
        typeof vendor.role === 'string' &&
        typeof vendor.sm8Connected === 'boolean',
    )
  );
}

function readStoredUser(storage: SessionStorage): UserSession | null {
  const raw = storage.getItem(STORAGE_KEYS.user);
  if (raw === null) return null;
  try {
    const stored: unknown = JSON.parse(raw);
    if (isStoredSession(stored)) return stored;
  } catch {
    // not JSON: fall through and forget it
  }
  storage.removeItem(STORAGE_KEYS.user);
  return null;
}

function readStoredText(storage: SessionStorage, key: string): string | null {
  const value = storage.getItem(key);
  return value === null || value.trim() === '' ? null : value;
}

function sameMembership(a: VendorMembership | null, b: VendorMembership | null): boolean {
  if (a === null || b === null) return a === b;
  return a.vendorId === b.vendorId && a.name === b.name && a.role === b.role && a.sm8Connected === b.sm8Connected;
}

export function createSessionStore(storage: SessionStorage): SessionStore {
  let state: SessionState = SIGNED_OUT;
  let currentVendor: VendorMembership | null = null;
  const listeners = new Set<() => void>();

  const setState = (next: SessionState) => {
    state = next;
    const vendor = getCurrentVendor(next);
    if (!sameMembership(vendor, currentVendor)) currentVendor = vendor;
    for (const listener of listeners) listener();
  };

  /** Stores or clears the vendor id; the override survives only with the option and a vendor id. */
  const vendorContext = (
    vendorId: string | null,
    options: VendorContextOptions = {},
  ): Pick<SessionState, 'vendorId' | 'vendorOverride'> => {
    if (vendorId) storage.setItem(STORAGE_KEYS.vendorId, vendorId);
    else storage.removeItem(STORAGE_KEYS.vendorId);
    if (vendorId && options.override) {
      storage.setItem(STORAGE_KEYS.vendorName, options.override.name);
      return { vendorId, vendorOverride: { vendorId, ...options.override } };
    }
    storage.removeItem(STORAGE_KEYS.vendorName);
    return { vendorId, vendorOverride: null };
  };

  const signIn = (user: UserSession, automatic: boolean) => {
    storage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    // Any override and its name belong to the previous session; the first vendor (if any) becomes current.
    setState({ user, automatic, ...vendorContext(user.vendors[0]?.vendorId ?? null) });
  };

  return {
    getState: () => state,
    getCurrentVendor: () => currentVendor,

    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    start() {
      const user = readStoredUser(storage);
      if (!user) {
        storage.removeItem(STORAGE_KEYS.vendorId);
        storage.removeItem(STORAGE_KEYS.vendorName);
        setState(SIGNED_OUT);
        return;
      }
      const storedVendorId = readStoredText(storage, STORAGE_KEYS.vendorId);
      const storedName = readStoredText(storage, STORAGE_KEYS.vendorName);
      const isMember = (id: string) => user.vendors.some((vendor) => vendor.vendorId === id);
      // A super admin's override comes back with its stored name; whether the vendor is connected is not
      // stored, so it reads false until the vendor selector's list refreshes it.
      const restoreOverride =
        storedVendorId !== null && storedName !== null && isSuperAdmin(user) && !isMember(storedVendorId);
      const vendorId =
        storedVendorId !== null && (isMember(storedVendorId) || restoreOverride)
          ? storedVendorId
          : (user.vendors[0]?.vendorId ?? null);
      const context = vendorContext(
        vendorId,
        restoreOverride && storedName !== null ? { override: { name: storedName, sm8Connected: false } } : {},
      );
      setState({ user, automatic: state.user?.id === user.id ? state.automatic : false, ...context });
    },

    login: (user) => signIn(user, false),
    autologin: (user) => signIn(user, true),

    logout() {
      storage.removeItem(STORAGE_KEYS.user);
      storage.removeItem(STORAGE_KEYS.vendorId);
      storage.removeItem(STORAGE_KEYS.vendorName);
      setState(SIGNED_OUT);
    },

    setVendorContext(vendorId, options) {
      setState({ ...state, ...vendorContext(vendorId, options) });
    },

    refreshUser(user) {
      storage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
      const { vendorId, vendorOverride } = state;
      // A super admin who cleared the selector keeps working on no vendor.
      const stillValid =
        vendorId === null
          ? isSuperAdmin(user)
          : user.vendors.some((vendor) => vendor.vendorId === vendorId) ||
            (isSuperAdmin(user) && vendorOverride?.vendorId === vendorId);
      if (stillValid) {
        setState({ ...state, user });
        return;
      }
      setState({ ...state, user, ...vendorContext(user.vendors[0]?.vendorId ?? null) });
    },
  };
}
