import type { UserSession, VendorMembership } from '@automate/contract';

/** Test data for sessions: tokens shaped like the server's (a JWT with an `exp` claim), unsigned. */

const base64Url = (value: string) => btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A JWT whose `exp` is `expiresAt` (ms); the signature is not checked by the browser. */
export function makeToken(expiresAt: number, subject = 'user'): string {
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64Url(JSON.stringify({ sub: subject, exp: Math.floor(expiresAt / 1000) }));
  return `${header}.${payload}.signature`;
}

export const VENDOR_A: VendorMembership = {
  vendorId: '11111111-1111-4111-8111-111111111111',
  name: 'Alpha Plumbing',
  role: 'Admin',
  sm8Connected: true,
};
export const VENDOR_B: VendorMembership = {
  vendorId: '22222222-2222-4222-8222-222222222222',
  name: 'Bravo Electrical',
  role: 'User',
  sm8Connected: false,
};
export const OTHER_VENDOR_ID = '33333333-3333-4333-8333-333333333333';

const HOUR = 3_600_000;

export function makeUser(overrides: Partial<UserSession> & { expiresAt?: number } = {}): UserSession {
  const { expiresAt = Date.now() + 8 * HOUR, ...rest } = overrides;
  return {
    token: makeToken(expiresAt),
    tokenExpiry: new Date(Math.floor(expiresAt / 1000) * 1000).toISOString(),
    lockedOut: false,
    id: '44444444-4444-4444-8444-444444444444',
    firstName: 'Robin',
    lastName: 'Tester',
    userName: 'robin@example.com',
    email: 'robin@example.com',
    roles: [],
    vendors: [VENDOR_A, VENDOR_B],
    ...rest,
  };
}

export function makeSuperAdmin(overrides: Partial<UserSession> = {}): UserSession {
  return makeUser({
    id: '55555555-5555-4555-8555-555555555555',
    firstName: 'Super',
    lastName: 'Admin',
    roles: ['SuperAdmin'],
    vendors: [],
    ...overrides,
  });
}

/** An in-memory Storage for the session store. */
export function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => {
      values.set(key, String(value));
    },
    removeItem: (key: string) => {
      values.delete(key);
    },
  };
}
