import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bodyFields, stringField } from '../http/body-parsers.ts';
import { principalOf } from '../http/request-state.ts';
import { platformError } from '../http/sm8-error.ts';
import type { SimContext } from '../sim-context.ts';
import { formatUtcDateTime } from '../time/account-time.ts';
import type { Subscription, SubscriptionStatus } from './subscription-store.ts';
import { isEventName } from './webhook-events.ts';

/**
 * The Webhooks API: parameters come form-encoded or in the query string only;
 * a JSON body is not read, so it fails as "Please specify an object for subscription", as reported.
 */
function subscriptionParams(request: FastifyRequest): Record<string, unknown> {
  const contentType = String(request.headers['content-type'] ?? '').toLowerCase();
  const form = contentType.startsWith('application/x-www-form-urlencoded') ? (bodyFields(request.body) ?? {}) : {};
  return { ...(request.query as Record<string, unknown>), ...form };
}

function validCallbackUrl(value: string | undefined): string {
  if (!value) throw platformError(400, 'Please specify a callback_url for subscription');
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError('protocol');
  } catch {
    throw platformError(400, 'callback_url must be a valid URL');
  }
  return value;
}

function uniqueIdOf(params: Record<string, unknown>): string {
  const uniqueId = stringField(params, 'unique_id') ?? '';
  if (uniqueId.length > 100) throw platformError(400, 'unique_id must be at most 100 characters');
  return uniqueId;
}

/** One entry of GET /webhook_subscriptions (full real schema not in the sources; n8n reads `url` and `event`). */
function describeSubscription(subscription: Subscription) {
  return {
    ...(subscription.kind === 'object'
      ? { object: subscription.object, fields: subscription.fields.join(',') }
      : { event: subscription.event }),
    callback_url: subscription.callbackUrl,
    url: subscription.callbackUrl,
    unique_id: subscription.uniqueId,
    status: subscription.status,
    last_failure_reason: subscription.lastFailureReason,
    last_failure_at: subscription.lastFailureAt,
  };
}

/** Challenge handshake for OAuth callers, and for API-key callers when configured. */
async function verifyCallback(context: SimContext, request: FastifyRequest, callbackUrl: string): Promise<void> {
  const principal = principalOf(request);
  if (principal.kind !== 'oauth' && !context.options.webhooks.challengeApiKeyCallers) return;
  const result = await context.dispatcher.challenge(callbackUrl);
  if (!result.ok) throw platformError(400, `The callback_url did not answer the challenge: ${result.reason}`);
}

async function subscribeObject(context: SimContext, request: FastifyRequest) {
  const params = subscriptionParams(request);
  const object = stringField(params, 'object');
  if (!object) throw platformError(400, 'Please specify an object for subscription');
  if (object.length > 64) throw platformError(400, 'object must be at most 64 characters');
  const callbackUrl = validCallbackUrl(stringField(params, 'callback_url'));
  const uniqueId = uniqueIdOf(params);
  const fields = (stringField(params, 'fields') ?? '')
    .split(',')
    .map((field) => field.trim())
    .filter((field) => field.length > 0);
  await verifyCallback(context, request, callbackUrl);
  context.subscriptions.save(
    { kind: 'object', appId: principalOf(request).appId, object, fields, event: null, callbackUrl, uniqueId },
    formatUtcDateTime(context.clock.now()),
  );
  return { success: true, message: 'Subscription saved' };
}

async function subscribeEvent(context: SimContext, request: FastifyRequest) {
  const params = subscriptionParams(request);
  const event = stringField(params, 'event');
  if (!event) throw platformError(400, 'Please specify an event for subscription');
  if (!isEventName(event)) throw platformError(400, `${event} is not a supported event`);
  const callbackUrl = validCallbackUrl(stringField(params, 'callback_url'));
  const uniqueId = uniqueIdOf(params);
  await verifyCallback(context, request, callbackUrl);
  context.subscriptions.save(
    { kind: 'event', appId: principalOf(request).appId, object: null, fields: [], event, callbackUrl, uniqueId },
    formatUtcDateTime(context.clock.now()),
  );
  return { success: true, message: 'Subscription saved' };
}

function listSubscriptions(context: SimContext, request: FastifyRequest) {
  const status = stringField(request.query as Record<string, unknown>, 'status') ?? 'active';
  if (!['active', 'inactive', 'all'].includes(status))
    throw platformError(400, 'status must be active, inactive or all');
  return context.subscriptions
    .list({ appId: principalOf(request).appId, ...(status === 'all' ? {} : { status: status as SubscriptionStatus }) })
    .map(describeSubscription);
}

function unsubscribe(context: SimContext, request: FastifyRequest) {
  const params = subscriptionParams(request);
  const appId = principalOf(request).appId;
  const object = stringField(params, 'object');
  const event = stringField(params, 'event');
  let removed = 0;
  if (object) {
    removed = context.subscriptions.remove(
      (subscription) =>
        subscription.appId === appId &&
        subscription.kind === 'object' &&
        subscription.object?.toLowerCase() === object.toLowerCase(),
    );
  } else if (event) {
    const callbackUrl = stringField(params, 'callback_url');
    const uniqueId = stringField(params, 'unique_id');
    removed = context.subscriptions.remove(
      (subscription) =>
        subscription.appId === appId &&
        subscription.kind === 'event' &&
        subscription.event === event &&
        (callbackUrl === undefined || subscription.callbackUrl === callbackUrl) &&
        (uniqueId === undefined || subscription.uniqueId === uniqueId),
    );
  } else {
    throw platformError(400, 'Please specify an object or an event to unsubscribe');
  }
  if (removed === 0) throw platformError(404, 'No matching subscription');
  return { success: true, message: 'Subscription removed' };
}

/** `/webhook_subscriptions` at the API root (no `/api_1.0`). */
export function registerWebhookRoutes(scope: FastifyInstance, context: SimContext): void {
  scope.get('/webhook_subscriptions', async (request) => listSubscriptions(context, request));
  scope.post('/webhook_subscriptions', async (request) => subscribeObject(context, request));
  scope.post('/webhook_subscriptions/object', async (request) => subscribeObject(context, request));
  scope.post('/webhook_subscriptions/event', async (request) => subscribeEvent(context, request));
  scope.delete('/webhook_subscriptions', async (request) => unsubscribe(context, request));
}
