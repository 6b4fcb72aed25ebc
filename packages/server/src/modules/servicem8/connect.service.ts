import { randomBytes } from 'node:crypto';
import {
  type CompleteSm8ConnectionRequest,
  type Sm8BusinessConfirmed,
  type Sm8ConnectedTo,
  type Sm8ConnectionCandidates,
  type Sm8ConnectOutcome,
  Sm8NewOwner,
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
import { recordAudit } from '../audit/audit.service.ts';
import { sendLinkEmail } from '../auth/auth-emails.ts';
import { LINK_TTL_HOURS, redeemLinkToken } from '../auth/auth-links.ts';
import { confirmEmailOwnership } from '../auth/email-proof.ts';
import { hashOneTimeToken, newOneTimeToken } from '../auth/one-time-tokens.ts';
import { hashPassword } from '../auth/passwords.ts';
import { startSession } from '../auth/sessions.service.ts';
import { queueSystemEmail } from '../mail/mail.service.ts';
import { addMembership } from '../users/memberships.service.ts';
import { createUser, findUser, findUserWithEmail, type UserRow } from '../users/users.service.ts';
import { createVendor, findVendor, markConnectedToServiceM8 } from '../vendors/vendors.service.ts';
import { CONNECT_STATE_MINUTES, isValidConnectState, signConnectState } from './connect-state.ts';
import { activateVendorJob } from './servicem8.jobs.ts';
import {
  claimPendingConnection,
  deletePendingConnection,
  findConnection,
  findConnectionByAccount,
  findPendingConnection,
  findPendingConnectionOfUser,
  insertConnectAttempt,
  insertPendingConnection,
  type Sm8PendingRow,
  takeConnectAttempt,
  upsertConnection,
} from './servicem8.repository.ts';
import type { sm8Connections } from './servicem8.schema.ts';
import { requireSm8App } from './sm8-access.ts';
import { forgetWebhookSecret } from './webhook-secrets.ts';

/**
 * Connecting a ServiceM8 account. OAuth consent proves one thing: this browser can authorise the
 * account. So connecting never signs anyone in, links a ServiceM8 login, or changes who belongs to a
 * business; it connects the account to a business the signed-in person is an Admin of, or creates a new
 * business (whose owner, if not signed in, first confirms their own email address).
 */

/** How long the activate page can use a pending connection. */
const PENDING_MINUTES = 30;

const callbackUrl = (deps: Deps) => `${deps.config.publicUrl}/api/Auth/servicem8/callback`;
const activatePage = (deps: Deps, query: Record<string, string>) =>
  `${deps.config.publicUrl}/sm8/activate?${new URLSearchParams(query).toString()}`;

const EXPIRED = 'This ServiceM8 sign-in has expired or was already used. Please sign in with ServiceM8 again.';
const NOT_THIS_BROWSERS =
  'This sign-in has expired or was started in another browser. Please sign in with ServiceM8 again.';
const connectedElsewhere = (accountName: string) =>
  `The ServiceM8 account ${accountName} is already connected to a business in Automate. Sign in to Automate ` +
  'as a member of that business, or ask its Admin for an invitation.';

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

/**
 * Step 2: ServiceM8 sends the browser back. Check the sign-in was started in this browser, exchange the
 * code, learn which account it is, and keep it as a pending connection for the activate page. Answers
 * the page to redirect to, and whether this browser's start was used (its cookie can go).
 */
export async function finishConsent(
  deps: Deps,
  query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
  cookieNonce: string | undefined,
): Promise<{ page: string; startUsed: boolean }> {
  const now = deps.clock.now();
  const startUsed = await takeThisBrowsersStart(deps, query.state, cookieNonce, now);
  if (query.error) {
    return {
      page: activatePage(deps, { error: 'ServiceM8 access was not allowed, so nothing was connected.' }),
      startUsed,
    };
  }
  if (!query.code || !startUsed) return { page: activatePage(deps, { error: NOT_THIS_BROWSERS }), startUsed };
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

  const { token, tokenHash } = newOneTimeToken();
  const key = deps.keys.storageEncryptionKey;
  await insertPendingConnection(deps.database.db, {
    tokenHash,
    accountUuid: account.uuid,
    accountName: account.name || 'ServiceM8 account',
    timeZone: account.timezone_name || null,
    accessTokenEnc: encryptSecret(key, tokens.accessToken),
    refreshTokenEnc: encryptSecret(key, tokens.refreshToken),
    accessTokenExpiresAt: tokens.expiresAt,
    scope: tokens.scope,
    expiresAt: new Date(now.getTime() + PENDING_MINUTES * 60_000),
  });
  return { page: activatePage(deps, { connection: token }), startUsed };
}

async function findPendingOrFail(db: Db, connection: string, now: Date): Promise<Sm8PendingRow> {
  const pending = await findPendingConnection(db, hashOneTimeToken(connection), now);
  if (!pending || pending.userId !== null) throw new AppError('NOT_FOUND', EXPIRED);
  return pending;
}

/** Whether the caller may connect or reconnect this business: its Admin, or a super admin. */
function isAdminOf(caller: Caller, vendorId: string): boolean {
  return caller.isSuperAdmin || caller.memberships.some((m) => m.vendorId === vendorId && m.role === 'Admin');
}

async function connectedTo(db: Db, accountUuid: string, caller: Caller | null): Promise<Sm8ConnectedTo | null> {
  const existing = await findConnectionByAccount(db, accountUuid);
  if (!existing) return null;
  const vendor = await findVendor(db, existing.vendorId);
  if (!vendor) return null;
  return caller && isAdminOf(caller, vendor.id)
    ? { to: 'yours', vendorId: vendor.id, name: vendor.name }
    : { to: 'another' };
}

/** Step 3a: what the activate page shows. */
export async function listCandidates(
  deps: Deps,
  connection: string,
  caller: Caller | null,
): Promise<Sm8ConnectionCandidates> {
  const db = deps.database.db;
  const pending = await findPendingOrFail(db, connection, deps.clock.now());
  const connected = await connectedTo(db, pending.accountUuid, caller);
  return {
    accountUuid: pending.accountUuid,
    accountName: pending.accountName,
    connectedTo: connected,
    targets:
      caller && connected === null
        ? caller.memberships
            .filter((m) => m.role === 'Admin' && !m.sm8Connected)
            .map((m) => ({ vendorId: m.vendorId, name: m.name }))
        : [],
    expiresAt: pending.expiresAt.toISOString(),
  };
}

/**
 * Step 3b: activate the account.
 * - Signed in: connect it to the chosen business the caller is an Admin of (reconnecting the business
 *   it is connected to already), or to a new business with the caller as its Admin. An account another
 *   business uses is refused. The caller stays who they are; nobody else's access changes.
 * - Not signed in: only an account no business uses, for a new business whose owner gives their email
 *   and a password and confirms the address by our link before anything is created.
 */
export async function completeConnect(
  deps: Deps,
  request: CompleteSm8ConnectionRequest,
  caller: Caller | null,
): Promise<Sm8ConnectOutcome> {
  const now = deps.clock.now();
  if (!caller) return askToConfirmNewOwner(deps, request, now);
  const outcome = await deps.database.db.transaction(async (tx): Promise<Sm8ConnectOutcome> => {
    const pending = await findPendingOrFail(tx, request.connection, now);
    if (pending.accountUuid !== request.accountUuid) {
      throw new AppError('VALIDATION_FAILED', 'Choose the ServiceM8 account you signed in to.');
    }
    const existing = await findConnectionByAccount(tx, pending.accountUuid);
    let vendor: { id: string; name: string };
    if (existing) {
      if (!isAdminOf(caller, existing.vendorId))
        throw new AppError('CONFLICT', connectedElsewhere(pending.accountName));
      if (request.vendorId && request.vendorId !== existing.vendorId) {
        throw new AppError(
          'CONFLICT',
          `The ServiceM8 account ${pending.accountName} is already connected to another of your businesses. ` +
            'Disconnect it there first.',
        );
      }
      vendor = await vendorOrFail(tx, existing.vendorId);
    } else if (request.vendorId) {
      vendor = await businessToConnect(tx, caller, request.vendorId);
    } else {
      if (caller.sessionVendorId !== null) {
        throw new AppError(
          'FORBIDDEN',
          'A session opened from ServiceM8 acts only for its business. Sign in with your password to create another.',
        );
      }
      vendor = await createBusinessFor(tx, deps, pending);
      if (!caller.isSuperAdmin) await addMembership(tx, { vendorId: vendor.id, userId: caller.id, role: 'Admin' });
    }
    await storeConnection(tx, deps, connectionFrom(pending, vendor.id, caller.id));
    await deletePendingConnection(tx, pending.id);
    const reconnected = existing !== undefined;
    await recordAudit(tx, caller, now, {
      action: 'servicem8.connect',
      vendorId: vendor.id,
      summary: `${reconnected ? 'Reconnected' : 'Connected'} the ServiceM8 account ${pending.accountName}`,
      after: { accountUuid: pending.accountUuid, accountName: pending.accountName },
    });
    return { outcome: 'Connected', vendorId: vendor.id, vendorName: vendor.name, reconnected };
  });
  if (outcome.outcome === 'Connected') forgetWebhookSecret(deps, outcome.vendorId);
  return outcome;
}

async function vendorOrFail(tx: Db, vendorId: string): Promise<{ id: string; name: string }> {
  const vendor = await findVendor(tx, vendorId);
  if (!vendor) throw new AppError('NOT_FOUND', 'Vendor was not found.');
  return { id: vendor.id, name: vendor.name };
}

/** A business the caller is an Admin of (super admins: any) that is not connected to another account. */
async function businessToConnect(tx: Db, caller: Caller, vendorId: string): Promise<{ id: string; name: string }> {
  const vendor = await findVendor(tx, vendorId);
  const membership = caller.memberships.find((m) => m.vendorId === vendorId);
  if (!vendor || (!caller.isSuperAdmin && !membership)) throw new AppError('NOT_FOUND', 'Vendor was not found.');
  if (!isAdminOf(caller, vendorId)) {
    throw new AppError('FORBIDDEN', `Only Admins of ${vendor.name} can connect it to ServiceM8.`);
  }
  if (vendor.sm8AccountUuid !== null) {
    throw new AppError(
      'CONFLICT',
      `${vendor.name} is connected to another ServiceM8 account. Disconnect it first, or connect this account to a new business.`,
    );
  }
  return { id: vendor.id, name: vendor.name };
}

async function createBusinessFor(tx: Db, deps: Deps, pending: Sm8PendingRow): Promise<{ id: string; name: string }> {
  const vendor = await createVendor(
    tx,
    { name: pending.accountName, ...(pending.timeZone ? { timeZone: pending.timeZone } : {}) },
    { plansOnSale: deps.billing !== undefined },
  );
  return { id: vendor.id, name: vendor.name };
}

function connectionFrom(pending: Sm8PendingRow, vendorId: string, userId: string) {
  return {
    vendorId,
    accountUuid: pending.accountUuid,
    accessTokenEnc: pending.accessTokenEnc,
    refreshTokenEnc: pending.refreshTokenEnc,
    accessTokenExpiresAt: pending.accessTokenExpiresAt,
    scope: pending.scope,
    connectedByUserId: userId,
  };
}

const confirmSentence = (email: string, accountName: string) =>
  `We sent a link to ${email}. Open it within ${LINK_TTL_HOURS.verify_email} hours to confirm your address: ` +
  `${accountName} is added to Automate, with you as its Admin, once you do.`;

/**
 * Not signed in: a new business for an account no business uses. The owner's account is created now,
 * unconfirmed and with no business; the business exists only once they open the link we email. For an
 * address that already has an account nothing is created and its owner is told instead; the answer is
 * the same, so it tells nobody whether an address has an account.
 */
async function askToConfirmNewOwner(
  deps: Deps,
  request: CompleteSm8ConnectionRequest,
  now: Date,
): Promise<Sm8ConnectOutcome> {
  if (!request.newOwner) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Sign in to Automate to connect this account to your business, or give your name, email address and a ' +
        'password to create a new business for it.',
    );
  }
  if (request.vendorId)
    throw new AppError('UNAUTHENTICATED', 'Sign in to connect ServiceM8 to one of your businesses.');
  const owner = Sm8NewOwner.parse(request.newOwner);
  const passwordHash = await hashPassword(owner.password);
  return deps.database.db.transaction(async (tx) => {
    const pending = await findPendingOrFail(tx, request.connection, now);
    if (pending.accountUuid !== request.accountUuid) {
      throw new AppError('VALIDATION_FAILED', 'Choose the ServiceM8 account you signed in to.');
    }
    if (await findConnectionByAccount(tx, pending.accountUuid)) {
      throw new AppError('CONFLICT', connectedElsewhere(pending.accountName));
    }
    const taken = await findUserWithEmail(tx, owner.email);
    if (taken) {
      await queueSystemEmail(tx, deps, {
        key: 'account-exists',
        to: taken,
        data: { link: `${deps.config.publicUrl}/auth/login` },
      });
    } else {
      const user = await createUser(tx, {
        email: owner.email,
        userName: owner.email,
        firstName: owner.firstName,
        lastName: owner.lastName,
        passwordHash,
      });
      const expiresAt = new Date(now.getTime() + LINK_TTL_HOURS.verify_email * 3_600_000);
      await claimPendingConnection(tx, pending.id, { userId: user.id, expiresAt });
      await sendLinkEmail(tx, deps, user, 'newBusiness', { now });
    }
    return { outcome: 'ConfirmEmail', email: owner.email, message: confirmSentence(owner.email, pending.accountName) };
  });
}

/**
 * The new owner opened the link we emailed: their address is confirmed, the business is created with
 * them as its Admin and connected (unless another business connected the account meanwhile), and they
 * are signed in, as the link proved their address.
 */
export async function confirmNewBusiness(
  deps: Deps,
  link: { token: string; userId: string },
): Promise<Sm8BusinessConfirmed> {
  const now = deps.clock.now();
  const { user, vendor } = await deps.database.db.transaction(async (tx) => {
    await redeemLinkToken(tx, {
      ...link,
      purpose: 'verify_email',
      now,
      askAgain: 'Sign in with ServiceM8 again to start over.',
    });
    const found = await findUser(tx, link.userId);
    if (!found) throw new AppError('BAD_REQUEST', 'This link is not valid.');
    const owner = await confirmEmailOwnership(tx, found, now);
    const pending = await findPendingConnectionOfUser(tx, owner.id, now);
    if (!pending) return { user: owner, vendor: null };
    await deletePendingConnection(tx, pending.id);
    if (await findConnectionByAccount(tx, pending.accountUuid)) return { user: owner, vendor: null };
    return { user: owner, vendor: await createConnectedBusiness(tx, deps, pending, owner, now) };
  });
  if (vendor) forgetWebhookSecret(deps, vendor.id);
  return {
    session: await startSession(deps, user, { proof: 'email_link' }),
    vendorId: vendor?.id ?? null,
    vendorName: vendor?.name ?? null,
    message: vendor
      ? `Your email address is confirmed and ${vendor.name} is connected to ServiceM8.`
      : 'Your email address is confirmed. The ServiceM8 account was connected to another business in the ' +
        'meantime (or the request expired): ask its Admin for an invitation, or sign in with ServiceM8 again.',
  };
}

async function createConnectedBusiness(
  tx: Db,
  deps: Deps,
  pending: Sm8PendingRow,
  owner: UserRow,
  now: Date,
): Promise<{ id: string; name: string }> {
  const vendor = await createBusinessFor(tx, deps, pending);
  await addMembership(tx, { vendorId: vendor.id, userId: owner.id, role: 'Admin' });
  await storeConnection(tx, deps, connectionFrom(pending, vendor.id, owner.id));
  await recordAudit(tx, owner, now, {
    action: 'servicem8.connect',
    vendorId: vendor.id,
    summary: `Connected the ServiceM8 account ${pending.accountName}`,
    after: { accountUuid: pending.accountUuid, accountName: pending.accountName },
  });
  return vendor;
}

/**
 * Stores (or replaces) the vendor's connection and queues activation (webhook subscriptions, reference
 * data) in the same transaction. The webhook secret is new each time a person connects, so a callback
 * URL anyone read before stops working; `keepSecret` keeps it (demo mode reconnects at every start).
 * Callers call `forgetWebhookSecret` after the commit: a delivery checked before it would read (and
 * keep) the old secret again.
 */
async function storeConnection(
  tx: Db,
  deps: Deps,
  connection: Omit<typeof sm8Connections.$inferInsert, 'webhookSecretEnc' | 'needsReconnectSince'>,
  { keepSecret = false } = {},
): Promise<void> {
  const previous = keepSecret ? await findConnection(tx, connection.vendorId) : undefined;
  // The vendor's row before its connection's, as every transaction that writes both takes them: the
  // other order deadlocked against the sync (which sets the time zone, then the connection's last sync)
  // when a business reconnected while its first activation was still running.
  await markConnectedToServiceM8(tx, connection.vendorId, connection.accountUuid);
  await upsertConnection(tx, {
    ...connection,
    webhookSecretEnc:
      previous?.webhookSecretEnc ??
      encryptSecret(deps.keys.storageEncryptionKey, randomBytes(24).toString('base64url')),
    needsReconnectSince: null,
  });
  await deps.queue.send(activateVendorJob, { vendorId: connection.vendorId }, { tx });
}

/** Connects a vendor with tokens obtained outside the browser flow (demo mode's simulated account, tests). */
export async function connectWithTokens(
  deps: Deps,
  vendorId: string,
  accountUuid: string,
  tokens: Sm8Tokens,
): Promise<void> {
  const key = deps.keys.storageEncryptionKey;
  await deps.database.db.transaction((tx) =>
    storeConnection(
      tx,
      deps,
      {
        vendorId,
        accountUuid,
        accessTokenEnc: encryptSecret(key, tokens.accessToken),
        refreshTokenEnc: encryptSecret(key, tokens.refreshToken),
        accessTokenExpiresAt: tokens.expiresAt,
        scope: tokens.scope,
      },
      { keepSecret: true },
    ),
  );
  forgetWebhookSecret(deps, vendorId);
}
