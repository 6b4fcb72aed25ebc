import { createHash, randomUUID } from 'node:crypto';
import { isDatabaseUnavailable } from '../../db/database-errors.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { inSpan, withTraceContext } from '../../observability/tracing.ts';
import { isWebhookSecret, webhookSecretSha256 } from '../servicem8/webhook-secrets.ts';
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

/** ServiceM8's deliveries are a few hundred bytes; a body near this (the callback's or a test's) is not a delivery. */
export const MAX_DELIVERY_BYTES = 64 * 1024;

/**
 * Sent with a 503 when nothing could keep a delivery, for callers that send again. ServiceM8 does not:
 * the vendor's catch-up reads the change instead (`RefusedDeliveries`).
 */
const RETRY_AFTER_SECONDS = 30;

/**
 * The caller of a callback URL: the vendor, and whether its secret was checked. While the database is
 * away the secret cannot always be checked (this process may hold no copy of it): the delivery is then
 * kept with the secret's hash, and checked when the database is back.
 */
export type CallbackCaller = { vendorId: string; unverifiedSecretSha256?: string };

/**
 * ServiceM8 does not sign deliveries: the callback URL carries a per-vendor secret instead, checked
 * against this process's copy of it (`isWebhookSecret`: read again when out of date or different).
 */
export async function checkCallbackSecret(
  deps: Deps,
  vendorId: string | undefined,
  secret: string | undefined,
): Promise<CallbackCaller> {
  const refuse = () => new AppError('UNAUTHENTICATED', 'This webhook callback URL is not valid.');
  if (!vendorId || !secret || !CANONICAL_UUID.test(vendorId)) throw refuse();
  try {
    if (!(await isWebhookSecret(deps, vendorId, secret))) throw refuse();
    return { vendorId };
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    return { vendorId, unverifiedSecretSha256: webhookSecretSha256(secret) };
  }
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
  caller: CallbackCaller,
  rawBody: string | undefined,
  contentType: string | undefined,
): Promise<CallbackAnswer> {
  const body = decodeBody(rawBody);
  const challenge = challengeOf(body);
  if (challenge !== undefined) {
    // Confirming a subscription for a secret nobody checked would vouch for a URL we cannot vouch for.
    if (caller.unverifiedSecretSha256) throw unavailable();
    return { challenge };
  }
  const delivery = await inSpan('servicem8.delivery', { 'automate.vendor_id': caller.vendorId }, () =>
    acceptDelivery(deps, caller, body, { contentType }),
  );
  return { delivery };
}

function unavailable(): AppError {
  return new AppError(
    'SERVICE_UNAVAILABLE',
    'Automate cannot take deliveries for a moment; send this one again shortly.',
    { retryAfterSeconds: RETRY_AFTER_SECONDS },
  );
}

/**
 * Stores a delivery in the inbox and queues its processing in one statement, so an accepted delivery
 * is never lost; the same delivery again (sent twice, or replayed from the spool) is recognised and ignored. A delivery in
 * no layout we know is stored too (topic `unknown`): its processing reconciles the vendor's account,
 * which finds whatever changed.
 */
export async function acceptDelivery(
  deps: Deps,
  caller: CallbackCaller,
  payload: Record<string, unknown>,
  received: { contentType?: string | undefined } = {},
): Promise<{ inboxId: string | null; duplicate: boolean }> {
  const { vendorId } = caller;
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
  // On the app's clock, like the snapshots' read times it is compared with when processed.
  const delivery = { id: randomUUID(), vendorId, payload, receivedAt: deps.clock.now() };
  if (!caller.unverifiedSecretSha256) {
    try {
      return await storeDelivery(deps, delivery, notice);
    } catch (error) {
      if (error instanceof AppError) throw error;
      deps.logger.warn(
        { err: error, vendorId },
        'The database did not take a ServiceM8 delivery: it is kept in the spool',
      );
    }
  }
  try {
    await deps.deliverySpool.append({
      ...delivery,
      receivedAt: delivery.receivedAt.toISOString(),
      ...(caller.unverifiedSecretSha256 ? { unverifiedSecretSha256: caller.unverifiedSecretSha256 } : {}),
      ...(received.contentType ? { contentType: received.contentType } : {}),
    });
  } catch (error) {
    // ServiceM8 does not send it again: the vendor's account is read for what changed once the database is back.
    deps.refusedDeliveries.remember(vendorId);
    deps.logger.error(
      { err: error, vendorId },
      'A ServiceM8 delivery could be kept neither in the database nor in the spool; it was refused (503)',
    );
    throw unavailable();
  }
  // Stored under this id when the database is back (unless it turns out to be a repeat).
  return { inboxId: delivery.id, duplicate: false };
}

/**
 * Stores a delivery in the inbox and queues its processing, in one statement. Answers the new row's
 * id, or that it is a repeat of one stored before. `notice` is the delivery as read, when the caller
 * has read it already.
 */
export async function storeDelivery(
  deps: Deps,
  delivery: { id: string; vendorId: string; payload: Record<string, unknown>; receivedAt: Date },
  notice = readDelivery(delivery.payload),
): Promise<{ inboxId: string | null; duplicate: boolean }> {
  const { id, vendorId, payload } = delivery;
  const dedupeKey = createHash('sha256')
    .update(`${vendorId}\n${canonicalJson(payload)}`)
    .digest('hex');
  const jobPayload = processDeliveryJob.payload.parse({ inboxId: id, vendorId });
  const stored = await storeAndQueueDelivery(
    deps.database.db,
    {
      id,
      vendorId,
      dedupeKey,
      topic: topicOf(notice),
      payload,
      receivedAt: delivery.receivedAt,
      // An object delivery names only fields and a time to the second, so two real changes of the
      // same field within a second look identical: once the first was processed, the record is read
      // again. Reading again is harmless (the snapshot comparison finds nothing new for a true repeat).
      // A delivery we cannot read says nothing that tells a repeat from a new change either.
      reopen: notice.kind !== 'event',
    },
    {
      definition: processDeliveryJob,
      payload: withTraceContext(jobPayload),
      groupId: processDeliveryJob.vendorOf?.(jobPayload),
      priority: deps.queue.priorityFor(processDeliveryJob, vendorId),
    },
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
