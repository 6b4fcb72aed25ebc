import { randomUUID } from 'node:crypto';
import { DEFAULT_CLIENT_MESSAGING, SUPER_ADMIN, type VendorRole } from '@automate/contract';
import { hash, type Options } from '@node-rs/argon2';
import type { Deps } from '../../src/deps.ts';
import { insertSession } from '../../src/modules/auth/sessions.repository.ts';
import { insertMembership } from '../../src/modules/users/memberships.repository.ts';
import { insertUser, type UserRow } from '../../src/modules/users/users.repository.ts';
import { insertVendor, type VendorRow } from '../../src/modules/vendors/vendors.repository.ts';

export const TEST_PASSWORD = 'correct-horse-42';

/** `Algorithm.Argon2id`, a const enum the type-stripping runtime cannot read. */
const ARGON2ID = 2 as NonNullable<Options['algorithm']>;
const testHashes = new Map<string, Promise<string>>();

/**
 * An argon2id hash of `password` that signing in checks as it checks any other, made at the lowest
 * cost and once per password: the production cost (19 MiB, 2 passes) made every user a test creates
 * and every sign-in of one cost tens of milliseconds of CPU. Registration and its stored cost are
 * tested through the API (`auth.test.ts`).
 */
function cheapHash(password: string): Promise<string> {
  let hashed = testHashes.get(password);
  if (!hashed) {
    hashed = hash(password, { algorithm: ARGON2ID, memoryCost: 8, timeCost: 1, parallelism: 1 });
    testHashes.set(password, hashed);
  }
  return hashed;
}

/** A verified user with TEST_PASSWORD, unless told otherwise. */
export async function createUser(
  deps: Deps,
  options: {
    email?: string;
    password?: string | null;
    verified?: boolean;
    superAdmin?: boolean;
    firstName?: string;
  } = {},
): Promise<UserRow> {
  const email = options.email ?? `user-${randomUUID().slice(0, 8)}@example.com`;
  const password = options.password === undefined ? TEST_PASSWORD : options.password;
  return insertUser(deps.database.db, {
    email,
    userName: email,
    firstName: options.firstName ?? 'Test',
    lastName: 'User',
    passwordHash: password === null ? null : await cheapHash(password),
    emailVerifiedAt: options.verified === false ? null : deps.clock.now(),
    roles: options.superAdmin ? [SUPER_ADMIN] : [],
  });
}

/**
 * A vendor whose client messages go out at any hour (tests run at whatever time it is; the quiet hours
 * tests switch them on).
 */
export async function createVendor(deps: Deps, name = `Vendor ${randomUUID().slice(0, 6)}`): Promise<VendorRow> {
  return insertVendor(deps.database.db, {
    name,
    currentSubscriptionType: 'Standard',
    clientMessaging: {
      ...DEFAULT_CLIENT_MESSAGING,
      quietHours: { ...DEFAULT_CLIENT_MESSAGING.quietHours, enabled: false },
    },
  });
}

export async function addMember(deps: Deps, vendor: VendorRow, user: UserRow, role: VendorRole): Promise<void> {
  await insertMembership(deps.database.db, { vendorId: vendor.id, userId: user.id, role });
}

/** A vendor with an Admin and a User, each with a session token. */
export async function createVendorTeam(deps: Deps, name?: string) {
  const vendor = await createVendor(deps, name);
  const admin = await createUser(deps, { firstName: 'Ada' });
  const user = await createUser(deps, { firstName: 'Uma' });
  await addMember(deps, vendor, admin, 'Admin');
  await addMember(deps, vendor, user, 'User');
  return {
    vendor,
    admin,
    user,
    adminToken: await tokenFor(deps, admin),
    userToken: await tokenFor(deps, user),
  };
}

/** A token of a new password session for the user, as signing in would give (without the sign-in itself). */
export async function tokenFor(deps: Deps, user: Pick<UserRow, 'id'>, now = deps.clock.now()): Promise<string> {
  const session = await insertSession(deps.database.db, {
    userId: user.id,
    proof: 'password',
    vendorId: null,
    createdAt: now,
    expiresAt: deps.sessions.expiryFrom(now),
  });
  return (await deps.sessions.issue({ userId: user.id, sessionId: session.id }, now)).token;
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
