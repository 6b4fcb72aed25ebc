import { randomBytes } from 'node:crypto';
import { type Sm8ConnectionCandidates, Sm8Staff, Sm8Vendor, type UserSession } from '@automate/contract';
import { jwtVerify } from 'jose';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { createSm8Client } from '../../integrations/servicem8/sm8-client.ts';
import {
  exchangeCode,
  type Sm8Tokens,
  authorizeUrl as sm8AuthorizeUrl,
} from '../../integrations/servicem8/sm8-oauth.ts';
import { encryptSecret } from '../../security/encryption.ts';
import { buildSession } from '../auth/auth.service.ts';
import { hashOneTimeToken, newOneTimeToken } from '../auth/one-time-tokens.ts';
import { findUserByEmail, insertUser, type UserRow } from '../users/users.repository.ts';
import { findMembership, insertMembership, insertVendor, markVendorConnected } from '../vendors/vendors.repository.ts';
import { isValidConnectState, signConnectState } from './connect-state.ts';
import { activateVendorJob } from './servicem8.jobs.ts';
import {
  deletePendingConnection,
  findConnection,
  findConnectionByAccount,
  findPendingConnection,
  insertPendingConnection,
  upsertConnection,
} from './servicem8.repository.ts';
import type { sm8Connections } from './servicem8.schema.ts';
import { requireSm8App, sm8ClientForVendor } from './sm8-access.ts';

const PENDING_MINUTES = 15;

const callbackUrl = (deps: Deps) => `${deps.config.publicUrl}/api/Auth/servicem8/callback`;
const activatePage = (deps: Deps, query: Record<string, string>) =>
  `${deps.config.publicUrl}/sm8/activate?${new URLSearchParams(query).toString()}`;

/** Step 1: where to send the browser for the account owner's consent. */
export async function startConnect(deps: Deps): Promise<string> {
  const app = requireSm8App(deps);
  const state = await signConnectState(deps.keys.sessionSigningKey, deps.clock.now());
  return sm8AuthorizeUrl(app, { redirectUri: callbackUrl(deps), state });
}

/**
 * Step 2: ServiceM8 sends the browser back. Exchange the code, learn the account and the staff member,
 * and keep it all as a pending connection for the activate page. Answers the page to redirect to.
 */
export async function finishConsent(
  deps: Deps,
  query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
): Promise<string> {
  const now = deps.clock.now();
  if (query.error) return activatePage(deps, { error: 'ServiceM8 access was not allowed, so nothing was connected.' });
  if (!query.code || !query.state || !(await isValidConnectState(deps.keys.sessionSigningKey, query.state, now))) {
    return activatePage(deps, { error: 'This sign-in link has expired or was not started here. Please try again.' });
  }
  const app = requireSm8App(deps);
  const tokens = await exchangeCode(deps.servicem8.http, app, {
    code: query.code,
    redirectUri: callbackUrl(deps),
    now,
  });
  const client = createSm8Client({
    http: deps.servicem8.http,
    apiUrl: deps.servicem8.apiUrl,
    accessToken: async () => tokens.accessToken,
    takeRateToken: async () => {},
  });
  const [account] = await client.list('vendor', Sm8Vendor);
  if (!account) throw new AppError('SERVICE_UNAVAILABLE', 'ServiceM8 did not say which account this is.');
  const staff = (await client.list('staff', Sm8Staff, { filter: 'active eq 1' })).filter((s) => s.email !== '');
  const person = staff.find((s) => s.email.toLowerCase() === account.email.toLowerCase()) ?? staff[0];
  if (!person)
    throw new AppError('SERVICE_UNAVAILABLE', 'The ServiceM8 account has no staff member with an email address.');

  const { token, tokenHash } = newOneTimeToken();
  const key = deps.keys.storageEncryptionKey;
  await insertPendingConnection(deps.database.db, {
    tokenHash,
    accountUuid: account.uuid,
    accountName: account.name || 'ServiceM8 account',
    timeZone: account.timezone_name || null,
    staffEmail: person.email,
    staffFirstName: person.first || person.email,
    staffLastName: person.last,
    accessTokenEnc: encryptSecret(key, tokens.accessToken),
    refreshTokenEnc: encryptSecret(key, tokens.refreshToken),
    accessTokenExpiresAt: tokens.expiresAt,
    scope: tokens.scope,
    expiresAt: new Date(now.getTime() + PENDING_MINUTES * 60_000),
  });
  return activatePage(deps, { connection: token });
}

async function pendingOrFail(deps: Deps, connection: string) {
  const pending = await findPendingConnection(deps.database.db, hashOneTimeToken(connection), deps.clock.now());
  if (!pending) {
    throw new AppError(
      'NOT_FOUND',
      'This ServiceM8 sign-in has expired or was already used. Please sign in with ServiceM8 again.',
    );
  }
  return pending;
}

/** Step 3a: what the activate page shows. */
export async function listCandidates(deps: Deps, connection: string): Promise<Sm8ConnectionCandidates> {
  const pending = await pendingOrFail(deps, connection);
  const existing = await findConnectionByAccount(deps.database.db, pending.accountUuid);
  return {
    staff: { email: pending.staffEmail, firstName: pending.staffFirstName, lastName: pending.staffLastName },
    accounts: [
      {
        accountUuid: pending.accountUuid,
        name: pending.accountName,
        vendorId: existing?.vendorId ?? null,
        connected: existing !== undefined && existing.needsReconnectSince === null,
      },
    ],
    expiresAt: pending.expiresAt.toISOString(),
  };
}

/**
 * Step 3b: connect the chosen account. Finds or creates the user (by the staff email) and the vendor
 * (by the account uuid), stores the tokens, queues activation (webhooks, reference data) and signs in.
 */
export async function completeConnect(
  deps: Deps,
  choice: { connection: string; accountUuid: string },
): Promise<UserSession> {
  const user = await deps.database.db.transaction(async (tx) => {
    const pending = await findPendingConnection(tx, hashOneTimeToken(choice.connection), deps.clock.now());
    if (!pending) {
      throw new AppError(
        'NOT_FOUND',
        'This ServiceM8 sign-in has expired or was already used. Please sign in with ServiceM8 again.',
      );
    }
    if (pending.accountUuid !== choice.accountUuid) {
      throw new AppError('VALIDATION_FAILED', 'Choose one of the ServiceM8 accounts you signed in to.');
    }
    const person = await findOrCreateStaffUser(tx, deps, pending);
    const existing = await findConnectionByAccount(tx, pending.accountUuid);
    const vendorId =
      existing?.vendorId ??
      (
        await insertVendor(tx, {
          name: pending.accountName,
          ...(pending.timeZone ? { timeZone: pending.timeZone } : {}),
          sm8AccountUuid: pending.accountUuid,
        })
      ).id;
    if (!(await findMembership(tx, vendorId, person.id))) {
      await insertMembership(tx, { vendorId, userId: person.id, role: 'Admin' });
    }
    await storeConnection(tx, deps, {
      vendorId,
      accountUuid: pending.accountUuid,
      accessTokenEnc: pending.accessTokenEnc,
      refreshTokenEnc: pending.refreshTokenEnc,
      accessTokenExpiresAt: pending.accessTokenExpiresAt,
      scope: pending.scope,
      connectedByUserId: person.id,
    });
    await deletePendingConnection(tx, pending.id);
    return person;
  });
  return buildSession(deps, user);
}

/**
 * Stores (or replaces) the vendor's connection, keeping its webhook secret, and queues activation
 * (webhook subscriptions, reference data) in the same transaction.
 */
async function storeConnection(
  tx: Db,
  deps: Deps,
  connection: Omit<typeof sm8Connections.$inferInsert, 'webhookSecretEnc' | 'needsReconnectSince'>,
): Promise<void> {
  const previous = await findConnection(tx, connection.vendorId);
  await upsertConnection(tx, {
    ...connection,
    webhookSecretEnc:
      previous?.webhookSecretEnc ??
      encryptSecret(deps.keys.storageEncryptionKey, randomBytes(24).toString('base64url')),
    needsReconnectSince: null,
  });
  await markVendorConnected(tx, connection.vendorId, connection.accountUuid);
  await deps.queue.send(activateVendorJob, { vendorId: connection.vendorId }, { tx });
}

/** Connects a vendor with tokens obtained outside the browser flow (demo mode's simulator, tests). */
export async function connectWithTokens(
  deps: Deps,
  vendorId: string,
  accountUuid: string,
  tokens: Sm8Tokens,
): Promise<void> {
  const key = deps.keys.storageEncryptionKey;
  await deps.database.db.transaction((tx) =>
    storeConnection(tx, deps, {
      vendorId,
      accountUuid,
      accessTokenEnc: encryptSecret(key, tokens.accessToken),
      refreshTokenEnc: encryptSecret(key, tokens.refreshToken),
      accessTokenExpiresAt: tokens.expiresAt,
      scope: tokens.scope,
    }),
  );
}

async function findOrCreateStaffUser(
  tx: Db,
  deps: Deps,
  staff: { staffEmail: string; staffFirstName: string; staffLastName: string },
): Promise<UserRow> {
  return (
    (await findUserByEmail(tx, staff.staffEmail)) ??
    // ServiceM8 knows this address as the staff member's login, so it counts as confirmed.
    (await insertUser(tx, {
      email: staff.staffEmail,
      userName: staff.staffEmail,
      firstName: staff.staffFirstName,
      lastName: staff.staffLastName,
      emailVerifiedAt: deps.clock.now(),
    }))
  );
}

const AddonEvent = z.looseObject({
  auth: z.looseObject({ accountUUID: z.string().min(1), staffUUID: z.string().min(1) }),
});

/**
 * Step 4: opened from inside ServiceM8 with an add-on event JWT (HS256, signed with the app secret).
 * Signs in the staff member of a connected account; the web app marks the session automatic.
 */
export async function tokenLogin(deps: Deps, token: string): Promise<UserSession> {
  const app = requireSm8App(deps);
  let event: z.infer<typeof AddonEvent>;
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(app.appSecret), {
      algorithms: ['HS256'],
      currentDate: deps.clock.now(),
    });
    event = AddonEvent.parse(payload);
  } catch {
    throw new AppError(
      'UNAUTHENTICATED',
      'This ServiceM8 link is not valid or has expired. Open Automate from ServiceM8 again.',
    );
  }
  const connection = await findConnectionByAccount(deps.database.db, event.auth.accountUUID);
  if (!connection) {
    throw new AppError(
      'NOT_FOUND',
      'This ServiceM8 account is not connected to Automate yet. An Admin can connect it first.',
    );
  }
  const client = await sm8ClientForVendor(deps, connection.vendorId);
  const staff = await client.get('staff', event.auth.staffUUID, Sm8Staff);
  if (!staff?.email) throw new AppError('NOT_FOUND', 'ServiceM8 did not tell us who you are.');
  const user = await deps.database.db.transaction(async (tx) => {
    const person = await findOrCreateStaffUser(tx, deps, {
      staffEmail: staff.email,
      staffFirstName: staff.first || staff.email,
      staffLastName: staff.last,
    });
    if (!(await findMembership(tx, connection.vendorId, person.id))) {
      await insertMembership(tx, { vendorId: connection.vendorId, userId: person.id, role: 'User' });
    }
    return person;
  });
  return buildSession(deps, user);
}
