import { randomBytes } from 'node:crypto';
import {
  type CompleteSm8ConnectionRequest,
  type Sm8ConnectionCandidates,
  type Sm8SignInOutcome,
  Sm8Staff,
  Sm8Vendor,
} from '@automate/contract';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { createSm8Client } from '../../integrations/servicem8/sm8-client.ts';
import {
  exchangeCode,
  type Sm8Tokens,
  authorizeUrl as sm8AuthorizeUrl,
} from '../../integrations/servicem8/sm8-oauth.ts';
import { encryptSecret } from '../../security/encryption.ts';
import { hashOneTimeToken, newOneTimeToken } from '../auth/one-time-tokens.ts';
import {
  findLinkedIdentity,
  isPlatformStaff,
  linkIdentity,
  refusePlatformStaff,
} from '../auth/sm8-identities.service.ts';
import { findUser, findUserWithEmail, type UserRow } from '../users/users.service.ts';
import { createVendor, findVendor, markConnectedToServiceM8 } from '../vendors/vendors.service.ts';
import { CONNECT_STATE_MINUTES, isValidConnectState, signConnectState } from './connect-state.ts';
import { LINK_CLAIM_MINUTES, signLinkClaim } from './link-claims.ts';
import { activateVendorJob } from './servicem8.jobs.ts';
import {
  deletePendingConnection,
  findConnection,
  findConnectionByAccount,
  findPendingConnection,
  insertConnectAttempt,
  insertPendingConnection,
  type Sm8PendingRow,
  takeConnectAttempt,
  upsertConnection,
} from './servicem8.repository.ts';
import type { sm8Connections } from './servicem8.schema.ts';
import { requireSm8App } from './sm8-access.ts';
import {
  createUserForIdentity,
  ensureMembership,
  type SignInResult,
  type Sm8Person,
  signedIn,
  signInNeeded,
  toOutcome,
} from './sm8-sign-in-rules.ts';
import { forgetWebhookSecret } from './webhook-secrets.ts';

/** Long enough to prove an existing account by a mailed link before the pending connection lapses. */
const PENDING_MINUTES = LINK_CLAIM_MINUTES;

const callbackUrl = (deps: Deps) => `${deps.config.publicUrl}/api/Auth/servicem8/callback`;
const activatePage = (deps: Deps, query: Record<string, string>) =>
  `${deps.config.publicUrl}/sm8/activate?${new URLSearchParams(query).toString()}`;

const EXPIRED = 'This ServiceM8 sign-in has expired or was already used. Please sign in with ServiceM8 again.';

/**
 * Step 1: where to send the browser for consent, and the nonce to keep in the browser's cookie. The
 * start is stored (by the nonce's hash) until the callback uses it, or for CONNECT_STATE_MINUTES.
 */
export async function startConnect(deps: Deps): Promise<{ url: string; nonce: string }> {
  const app = requireSm8App(deps);
  const now = deps.clock.now();
  const { state, nonce } = await signConnectState(deps.keys.sessionSigningKey, now);
  await insertConnectAttempt(
    deps.database.db,
    { nonceHash: hashOneTimeToken(nonce), expiresAt: new Date(now.getTime() + CONNECT_STATE_MINUTES * 60_000) },
    now,
  );
  return { url: sm8AuthorizeUrl(app, { redirectUri: callbackUrl(deps), state }), nonce };
}

/**
 * Whether the callback belongs to a sign-in started in this browser, using that start up. ServiceM8's
 * redirect may carry our `state` or not: a state must be ours and name this browser's cookie; without
 * one, the cookie alone must name a start that is unused and unexpired. A state that does not match
 * leaves the browser's own start usable, so a forged callback cannot spoil a real one.
 */
async function takeThisBrowsersStart(
  deps: Deps,
  state: string | undefined,
  cookieNonce: string | undefined,
  now: Date,
): Promise<boolean> {
  if (!cookieNonce) return false;
  if (state !== undefined && !(await isValidConnectState(deps.keys.sessionSigningKey, state, cookieNonce, now))) {
    return false;
  }
  return takeConnectAttempt(deps.database.db, hashOneTimeToken(cookieNonce), now);
}

const NOT_THIS_BROWSERS =
  'This sign-in has expired or was started in another browser. Please sign in with ServiceM8 again.';

/**
 * Step 2: ServiceM8 sends the browser back. Check the sign-in was started in this browser, exchange the
 * code, learn the account and its owner, and keep it all as a pending connection for the activate page.
 * Answers the page to redirect to.
 */
export async function finishConsent(
  deps: Deps,
  query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
  cookieNonce: string | undefined,
): Promise<string> {
  const now = deps.clock.now();
  const startedHere = await takeThisBrowsersStart(deps, query.state, cookieNonce, now);
  if (query.error) return activatePage(deps, { error: 'ServiceM8 access was not allowed, so nothing was connected.' });
  if (!query.code || !startedHere) return activatePage(deps, { error: NOT_THIS_BROWSERS });
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
  // ServiceM8 does not say which staff member consented. The account owner is the staff member who has
  // the account's email; with no such member, nobody is signed in by this connection alone.
  const staff = await client.list('staff', Sm8Staff, { filter: 'active eq 1' });
  const owner =
    account.email === '' ? undefined : staff.find((s) => s.email.toLowerCase() === account.email.toLowerCase());

  const { token, tokenHash } = newOneTimeToken();
  const key = deps.keys.storageEncryptionKey;
  await insertPendingConnection(deps.database.db, {
    tokenHash,
    accountUuid: account.uuid,
    accountName: account.name || 'ServiceM8 account',
    timeZone: account.timezone_name || null,
    staffUuid: owner?.uuid ?? null,
    staffEmail: owner?.email ?? '',
    staffFirstName: owner ? owner.first || owner.email : '',
    staffLastName: owner?.last ?? '',
    accessTokenEnc: encryptSecret(key, tokens.accessToken),
    refreshTokenEnc: encryptSecret(key, tokens.refreshToken),
    accessTokenExpiresAt: tokens.expiresAt,
    scope: tokens.scope,
    expiresAt: new Date(now.getTime() + PENDING_MINUTES * 60_000),
  });
  return activatePage(deps, { connection: token });
}

export async function findPendingOrFail(db: Db, connection: string, now: Date): Promise<Sm8PendingRow> {
  const pending = await findPendingConnection(db, hashOneTimeToken(connection), now);
  if (!pending) throw new AppError('NOT_FOUND', EXPIRED);
  return pending;
}

/** The account owner of a pending connection, when ServiceM8 told us one. */
export function ownerOf(pending: Sm8PendingRow): Sm8Person | null {
  if (!pending.staffUuid || pending.staffEmail === '') return null;
  return {
    accountUuid: pending.accountUuid,
    staffUuid: pending.staffUuid,
    accountName: pending.accountName,
    email: pending.staffEmail,
    firstName: pending.staffFirstName,
    lastName: pending.staffLastName,
  };
}

/** Step 3a: what the activate page shows. */
export async function listCandidates(
  deps: Deps,
  connection: string,
  caller: Caller | null,
): Promise<Sm8ConnectionCandidates> {
  const pending = await findPendingOrFail(deps.database.db, connection, deps.clock.now());
  const existing = await findConnectionByAccount(deps.database.db, pending.accountUuid);
  const owner = ownerOf(pending);
  return {
    staff: owner ? { email: owner.email, firstName: owner.firstName, lastName: owner.lastName } : null,
    accounts: [
      {
        accountUuid: pending.accountUuid,
        name: pending.accountName,
        vendorId: existing?.vendorId ?? null,
        connected: existing !== undefined && existing.needsReconnectSince === null,
      },
    ],
    targets:
      caller && !existing
        ? caller.memberships
            .filter((m) => m.role === 'Admin' && !m.sm8Connected)
            .map((m) => ({ vendorId: m.vendorId, name: m.name }))
        : [],
    expiresAt: pending.expiresAt.toISOString(),
  };
}

/**
 * Step 3b: connect the chosen account.
 * - Signed in: connect it to the business chosen (or the one already connected to it, or a new one) and
 *   keep the person signed in as themselves; their ServiceM8 identity is linked when it is the owner's
 *   and carries their own email.
 * - Not signed in: only the owner's identity signs anyone in: its linked user, or a new user when no
 *   Automate user has the owner's email. Otherwise the person must prove the existing account first.
 */
export async function completeConnect(
  deps: Deps,
  choice: CompleteSm8ConnectionRequest,
  caller: Caller | null,
): Promise<Sm8SignInOutcome> {
  const now = deps.clock.now();
  const result = await deps.database.db.transaction(async (tx): Promise<SignInResult> => {
    const pending = await findPendingOrFail(tx, choice.connection, now);
    if (pending.accountUuid !== choice.accountUuid) {
      throw new AppError('VALIDATION_FAILED', 'Choose one of the ServiceM8 accounts you signed in to.');
    }
    const owner = ownerOf(pending);
    if (caller) {
      const user = await findUser(tx, caller.id);
      if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
      const linked = owner !== null && (await linkOwnerIfSamePerson(tx, deps, user, owner));
      const vendor = await connectAccount(tx, deps, {
        pending,
        user,
        requestedVendorId: choice.vendorId ?? null,
        caller,
      });
      return signedIn(user, vendor, linked);
    }
    if (choice.vendorId) {
      throw new AppError('UNAUTHENTICATED', 'Sign in to connect ServiceM8 to one of your businesses.');
    }
    if (!owner) {
      return {
        outcome: 'SignInNeeded',
        reason:
          'ServiceM8 did not tell us which staff member you are, so it cannot sign you in. Sign in to Automate ' +
          '(or create an account), then connect ServiceM8 again.',
        email: null,
        claim: null,
      };
    }
    const identity = await findLinkedIdentity(tx, owner);
    if (identity) {
      const user = await findUser(tx, identity.userId);
      if (!user) throw new AppError('NOT_FOUND', EXPIRED);
      if (isPlatformStaff(user)) throw refusePlatformStaff();
      return signedIn(user, await connectAccount(tx, deps, { pending, user, requestedVendorId: null }), true);
    }
    if (await findUserWithEmail(tx, owner.email)) {
      return signInNeeded(
        owner.email,
        await signLinkClaim(deps.keys.sessionSigningKey, { kind: 'connect', connection: choice.connection }, now),
      );
    }
    const user = await createUserForIdentity(tx, deps, owner);
    return signedIn(user, await connectAccount(tx, deps, { pending, user, requestedVendorId: null }), true);
  });
  return toOutcome(deps, result);
}

/**
 * The signed-in person proved their Automate account with a password or a session; the owner's identity
 * becomes theirs only when it carries their own email, so an Admin connecting someone else's account
 * does not take over the owner's ServiceM8 sign-in. Platform staff are never linked.
 */
async function linkOwnerIfSamePerson(tx: Db, deps: Deps, user: UserRow, owner: Sm8Person): Promise<boolean> {
  if (isPlatformStaff(user) || owner.email.toLowerCase() !== user.email.toLowerCase()) return false;
  const identity = await findLinkedIdentity(tx, owner);
  if (identity && identity.userId !== user.id) return false;
  if (!identity) await linkIdentity(tx, deps, user, owner);
  return true;
}

/**
 * Connects the pending account to a business and makes the user its Admin: the business already
 * connected to the account; else, for a signed-in caller, the business they chose; else a new one.
 */
export async function connectAccount(
  tx: Db,
  deps: Deps,
  options: { pending: Sm8PendingRow; user: UserRow; requestedVendorId: string | null; caller?: Caller },
): Promise<{ id: string; name: string }> {
  const { pending, user, requestedVendorId, caller } = options;
  const existing = await findConnectionByAccount(tx, pending.accountUuid);
  let vendorId: string;
  if (existing) {
    if (requestedVendorId && requestedVendorId !== existing.vendorId) {
      throw new AppError(
        'CONFLICT',
        'This ServiceM8 account is already connected to another business in Automate, so it cannot be connected to this one.',
      );
    }
    vendorId = existing.vendorId;
  } else if (requestedVendorId) {
    vendorId = await chosenBusiness(tx, caller, requestedVendorId, pending.accountUuid);
  } else {
    vendorId = (
      await createVendor(
        tx,
        {
          name: pending.accountName,
          ...(pending.timeZone ? { timeZone: pending.timeZone } : {}),
          sm8AccountUuid: pending.accountUuid,
        },
        { plansOnSale: deps.billing !== undefined },
      )
    ).id;
  }
  await ensureMembership(tx, user, vendorId, 'Admin');
  await storeConnection(tx, deps, {
    vendorId,
    accountUuid: pending.accountUuid,
    accessTokenEnc: pending.accessTokenEnc,
    refreshTokenEnc: pending.refreshTokenEnc,
    accessTokenExpiresAt: pending.accessTokenExpiresAt,
    scope: pending.scope,
    connectedByUserId: user.id,
  });
  await deletePendingConnection(tx, pending.id);
  const vendor = await findVendor(tx, vendorId);
  return { id: vendorId, name: vendor?.name ?? pending.accountName };
}

/** A business the caller is an Admin of (super admins: any) that is not connected to another account. */
async function chosenBusiness(
  tx: Db,
  caller: Caller | undefined,
  vendorId: string,
  accountUuid: string,
): Promise<string> {
  const membership = caller?.memberships.find((m) => m.vendorId === vendorId);
  const vendor = await findVendor(tx, vendorId);
  if (!vendor || !caller || (!caller.isSuperAdmin && !membership)) {
    throw new AppError('NOT_FOUND', 'Vendor was not found.');
  }
  if (!caller.isSuperAdmin && membership?.role !== 'Admin') {
    throw new AppError('FORBIDDEN', `Only Admins of ${vendor.name} can connect it to ServiceM8.`);
  }
  if (vendor.sm8AccountUuid !== null && vendor.sm8AccountUuid !== accountUuid) {
    throw new AppError(
      'CONFLICT',
      `${vendor.name} is connected to another ServiceM8 account. Connect this account to a new business instead.`,
    );
  }
  return vendor.id;
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
  forgetWebhookSecret(deps, connection.vendorId);
  await markConnectedToServiceM8(tx, connection.vendorId, connection.accountUuid);
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
