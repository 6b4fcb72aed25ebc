import type { AssumptionChoices } from '../assumptions.ts';
import type { RecordChange } from '../objects/change-feed.ts';
import { presentRecord } from '../objects/form-field-data.ts';
import { findObjectType } from '../objects/object-types.ts';
import type { SimRecord } from '../objects/record-store.ts';
import { formatUtcDateTime } from '../time/account-time.ts';
import type { Clock } from '../time/sim-clock.ts';
import { encodeBody, eventBody, type SimEvent } from './delivery-format.ts';
import type { Subscription, SubscriptionStore } from './subscription-store.ts';
import { deriveEvents, type EventName } from './webhook-events.ts';

export type { SimEvent } from './delivery-format.ts';

type WebhookSettings = {
  /** A callback must answer 2xx within this (10 s). */
  timeoutMs: number;
  /** Consecutive failures that deactivate a subscription (the real number is not documented). */
  maxConsecutiveFailures: number;
};

/** One attempt to POST to a callback (GET /__sim/deliveries). */
export type DeliveryRecord = {
  id: number;
  subscriptionId: string;
  kind: 'object' | 'event' | 'challenge';
  url: string;
  /** The body as JSON (a form-encoded delivery: its fields, before encoding). */
  body: unknown;
  /** The Content-Type header it was sent with; null when it had none. */
  contentType: string | null;
  at: string;
  status: number | null;
  ok: boolean | null;
  error: string | null;
  durationMs: number | null;
};

type ChallengeResult = { ok: true } | { ok: false; reason: string };

export type WebhookDispatcher = {
  handleChange(change: RecordChange): void;
  /** Delivers an event to its subscribers as if the platform raised it. */
  raiseEvent(type: EventName, data: SimRecord | Record<string, unknown>): void;
  /** POSTs `mode=subscribe&challenge=…` and checks the body echoes it. */
  challenge(callbackUrl: string): Promise<ChallengeResult>;
  deliveries(): DeliveryRecord[];
  clearDeliveries(): void;
  /** Resolves when every queued delivery has finished. */
  idle(): Promise<void>;
  close(): void;
};

export type DispatcherDeps = {
  subscriptions: SubscriptionStore;
  clock: Clock;
  settings: WebhookSettings;
  /** The readings of undocumented behaviour in force now (they change at run time). */
  assumptions(): AssumptionChoices;
  /** The app's secret (it signs one event layout). */
  appSecret(appId: string): string;
  /** The simulator's public base URL (for `resource_url`). */
  baseUrl(): string;
};

/** A delivery waiting its turn: an object delivery's body, or an event shaped when it is sent. */
type Pending = { kind: 'object'; body: Record<string, unknown> } | { kind: 'event'; event: SimEvent };

const MAX_DELIVERIES = 5_000;

export function createWebhookDispatcher(deps: DispatcherDeps): WebhookDispatcher {
  const closing = new AbortController();
  const queues = new Map<string, Promise<void>>();
  let log: DeliveryRecord[] = [];
  let nextId = 1;

  const record = (
    entry: Omit<DeliveryRecord, 'id' | 'at' | 'status' | 'ok' | 'error' | 'durationMs'>,
  ): DeliveryRecord => {
    const delivery: DeliveryRecord = {
      ...entry,
      id: nextId++,
      at: deps.clock.now().toISOString(),
      status: null,
      ok: null,
      error: null,
      durationMs: null,
    };
    log.push(delivery);
    if (log.length > MAX_DELIVERIES) log = log.slice(-MAX_DELIVERIES);
    return delivery;
  };

  /** POSTs once; fills in the delivery's outcome and returns the response text when it was 2xx. */
  const post = async (delivery: DeliveryRecord, init: RequestInit): Promise<string | undefined> => {
    const started = performance.now();
    try {
      const response = await fetch(delivery.url, {
        ...init,
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.any([AbortSignal.timeout(deps.settings.timeoutMs), closing.signal]),
      });
      const text = await response.text();
      delivery.status = response.status;
      delivery.ok = response.status >= 200 && response.status < 300;
      if (!delivery.ok) delivery.error = `HTTP ${response.status}`;
      return delivery.ok ? text : undefined;
    } catch (error) {
      delivery.ok = false;
      const name = error instanceof Error ? error.name : '';
      delivery.error =
        name === 'TimeoutError'
          ? `Timed out after ${deps.settings.timeoutMs} ms`
          : error instanceof Error
            ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}`
            : String(error);
      return undefined;
    } finally {
      delivery.durationMs = Math.round(performance.now() - started);
    }
  };

  /** Shapes and encodes the delivery with the assumptions in force as it is sent, then POSTs it. */
  const deliver = async (subscriptionId: string, pending: Pending): Promise<void> => {
    const subscription = deps.subscriptions.get(subscriptionId);
    if (subscription?.status !== 'active' || closing.signal.aborted) return;
    const assumptions = deps.assumptions();
    const body =
      pending.kind === 'object'
        ? pending.body
        : eventBody(assumptions.eventBodyLayout, pending.event, deps.appSecret(subscription.appId));
    const encoded = encodeBody(assumptions.deliveryContentType, body);
    const delivery = record({
      subscriptionId,
      kind: pending.kind,
      url: subscription.callbackUrl,
      body,
      contentType: encoded.headers['content-type'] ?? null,
    });
    await post(delivery, encoded);
    if (closing.signal.aborted) return;
    if (delivery.ok) {
      subscription.consecutiveFailures = 0;
      return;
    }
    subscription.consecutiveFailures += 1;
    subscription.lastFailureReason = delivery.error;
    subscription.lastFailureAt = formatUtcDateTime(deps.clock.now());
    if (subscription.consecutiveFailures >= deps.settings.maxConsecutiveFailures) subscription.status = 'inactive';
  };

  const enqueue = (subscription: Subscription, pending: Pending) => {
    const previous = queues.get(subscription.id) ?? Promise.resolve();
    const next = previous.then(() => deliver(subscription.id, pending));
    queues.set(subscription.id, next);
    void next.finally(() => {
      if (queues.get(subscription.id) === next) queues.delete(subscription.id);
    });
  };

  const sendEvent = (event: { type: EventName; data: SimRecord | Record<string, unknown> }) => {
    const targets = deps.subscriptions
      .list({ status: 'active' })
      .filter((sub) => sub.kind === 'event' && sub.event === event.type);
    if (targets.length === 0) return;
    const simEvent: SimEvent = {
      id: crypto.randomUUID(),
      type: event.type,
      createdAt: deps.clock.now().toISOString(),
      data: presentRecord(
        event.type.startsWith('form.') ? 'formresponse' : '',
        deps.assumptions().formFieldDataLayout,
        structuredClone(event.data),
      ),
    };
    for (const subscription of targets) enqueue(subscription, { kind: 'event', event: simEvent });
  };

  return {
    handleChange: (change) => {
      const time = formatUtcDateTime(change.at);
      for (const subscription of deps.subscriptions.list({ status: 'active' })) {
        if (subscription.kind !== 'object' || findObjectType(subscription.object ?? '')?.name !== change.object)
          continue;
        const changed =
          subscription.fields.length === 0
            ? change.changedFields
            : change.changedFields.filter((field) => subscription.fields.includes(field));
        if (changed.length === 0) continue;
        const displayName = findObjectType(change.object)?.displayName ?? change.object;
        enqueue(subscription, {
          kind: 'object',
          body: {
            object: change.object,
            entry: [{ uuid: change.after.uuid, changed_fields: changed, time }],
            resource_url: `${deps.baseUrl()}/api_1.0/${displayName}/${change.after.uuid}.json`,
          },
        });
      }
      for (const event of deriveEvents(change)) sendEvent(event);
    },
    raiseEvent: (type, data) => sendEvent({ type, data }),
    challenge: async (callbackUrl) => {
      const challenge = crypto.randomUUID().replaceAll('-', '');
      const delivery = record({
        subscriptionId: '',
        kind: 'challenge',
        url: callbackUrl,
        body: { mode: 'subscribe', challenge },
        contentType: 'application/x-www-form-urlencoded',
      });
      const text = await post(delivery, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ mode: 'subscribe', challenge }).toString(),
      });
      if (text === undefined) return { ok: false, reason: delivery.error ?? 'no answer' };
      if (text !== challenge) {
        delivery.ok = false;
        delivery.error = 'The response body was not the challenge value';
        return { ok: false, reason: delivery.error };
      }
      return { ok: true };
    },
    deliveries: () => [...log],
    clearDeliveries: () => {
      log = [];
    },
    idle: async () => {
      while (queues.size > 0) await Promise.allSettled([...queues.values()]);
    },
    close: () => closing.abort(),
  };
}
