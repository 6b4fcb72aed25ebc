import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import {
  holdRateBucket,
  type RateTokenPool,
  recordThrottledWait,
  takeRateToken,
} from '../../integrations/servicem8/rate-limiter.ts';
import { createSm8Client, type Sm8Client } from '../../integrations/servicem8/sm8-client.ts';
import { Sm8Error, type Sm8Http } from '../../integrations/servicem8/sm8-http.ts';
import { refreshTokens, type Sm8App } from '../../integrations/servicem8/sm8-oauth.ts';
import { decryptSecret, encryptSecret } from '../../security/encryption.ts';
import {
  findConnection,
  listActiveConnections,
  lockConnection,
  type Sm8ConnectionRow,
  updateConnection,
} from './servicem8.repository.ts';

/** How the server reaches ServiceM8: the real one, or the simulator in demo mode and tests. */
export type Sm8Runtime = {
  http: Sm8Http;
  /** Undefined when no ServiceM8 app is configured: connecting is then unavailable. */
  app: Sm8App | undefined;
  apiUrl: string;
  rateLimits: { perMinute: number; perDay: number };
  /** Longest wait for the rate limit inside one call; longer waits fail the call so its job retries later. */
  maxRateWaitMs: number;
};

/** The vendor has no ServiceM8 connection, or ServiceM8 refused it: only an Admin connecting again helps. */
export class Sm8ConnectionError extends AppError {
  constructor(message: string) {
    super('CONFLICT', message);
    this.name = 'Sm8ConnectionError';
  }
}

const NOT_CONNECTED = 'ServiceM8 is not connected: an Admin needs to connect ServiceM8 first.';

/** Refresh a minute early, so a token never expires on its way to ServiceM8. */
const REFRESH_MARGIN_MS = 60_000;

export function requireSm8App(deps: Deps): Sm8App {
  if (!deps.servicem8.app) {
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'ServiceM8 is not configured on this server (SM8_APP_ID and SM8_APP_SECRET).',
    );
  }
  return deps.servicem8.app;
}

/**
 * A client acting for the vendor's connected ServiceM8 account. `onRequest` is called before each
 * request it sends (every attempt, retries included: what the rate limit counts).
 */
export async function sm8ClientForVendor(
  deps: Deps,
  vendorId: string,
  options: { onRequest?: () => void } = {},
): Promise<Sm8Client> {
  return sm8ClientFor(deps, await sm8ConnectionOf(deps, vendorId), options);
}

/** A vendor's ServiceM8 connection as stored: its account, its tokens (encrypted), whether it needs reconnecting. */
export type Sm8Connection = Sm8ConnectionRow;

/** The vendor's ServiceM8 connection as stored, for the clients of one piece of work to share. */
export async function sm8ConnectionOf(deps: Deps, vendorId: string): Promise<Sm8Connection> {
  const connection = await findConnection(deps.database.db, vendorId);
  if (!connection) throw new Sm8ConnectionError(NOT_CONNECTED);
  return connection;
}

/** A client for the vendor of a connection already read (see `sm8ClientForVendor`). */
export function sm8ClientFor(
  deps: Deps,
  connection: Sm8Connection,
  options: {
    onRequest?: () => void;
    rateTokens?: RateTokenPool;
    /** Runs each call (with its retries), e.g. to bound how many of a batch's calls are in flight at once. */
    limitCalls?: <T>(call: () => Promise<T>) => Promise<T>;
  } = {},
): Sm8Client {
  const vendorId = connection.vendorId;
  // A client serves one job: the token read with the connection serves its calls while it is fresh,
  // instead of a read of the connection before every call.
  let readToken: string | undefined;
  const accessToken = async () => {
    if (connection.needsReconnectSince || !isFresh(deps, connection.accessTokenExpiresAt)) {
      return currentAccessToken(deps, vendorId);
    }
    readToken ??= decryptSecret(deps.keys.storageEncryptionKey, connection.accessTokenEnc);
    return readToken;
  };
  const { limitCalls } = options;
  const http = deps.servicem8.http;
  return createSm8Client({
    http: limitCalls ? { send: (request, hooks) => limitCalls(() => http.send(request, hooks)) } : http,
    apiUrl: deps.servicem8.apiUrl,
    accessToken,
    takeRateToken: async () => {
      // Calls taken together for the client's batch go first; then one at a time from the bucket.
      if (!options.rateTokens?.take()) await waitForRateToken(deps, connection.accountUuid);
      options.onRequest?.();
    },
    onThrottled: (retryAfterMs) =>
      holdRateBucket(
        deps.database.db,
        connection.accountUuid,
        deps.clock.now(),
        deps.servicem8.rateLimits,
        retryAfterMs ?? 0,
      ),
  });
}

/**
 * The vendor's access token, refreshed when it is about to expire. The refresh happens with the
 * connection row locked, so concurrent callers (in any process) refresh once and share the result;
 * ServiceM8 rotates refresh tokens, so a second refresh with the old one would fail.
 */
export async function currentAccessToken(deps: Deps, vendorId: string): Promise<string> {
  const key = deps.keys.storageEncryptionKey;
  const fresh = (expiresAt: Date) => isFresh(deps, expiresAt);
  const connection = await findConnection(deps.database.db, vendorId);
  if (!connection) throw new Sm8ConnectionError(NOT_CONNECTED);
  assertUsable(connection.needsReconnectSince);
  if (fresh(connection.accessTokenExpiresAt)) return decryptSecret(key, connection.accessTokenEnc);

  const outcome = await deps.database.db.transaction(async (tx) => {
    const locked = await lockConnection(tx, vendorId);
    if (!locked) throw new Sm8ConnectionError(NOT_CONNECTED);
    assertUsable(locked.needsReconnectSince);
    if (fresh(locked.accessTokenExpiresAt)) return { token: decryptSecret(key, locked.accessTokenEnc) };
    try {
      const app = requireSm8App(deps);
      const tokens = await refreshTokens(
        deps.servicem8.http,
        app,
        decryptSecret(key, locked.refreshTokenEnc),
        deps.clock.now(),
      );
      await updateConnection(tx, vendorId, {
        accessTokenEnc: encryptSecret(key, tokens.accessToken),
        refreshTokenEnc: encryptSecret(key, tokens.refreshToken),
        accessTokenExpiresAt: tokens.expiresAt,
        scope: tokens.scope,
      });
      return { token: tokens.accessToken };
    } catch (error) {
      if (error instanceof Sm8Error && !error.retryable) {
        await updateConnection(tx, vendorId, { needsReconnectSince: deps.clock.now() });
        return { refused: error.message };
      }
      throw error;
    }
  });
  if ('refused' in outcome) {
    deps.logger.warn({ vendorId, reason: outcome.refused }, 'ServiceM8 refused the refresh token');
    assertUsable(deps.clock.now());
  }
  return (outcome as { token: string }).token;
}

function isFresh(deps: Deps, expiresAt: Date): boolean {
  return expiresAt.getTime() - deps.clock.now().getTime() > REFRESH_MARGIN_MS;
}

function assertUsable(needsReconnectSince: Date | null): void {
  if (needsReconnectSince) {
    throw new Sm8ConnectionError(
      'ServiceM8 no longer accepts this connection: an Admin needs to connect ServiceM8 again.',
    );
  }
}

/**
 * Waits for the account's shared rate limit; a wait longer than allowed fails with a retryable error.
 * A call that had to wait adds its wait to the account's throttled time of the day (the admin metrics).
 */
async function waitForRateToken(deps: Deps, accountUuid: string): Promise<void> {
  const db = deps.database.db;
  const started = deps.clock.now().getTime();
  for (let refused = false; ; refused = true) {
    const take = await takeRateToken(db, accountUuid, deps.clock.now(), deps.servicem8.rateLimits);
    const waited = deps.clock.now().getTime() - started;
    if (take.granted) {
      if (refused) await recordWait(deps, accountUuid, waited);
      return;
    }
    if (waited + take.retryAfterMs > deps.servicem8.maxRateWaitMs) {
      if (refused) await recordWait(deps, accountUuid, waited);
      throw new Sm8Error(
        take.reason === 'day'
          ? 'The ServiceM8 daily request limit for this account is used up; the work resumes when it resets.'
          : 'The ServiceM8 request limit for this account is busy; the work will be retried.',
        429,
        true,
      );
    }
    await deps.clock.sleep(Math.max(20, take.retryAfterMs));
  }
}

/** A wait for the allowance: into the account's throttled time of the day and this process's metrics. */
async function recordWait(deps: Deps, accountUuid: string, waitedMs: number): Promise<void> {
  deps.metrics.sm8RateLimitWait.inc(Math.max(0, waitedMs) / 1000);
  await recordThrottledWait(deps.database.db, accountUuid, waitedMs);
}

/** The vendors whose ServiceM8 connection works (none waiting for an Admin to connect again). */
export async function connectedVendorIds(db: Db): Promise<string[]> {
  return (await listActiveConnections(db)).map((connection) => connection.vendorId);
}

/** The secret in the vendor's webhook callback URL; undefined when the vendor is not connected. */
export async function webhookSecretOf(deps: Deps, vendorId: string): Promise<string | undefined> {
  const connection = await findConnection(deps.database.db, vendorId);
  return connection ? decryptSecret(deps.keys.storageEncryptionKey, connection.webhookSecretEnc) : undefined;
}
