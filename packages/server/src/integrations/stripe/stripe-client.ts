import Stripe from 'stripe';

/**
 * The Stripe SDK pointed at `apiUrl`: https://api.stripe.com, or the local simulator. Two network
 * retries with the SDK's idempotency keys, so a retried create never makes a second object.
 */
export function createStripeClient(secretKey: string, apiUrl: string): Stripe {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Automate' },
  });
}

export type { Stripe };
