import { createHash, randomUUID } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { isWebhookSecret } from '../servicem8/webhook-secrets.ts';
import { challengeOf, decodeBody, readDelivery, topicOf } from './parse-delivery.ts';
import { processDeliveryJob } from './webhooks.jobs.ts';
import { storeAndQueueDelivery } from './webhooks.repository.ts';

/**
 * The vendor id exactly as the callback URL we registered spells it (lower case): PostgreSQL would also
 * find the vendor under another spelling, and that spelling would make the same delivery look new.
 */
const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** ServiceM8 sends a delivery per change or a few; more records than this in one is not ServiceM8. */
export const MAX_DELIVERY_ENTRIES = 100;

/**
 * ServiceM8 does not sign deliveries: the callback URL carries a per-vendor secret instead, checked
 * against this process's copy of it (`isWebhookSecret`: read again when out of date or different).
 */
export async function assertCallbackSecret(deps: Deps, vendorId: string | undefined, secret: string | undefined) {
  const refuse = () => new AppError('UNAUTHENTICATED', 'This webhook callback URL is not valid.');
  if (!vendorId || !secret || !CANONICAL_UUID.test(vendorId)) throw refuse();
  if (!(await isWebhookSecret(deps, vendorId, secret))) throw refuse();
  return vendorId;
}

/** What the callback answers: the subscription challenge's value, or the stored delivery. */
export type CallbackAnswer = { challenge: string } | { delivery: { inboxId: string | null; duplicate: boolean } };

/**
 * A POST to the callback URL, after its secret passed: the body is read whatever its Content-Type
 * (JSON or form fields); the subscription challenge is answered with its value, anything else is a
 * delivery and stored.
 */
export async function receiveCallback(
  deps: Deps,
  vendorId: string,
  rawBody: string | undefined,
  contentType: string | undefined,
): Promise<CallbackAnswer> {
  const body = decodeBody(rawBody);
  const challenge = challengeOf(body);
  if (challenge !== undefined) return { challenge };
  return { delivery: await acceptDelivery(deps, vendorId, body, { contentType }) };
}

/**
 * Stores a delivery in the inbox and queues its processing in one statement, so an accepted delivery
 * is never lost; the same delivery again (ServiceM8 retries) is recognised and ignored. A delivery in
 * no layout we know is stored too (topic `unknown`): its processing reconciles the vendor's account,
 * which finds whatever changed.
 */
export async function acceptDelivery(
  deps: Deps,
  vendorId: string,
  payload: Record<string, unknown>,
  received: { contentType?: string | undefined } = {},
): Promise<{ inboxId: string | null; duplicate: boolean }> {
  const notice = readDelivery(payload);
  const entries = notice.kind === 'object' ? notice.uuids.length : 0;
  if (entries > MAX_DELIVERY_ENTRIES) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `A delivery may name at most ${MAX_DELIVERY_ENTRIES} records; this one names ${entries}.`,
    );
  }
  if (notice.kind === 'unknown') {
    deps.logger.warn(
      { vendorId, contentType: received.contentType ?? null, fields: Object.keys(payload).slice(0, 20) },
      'A ServiceM8 delivery in no known layout was stored; the account will be reconciled',
    );
  }
  const dedupeKey = createHash('sha256')
    .update(`${vendorId}\n${canonicalJson(payload)}`)
    .digest('hex');
  const id = randomUUID();
  const jobPayload = processDeliveryJob.payload.parse({ inboxId: id, vendorId });
  const stored = await storeAndQueueDelivery(
    deps.database.db,
    {
      id,
      vendorId,
      dedupeKey,
      topic: topicOf(notice),
      payload,
      // On the app's clock, like the snapshots' read times it is compared with when processed.
      receivedAt: deps.clock.now(),
      // An object delivery names only fields and a time to the second, so two real changes of the
      // same field within a second look identical: once the first was processed, the record is read
      // again. Reading again is harmless (the snapshot comparison finds nothing new for a true repeat).
      // A delivery we cannot read says nothing that tells a repeat from a new change either.
      reopen: notice.kind !== 'event',
    },
    { definition: processDeliveryJob, payload: jobPayload, groupId: processDeliveryJob.vendorOf?.(jobPayload) },
  );
  return stored.insertedId ? { inboxId: stored.insertedId, duplicate: false } : { inboxId: null, duplicate: true };
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
