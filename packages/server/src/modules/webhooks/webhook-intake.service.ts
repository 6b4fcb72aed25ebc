import { createHash, timingSafeEqual } from 'node:crypto';
import { Sm8EventDelivery, Sm8ObjectDelivery } from '@automate/contract';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { webhookSecretOf } from '../servicem8/sm8-access.ts';
import { processDeliveryJob } from './webhooks.jobs.ts';
import { insertInboxDelivery, reopenProcessedDelivery } from './webhooks.repository.ts';

/**
 * The vendor id exactly as the callback URL we registered spells it (lower case): PostgreSQL would also
 * find the vendor under another spelling, and that spelling would make the same delivery look new.
 */
const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** ServiceM8 sends a delivery per change or a few; more records than this in one is not ServiceM8. */
export const MAX_DELIVERY_ENTRIES = 100;

/** ServiceM8 does not sign deliveries: the callback URL carries a per-vendor secret instead. */
export async function assertCallbackSecret(deps: Deps, vendorId: string | undefined, secret: string | undefined) {
  const refuse = () => new AppError('UNAUTHENTICATED', 'This webhook callback URL is not valid.');
  if (!vendorId || !secret || !CANONICAL_UUID.test(vendorId)) throw refuse();
  const expected = await webhookSecretOf(deps, vendorId);
  const given = Buffer.from(secret);
  if (!expected || given.length !== Buffer.from(expected).length || !timingSafeEqual(given, Buffer.from(expected))) {
    throw refuse();
  }
  return vendorId;
}

/**
 * Stores a delivery in the inbox and queues its processing in one transaction, so an accepted
 * delivery is never lost; the same delivery again (ServiceM8 retries) is recognised and ignored.
 */
export async function acceptDelivery(
  deps: Deps,
  vendorId: string,
  body: unknown,
): Promise<{ inboxId: string | null; duplicate: boolean }> {
  const objectDelivery = Sm8ObjectDelivery.safeParse(body);
  const eventDelivery = objectDelivery.success ? undefined : Sm8EventDelivery.safeParse(body);
  const topic = objectDelivery.success
    ? objectDelivery.data.object.toLowerCase()
    : eventDelivery?.success
      ? eventDelivery.data.type
      : undefined;
  if (!topic) {
    throw new AppError(
      'VALIDATION_FAILED',
      'This is not a ServiceM8 webhook delivery: expected {object, entry} or {type, data}.',
    );
  }
  const entries = objectDelivery.success ? objectDelivery.data.entry.length : 0;
  if (entries > MAX_DELIVERY_ENTRIES) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `A delivery may name at most ${MAX_DELIVERY_ENTRIES} records; this one names ${entries}.`,
    );
  }
  const payload = body as Record<string, unknown>;
  const dedupeKey = createHash('sha256')
    .update(`${vendorId}\n${canonicalJson(payload)}`)
    .digest('hex');
  // On the app's clock, like the snapshots' read times it is compared with when processed.
  const receivedAt = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    const inboxId = await insertInboxDelivery(tx, { vendorId, dedupeKey, topic, payload, receivedAt });
    if (!inboxId) {
      // An object delivery names only fields and a time to the second, so two real changes of the
      // same field within a second look identical: once the first was processed, the record is read
      // again. Reading again is harmless (the snapshot comparison finds nothing new for a true repeat).
      const reopened = objectDelivery.success ? await reopenProcessedDelivery(tx, dedupeKey, receivedAt) : undefined;
      if (reopened) await deps.queue.send(processDeliveryJob, { inboxId: reopened, vendorId }, { tx });
      return { inboxId: null, duplicate: true };
    }
    await deps.queue.send(processDeliveryJob, { inboxId, vendorId }, { tx });
    return { inboxId, duplicate: false };
  });
}

/** JSON with object keys sorted, so the same delivery always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
