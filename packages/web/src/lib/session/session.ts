import { STORAGE_KEYS, type VendorMembership } from '@automate/contract';
import { createContext, createElement, type ReactNode, useContext, useSyncExternalStore } from 'react';
import { setAuthTokenProvider, setDefaultHeadersProvider } from '../api-credentials.ts';
import {
  createSessionStore,
  type SessionState,
  type SessionStorage,
  type SessionStore,
  SIGNED_OUT,
} from './session-store.ts';

/** The header vendor-scoped "current vendor" routes read (docs/api.md, *Who may call what*). */
const VENDOR_HEADER = 'x-vendor-id';

function memoryStorage(): SessionStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, value);
    },
    removeItem: (key) => {
      values.delete(key);
    },
  };
}

function browserStorage(): SessionStorage {
  try {
    if (typeof window !== 'undefined' && window.localStorage) return window.localStorage;
  } catch {
    // storage disabled (privacy mode): keep the session for this page only
  }
  return memoryStorage();
}

/** The app's one session. Guards read it outside React; components subscribe with `useSession`. */
export const session = createSessionStore(browserStorage());

/**
 * Start-up: restores the session from storage, lets every request carry its token and the
 * current vendor, and follows sign-in and sign-out in other tabs. Returns a function that undoes it.
 */
export function installSession(): () => void {
  session.start();
  setAuthTokenProvider(() => session.getState().user?.token ?? null);
  setDefaultHeadersProvider((): Record<string, string> => {
    const vendorId = session.getState().vendorId;
    return vendorId ? { [VENDOR_HEADER]: vendorId } : {};
  });
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.user || event.key === STORAGE_KEYS.vendorId) {
      session.start();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

const SessionContext = createContext<SessionStore>(session);

/** Hands a session store to the components below (the app's own by default; tests pass their own). */
export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return createElement(SessionContext, { value: store }, children);
}

/** The session store, to sign in, out or change the vendor. */
export function useSessionStore(): SessionStore {
  return useContext(SessionContext);
}

/** What a page prerendered at build time was drawn with: nobody is signed in then. */
const signedOutSnapshot = (): SessionState => SIGNED_OUT;
const noVendorSnapshot = (): VendorMembership | null => null;

/**
 * The session as it is now; re-renders when it changes. While React hydrates a prerendered page it reads
 * the signed-out session the page was drawn with, then at once the stored one (a signed-in person's
 * "Open the app" replaces "Sign in" right after), so the first render matches the server's markup.
 */
export function useSession(): SessionState {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.getState, signedOutSnapshot);
}

/** The vendor the person works on; re-renders only when it changes, not on every change of the session. */
export function useCurrentVendor(): VendorMembership | null {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.getCurrentVendor, noVendorSnapshot);
}
