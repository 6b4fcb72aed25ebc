import { createHmac } from 'node:crypto';

/**
 * The `Stripe-Signature` header Stripe sends: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload"
 * keyed with the endpoint's signing secret>`. The SDK's `webhooks.constructEvent` checks exactly this.
 */
export function signWebhookPayload(payload: string, secret: string, timestampSeconds: number): string {
  const signature = createHmac('sha256', secret).update(`${timestampSeconds}.${payload}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}
