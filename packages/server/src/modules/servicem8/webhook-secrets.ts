import { createHash, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { webhookSecretOf } from './sm8-access.ts';

/**
 * Checking the secret in a webhook callback URL without reading the connection (and decrypting the
 * secret) for every delivery: each process keeps the SHA-256 of each vendor's secret it has read.
 *
 * - A copy is trusted for TRUST_MS: a secret changed by another process is accepted here at once
 *   (a secret that does not match the copy is read again before it is refused), and the old one is
 *   refused within TRUST_MS (after that the copy is read again, even when it matches).
 * - A change in this process (`forgetWebhookSecret`, called once the new connection is committed) drops
 *   the copy at once, and a read that began before it does not put its (maybe old) answer back.
 * - Only connected vendors' secrets are kept, so the copies are bounded by the vendors; a refused or
 *   unknown vendor costs one read, as every delivery did before.
 * Hashes, not secrets, are kept and compared, in constant time.
 */
const TRUST_MS = 30_000;

type Copy = { hash: Buffer; readAt: number };
/** The copies, and how many times each vendor's was forgotten (a read keeps its answer only if unchanged). */
type Copies = { byVendor: Map<string, Copy>; forgotten: Map<string, number> };
/** One set of copies per database (tests run several servers in one process). */
const copiesByDatabase = new WeakMap<Database, Copies>();

function copiesOf(deps: Deps): Copies {
  let copies = copiesByDatabase.get(deps.database);
  if (!copies) {
    copies = { byVendor: new Map(), forgotten: new Map() };
    copiesByDatabase.set(deps.database, copies);
  }
  return copies;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** The SHA-256 of a secret given in a callback URL, to check later (`isWebhookSecretHash`) without keeping it. */
export const webhookSecretSha256 = (given: string): string => sha256(given).toString('hex');

/** Whether `given` is the secret of the vendor's webhook callback URL (false when not connected). */
export function isWebhookSecret(deps: Deps, vendorId: string, given: string): Promise<boolean> {
  return isWebhookSecretHash(deps, vendorId, sha256(given));
}

/** Whether a secret's SHA-256 (`webhookSecretSha256`) is that of the vendor's callback URL secret. */
export async function isWebhookSecretHash(deps: Deps, vendorId: string, given: Buffer | string): Promise<boolean> {
  const { byVendor: copies, forgotten } = copiesOf(deps);
  const givenHash = typeof given === 'string' ? Buffer.from(given, 'hex') : given;
  if (givenHash.length !== 32) return false;
  const now = deps.clock.now().getTime();
  const copy = copies.get(vendorId);
  if (copy && now - copy.readAt < TRUST_MS && now >= copy.readAt && timingSafeEqual(copy.hash, givenHash)) {
    return true;
  }
  // Unknown, out of date or different: read it again before answering.
  const forgottenBefore = forgotten.get(vendorId) ?? 0;
  const secret = await webhookSecretOf(deps, vendorId);
  const unchanged = (forgotten.get(vendorId) ?? 0) === forgottenBefore;
  if (secret === undefined) {
    if (unchanged) copies.delete(vendorId);
    return false;
  }
  const fresh = { hash: sha256(secret), readAt: now };
  if (unchanged) copies.set(vendorId, fresh);
  return timingSafeEqual(fresh.hash, givenHash);
}

/** Drops this process's copy of the vendor's secret: the connection (and maybe its secret) changed. */
export function forgetWebhookSecret(deps: Deps, vendorId: string): void {
  const { byVendor, forgotten } = copiesOf(deps);
  byVendor.delete(vendorId);
  forgotten.set(vendorId, (forgotten.get(vendorId) ?? 0) + 1);
}
