import { STORAGE_KEYS } from '@automate/contract';
import { describe, expect, it, vi } from 'vitest';
import { makeSuperAdmin, makeUser, memoryStorage, OTHER_VENDOR_ID, VENDOR_A, VENDOR_B } from '@/testing/sessions.ts';
import {
  createSessionStore,
  getCurrentVendor,
  hasValidSession,
  isSessionExpired,
  SIGNED_OUT,
} from './session-store.ts';

const OVERRIDE = { name: 'Charlie Gas', sm8Connected: true };

function storeWith(initial: Record<string, string> = {}) {
  const storage = memoryStorage(initial);
  return { storage, store: createSessionStore(storage) };
}

describe('the session store', () => {
  it('uses the fixed storage keys', () => {
    expect(STORAGE_KEYS).toEqual({
      user: 'automate.admin.user',
      vendorId: 'automate.admin.vendorId',
      vendorName: 'automate.admin.vendorName',
      changelogLastSeen: 'automate.app.changelog.lastSeenUpdated',
    });
  });

  describe('login', () => {
    it('stores the user, clears any override and vendor name, and selects the first vendor', () => {
      const { storage, store } = storeWith({ [STORAGE_KEYS.vendorName]: 'Old override' });
      const superAdmin = makeSuperAdmin();
      store.login(superAdmin);
      store.setVendorContext(OTHER_VENDOR_ID, { override: OVERRIDE });

      const user = makeUser();
      store.login(user);

      expect(store.getState()).toEqual({ user, vendorId: VENDOR_A.vendorId, vendorOverride: null, automatic: false });
      expect(JSON.parse(storage.getItem(STORAGE_KEYS.user) ?? 'null')).toEqual(user);
      expect(storage.getItem(STORAGE_KEYS.vendorId)).toBe(VENDOR_A.vendorId);
      expect(storage.getItem(STORAGE_KEYS.vendorName)).toBeNull();
    });

    it('leaves the vendor empty for a user without vendors', () => {
      const { storage, store } = storeWith({ [STORAGE_KEYS.vendorId]: OTHER_VENDOR_ID });
      store.login(makeSuperAdmin());
      expect(store.getState().vendorId).toBeNull();
      expect(storage.getItem(STORAGE_KEYS.vendorId)).toBeNull();
    });

    it('tells subscribers', () => {
      const { store } = storeWith();
      const listener = vi.fn();
      const unsubscribe = store.subscribe(listener);
      store.login(makeUser());
      expect(listener).toHaveBeenCalledTimes(1);
      unsubscribe();
      store.logout();
      expect(listener).toHaveBeenCalledTimes(1);
    });
  });

  describe('autologin', () => {
    it('does what login does and marks the session automatic', () => {
      const { storage, store } = storeWith({ [STORAGE_KEYS.vendorName]: 'Old override' });
      const user = makeUser();
      store.autologin(user);
      expect(store.getState()).toEqual({ user, vendorId: VENDOR_A.vendorId, vendorOverride: null, automatic: true });
      expect(storage.getItem(STORAGE_KEYS.user)).not.toBeNull();
      expect(storage.getItem(STORAGE_KEYS.vendorName)).toBeNull();
    });

    it('a later ordinary login is not automatic', () => {
      const { store } = storeWith();
      store.autologin(makeUser());
      store.login(makeUser());
      expect(store.getState().automatic).toBe(false);
    });
  });

  describe('logout', () => {
    it('clears user, current vendor and override, and removes the stored user, vendor id and vendor name', () => {
      const { storage, store } = storeWith({ [STORAGE_KEYS.changelogLastSeen]: '2026-01-01T00:00:00Z' });
      store.login(makeSuperAdmin());
      store.setVendorContext(OTHER_VENDOR_ID, { override: OVERRIDE });
      expect(storage.values.size).toBe(4);

      store.logout();

      expect(store.getState()).toEqual(SIGNED_OUT);
      expect(storage.getItem(STORAGE_KEYS.user)).toBeNull();
      expect(storage.getItem(STORAGE_KEYS.vendorId)).toBeNull();
      expect(storage.getItem(STORAGE_KEYS.vendorName)).toBeNull();
      // The changelog's last-seen value is not part of the session.
      expect(storage.getItem(STORAGE_KEYS.changelogLastSeen)).toBe('2026-01-01T00:00:00Z');
    });
  });

  describe('vendor context', () => {
    it('stores the vendor id', () => {
      const { storage, store } = storeWith();
      store.login(makeUser());
      store.setVendorContext(VENDOR_B.vendorId);
      expect(store.getState().vendorId).toBe(VENDOR_B.vendorId);
      expect(storage.getItem(STORAGE_KEYS.vendorId)).toBe(VENDOR_B.vendorId);
    });

    it('clears the vendor id (and any override) when given none', () => {
      const { storage, store } = storeWith();
      store.login(makeSuperAdmin());
      store.setVendorContext(OTHER_VENDOR_ID, { override: OVERRIDE });
      store.setVendorContext(null);
      expect(store.getState()).toMatchObject({ vendorId: null, vendorOverride: null });
      expect(storage.getItem(STORAGE_KEYS.vendorId)).toBeNull();
      expect(storage.getItem(STORAGE_KEYS.vendorName)).toBeNull();
    });

    it('keeps the override (name and connected flag) when the option is set and a vendor id is given', () => {
      const { storage, store } = storeWith();
      store.login(makeSuperAdmin());
      store.setVendorContext(OTHER_VENDOR_ID, { override: OVERRIDE });
      expect(store.getState().vendorOverride).toEqual({ vendorId: OTHER_VENDOR_ID, ...OVERRIDE });
      expect(storage.getItem(STORAGE_KEYS.vendorName)).toBe(OVERRIDE.name);
    });

    it('drops the override without the option', () => {
      const { storage, store } = storeWith();
      store.login(makeSuperAdmin());
      store.setVendorContext(OTHER_VENDOR_ID, { override: OVERRIDE });
      store.setVendorContext(OTHER_VENDOR_ID);
      expect(store.getState().vendorOverride).toBeNull();
      expect(storage.getItem(STORAGE_KEYS.vendorName)).toBeNull();
    });

    it('drops the override when no vendor id is given, even with the option', () => {
      const { store } = storeWith();
      store.login(makeSuperAdmin());
      store.setVendorContext(null, { override: OVERRIDE });
      expect(store.getState()).toMatchObject({ vendorId: null, vendorOverride: null });
    });
  });

  describe('start', () => {
    it('restores the user and the vendor id from storage', () => {
      const user = makeUser();
      const { store } = storeWith({
        [STORAGE_KEYS.user]: JSON.stringify(user),
        [STORAGE_KEYS.vendorId]: VENDOR_B.vendorId,
      });
      store.start();
      expect(store.getState()).toEqual({ user, vendorId: VENDOR_B.vendorId, vendorOverride: null, automatic: false });
    });

    it('uses the first vendor of the user when no vendor id is stored', () => {
      const user = makeUser();
      const { storage, store } = storeWith({ [STORAGE_KEYS.user]: JSON.stringify(user) });
      store.start();
      expect(store.getState().vendorId).toBe(VENDOR_A.vendorId);
      expect(storage.getItem(STORAGE_KEYS.vendorId)).toBe(VENDOR_A.vendorId);
    });

    it('starts signed out without a stored user', () => {
      const { storage, store } = storeWith({ [STORAGE_KEYS.vendorId]: VENDOR_A.vendorId });
      store.start();
      expect(store.getState()).toEqual(SIGNED_OUT);
      expect(storage.getItem(STORAGE_KEYS.vendorId)).toBeNull();
    });

    it('forgets a stored user that is not a session', () => {
      for (const stored of ['not json', JSON.stringify({ token: 'x' }), 'null']) {
        const { storage, store } = storeWith({ [STORAGE_KEYS.user]: stored });
        store.start();
        expect(store.getState()).toEqual(SIGNED_OUT);
        expect(storage.getItem(STORAGE_KEYS.user)).toBeNull();
      }
    });

    it('falls back to the first vendor when the stored vendor is no longer one of the user’s', () => {
      const user = makeUser();
      const { store } = storeWith({
        [STORAGE_KEYS.user]: JSON.stringify(user),
        [STORAGE_KEYS.vendorId]: OTHER_VENDOR_ID,
      });
      store.start();
      expect(store.getState().vendorId).toBe(VENDOR_A.vendorId);
    });

    it('brings back a super admin’s override with its stored name', () => {
      const admin = makeSuperAdmin();
      const { store } = storeWith({
        [STORAGE_KEYS.user]: JSON.stringify(admin),
        [STORAGE_KEYS.vendorId]: OTHER_VENDOR_ID,
        [STORAGE_KEYS.vendorName]: OVERRIDE.name,
      });
      store.start();
      expect(store.getState()).toMatchObject({
        vendorId: OTHER_VENDOR_ID,
        vendorOverride: { vendorId: OTHER_VENDOR_ID, name: OVERRIDE.name, sm8Connected: false },
      });
      expect(getCurrentVendor(store.getState())).toEqual({
        vendorId: OTHER_VENDOR_ID,
        name: OVERRIDE.name,
        role: 'Admin',
        sm8Connected: false,
      });
    });
  });

  describe('session expired', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');

    it('is expired without a user', () => {
      expect(isSessionExpired({ user: null }, now)).toBe(true);
    });

    it('is expired when tokenExpiry is in the past, and not when it is in the future', () => {
      expect(isSessionExpired({ user: makeUser({ expiresAt: now - 1000 }) }, now)).toBe(true);
      expect(isSessionExpired({ user: makeUser({ expiresAt: now + 60_000 }) }, now)).toBe(false);
    });

    it('a valid session also needs a decodable, unexpired token', () => {
      const user = makeUser({ expiresAt: now + 60_000 });
      expect(hasValidSession({ user }, now)).toBe(true);
      expect(hasValidSession({ user: { ...user, token: 'not-a-jwt' } }, now)).toBe(false);
      const staleToken = makeUser({ expiresAt: now - 1000 }).token;
      expect(hasValidSession({ user: { ...user, token: staleToken } }, now)).toBe(false);
    });
  });

  describe('current vendor', () => {
    it('is looked up in the user’s vendors', () => {
      const { store } = storeWith();
      store.login(makeUser());
      expect(getCurrentVendor(store.getState())).toEqual(VENDOR_A);
      store.setVendorContext(VENDOR_B.vendorId);
      expect(getCurrentVendor(store.getState())).toEqual(VENDOR_B);
    });

    it('is none without a vendor id, or for a vendor id the user does not belong to', () => {
      const { store } = storeWith();
      store.login(makeUser());
      store.setVendorContext(null);
      expect(getCurrentVendor(store.getState())).toBeNull();
      store.setVendorContext(OTHER_VENDOR_ID);
      expect(getCurrentVendor(store.getState())).toBeNull();
    });

    it('is a synthetic Admin vendor for a super admin with an override', () => {
      const { store } = storeWith();
      store.login(makeSuperAdmin({ vendors: [{ ...VENDOR_B, role: 'User' }] }));
      store.setVendorContext(VENDOR_B.vendorId, { override: { name: 'Bravo (override)', sm8Connected: true } });
      expect(getCurrentVendor(store.getState())).toEqual({
        vendorId: VENDOR_B.vendorId,
        name: 'Bravo (override)',
        role: 'Admin',
        sm8Connected: true,
      });
    });

    it('an override gives no synthetic vendor to someone who is not a super admin', () => {
      const { store } = storeWith();
      store.login(makeUser());
      store.setVendorContext(OTHER_VENDOR_ID, { override: OVERRIDE });
      expect(getCurrentVendor(store.getState())).toBeNull();
    });
  });

  describe('refresh (GET /api/User/info at start-up)', () => {
    it('stores the refreshed user and keeps a vendor that is still valid', () => {
      const { storage, store } = storeWith();
      store.login(makeUser());
      store.setVendorContext(VENDOR_B.vendorId);
      const refreshed = makeUser({ firstName: 'Robyn' });
      store.refreshUser(refreshed);
      expect(store.getState()).toMatchObject({ user: refreshed, vendorId: VENDOR_B.vendorId });
      expect(JSON.parse(storage.getItem(STORAGE_KEYS.user) ?? 'null')).toEqual(refreshed);
    });

    it('keeps the current vendor as the same object when only the token changed', () => {
      const { store } = storeWith();
      store.login(makeUser());
      store.setVendorContext(VENDOR_B.vendorId);
      const before = store.getCurrentVendor();
      // Parsed afresh from the answer: equal memberships, new objects.
      store.refreshUser(makeUser({ token: 'the-next-token', vendors: [{ ...VENDOR_A }, { ...VENDOR_B }] }));
      expect(store.getState().user?.token).toBe('the-next-token');
      expect(store.getCurrentVendor()).toBe(before);

      store.refreshUser(makeUser({ token: 'the-next-token', vendors: [VENDOR_A, { ...VENDOR_B, role: 'User' }] }));
      expect(store.getCurrentVendor()).toMatchObject({ vendorId: VENDOR_B.vendorId, role: 'User' });
    });

    it('hands out the same current vendor until it changes, a super admin’s override included', () => {
      const { store } = storeWith();
      store.login(makeSuperAdmin({ vendors: [VENDOR_A] }));
      const own = store.getCurrentVendor();
      expect(own).toEqual(VENDOR_A);
      store.refreshUser(makeSuperAdmin({ token: 'the-next-token', vendors: [{ ...VENDOR_A, name: 'Alpha renamed' }] }));
      expect(store.getCurrentVendor()).toMatchObject({ vendorId: VENDOR_A.vendorId, name: 'Alpha renamed' });

      store.setVendorContext(OTHER_VENDOR_ID, { override: OVERRIDE });
      const picked = store.getCurrentVendor();
      expect(picked).toMatchObject({ vendorId: OTHER_VENDOR_ID, role: 'Admin' });
      // getCurrentVendor makes the override's vendor afresh each time; the store keeps the first.
      store.refreshUser(makeSuperAdmin({ token: 'another-token', vendors: [VENDOR_A] }));
      expect(store.getCurrentVendor()).toBe(picked);

      store.setVendorContext(null);
      expect(store.getCurrentVendor()).toBeNull();
    });

    it('moves to the first vendor when the current one was taken away', () => {
      const { store } = storeWith();
      store.login(makeUser());
      store.setVendorContext(VENDOR_B.vendorId);
      store.refreshUser(makeUser({ vendors: [VENDOR_A] }));
      expect(store.getState().vendorId).toBe(VENDOR_A.vendorId);
    });

    it('keeps a super admin’s override, and a super admin’s cleared selection', () => {
      const { store } = storeWith();
      store.login(makeSuperAdmin({ vendors: [VENDOR_A] }));
      store.setVendorContext(OTHER_VENDOR_ID, { override: OVERRIDE });
      store.refreshUser(makeSuperAdmin({ vendors: [VENDOR_A] }));
      expect(store.getState().vendorOverride).toEqual({ vendorId: OTHER_VENDOR_ID, ...OVERRIDE });
      store.setVendorContext(null);
      store.refreshUser(makeSuperAdmin({ vendors: [VENDOR_A] }));
      expect(store.getState().vendorId).toBeNull();
    });
  });
});
