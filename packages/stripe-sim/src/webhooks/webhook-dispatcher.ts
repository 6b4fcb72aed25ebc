import type { StripeEvent } from '../objects/stripe-objects.ts';
import { signWebhookPayload } from './signature.ts';

export type WebhookEndpoint = { url: string; secret: string };
export type Delivery = { eventId: string; type: string; status: number | null; error: string | null };

/**
 * Sends each event to the webhook endpoint, one at a time in the order they happened, signed with the
 * endpoint's secret at the moment of sending. A failed delivery is recorded and not retried (Stripe
 * retries for three days; a test replays events itself when it wants that).
 */
export function createWebhookDispatcher(nowMs: () => number) {
  let endpoint: WebhookEndpoint | undefined;
  let chain: Promise<void> = Promise.resolve();
  const deliveries: Delivery[] = [];
  let closed = false;

  async function send(event: StripeEvent, target: WebhookEndpoint): Promise<void> {
    const payload = JSON.stringify(event, null, 2);
    const header = signWebhookPayload(payload, target.secret, Math.floor(nowMs() / 1000));
    try {
      const response = await fetch(target.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      deliveries.push({ eventId: event.id, type: event.type, status: response.status, error: null });
    } catch (error) {
      deliveries.push({
        eventId: event.id,
        type: event.type,
        status: null,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  return {
    setEndpoint(next: WebhookEndpoint | undefined) {
      endpoint = next;
    },
    endpoint: () => endpoint,
    dispatch(event: StripeEvent) {
      const target = endpoint;
      if (!target || closed) return;
      chain = chain.then(() => (closed ? undefined : send(event, target)));
    },
    /** Resolves when every event raised so far has been delivered (or failed). */
    settled: () => chain,
    deliveries: () => [...deliveries],
    close() {
      closed = true;
    },
  };
}

export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>;
