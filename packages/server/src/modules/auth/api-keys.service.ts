import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  API_KEY_REQUESTS_PER_MINUTE,
  type ApiKey,
  type ApiKeyInput,
  type CreatedApiKey,
  type VendorMembership,
} from '@automate/contract';
import type { Deps } from '../../deps.ts';
import type { Caller } from '../../http/access.ts';
import { acceptsApiKeys } from '../../http/api-key-routes.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findVendor } from '../vendors/vendors.service.ts';
import {
  type ApiKeyRow,
  findLiveApiKey,
  insertApiKey,
  listApiKeys,
  noteApiKeyUse,
  revokeApiKey,
} from './api-keys.repository.ts';

/**
 * API keys for a business's own scripts: made by an Admin (shown once, kept as a SHA-256), accepted
 * as a bearer token on the automation routes only, read-only or read-and-write, rate-limited per key,
 * revoked at once everywhere (every request reads the key's row).
 */

const READ_METHODS = ['GET', 'HEAD'];
const START_LENGTH = API_KEY_PREFIX.length + 4;

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    start: `${row.start}…`,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function listKeys(deps: Deps, vendorId: string): Promise<ApiKey[]> {
  return (await listApiKeys(deps.database.db, vendorId)).map(toApiKey);
}

export async function createKey(
  deps: Deps,
  caller: Caller,
  vendorId: string,
  input: ApiKeyInput,
): Promise<CreatedApiKey> {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const now = deps.clock.now();
  const row = await deps.database.db.transaction(async (tx) => {
    const stored = await insertApiKey(tx, {
      vendorId,
      name: input.name,
      scope: input.scope,
      keyHash: hashOf(key),
      start: key.slice(0, START_LENGTH),
      createdByUserId: caller.id,
      createdAt: now,
    });
    await recordAudit(tx, caller, now, {
      action: 'api-key.create',
      summary: `Created the API key “${input.name}” (${input.scope === 'read' ? 'read-only' : 'read and write'}).`,
      vendorId,
    });
    return stored;
  });
  return { ...toApiKey(row), key };
}

export async function revokeKey(deps: Deps, caller: Caller, vendorId: string, id: string): Promise<null> {
  const now = deps.clock.now();
  await deps.database.db.transaction(async (tx) => {
    const revoked = await revokeApiKey(tx, { vendorId, id }, now);
    if (!revoked) throw notFound('API key');
    await recordAudit(tx, caller, now, {
      action: 'api-key.revoke',
      summary: `Revoked the API key “${revoked.name}”: it no longer works.`,
      vendorId,
    });
  });
  return null;
}

export const isApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);

/** Requests each key made in the current minute, in this process. */
const windows = new Map<string, { minute: number; count: number }>();

function countRequest(keyId: string, now: Date): void {
  const minute = Math.floor(now.getTime() / 60_000);
  const window = windows.get(keyId);
  const count = window?.minute === minute ? window.count + 1 : 1;
  windows.set(keyId, { minute, count });
  if (count > API_KEY_REQUESTS_PER_MINUTE) {
    throw new AppError(
      'RATE_LIMITED',
      `This API key made more than ${API_KEY_REQUESTS_PER_MINUTE} requests this minute: wait a moment and try again.`,
    );
  }
}

/**
 * The caller an API key stands for on this route: the key's business with the role its scope gives
 * (read-write: Admin; read: User, and only reads), named after the key in the activity history.
 * Refused with a sentence on any route a key may not call.
 */
export async function callerFromApiKey(
  deps: Deps,
  token: string,
  route: { url: string; method: string; vendorScoped: boolean },
): Promise<Caller | null> {
  const row = await findLiveApiKey(deps.database.db, hashOf(token));
  if (!row) return null;
  if (!acceptsApiKeys(route.url)) {
    // A route outside a vendor documents no 403: there the key is not a way in at all.
    throw new AppError(
      route.vendorScoped ? 'FORBIDDEN' : 'UNAUTHENTICATED',
      'API keys work on the automation routes (/api/vendor/{vendorId}/Trigger…) only; sign in to use this one.',
    );
  }
  if (row.scope === 'read' && !READ_METHODS.includes(route.method)) {
    throw new AppError(
      'FORBIDDEN',
      `The API key “${row.name}” is read-only: use a read-and-write key to make changes.`,
    );
  }
  const now = deps.clock.now();
  countRequest(row.id, now);
  await noteApiKeyUse(deps.database.db, row.id, now);
  const vendor = await findVendor(deps.database.db, row.vendorId);
  if (!vendor) return null;
  const membership: VendorMembership = {
    vendorId: vendor.id,
    name: vendor.name,
    role: row.scope === 'read-write' ? 'Admin' : 'User',
    sm8Connected: vendor.sm8Connected,
  };
  return {
    id: row.createdByUserId,
    email: '',
    firstName: 'API key',
    lastName: `“${row.name}”`,
    userName: `api-key:${row.id}`,
    roles: [],
    isSuperAdmin: false,
    memberships: [membership],
    sessionId: `api-key:${row.id}`,
    sessionVendorId: vendor.id,
  };
}
