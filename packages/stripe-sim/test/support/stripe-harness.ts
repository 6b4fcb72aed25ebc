import { createServer } from 'node:http';
import Stripe from 'stripe';
import { afterEach } from 'vitest';
import { buildStripeSim, type StripeSim, type StripeSimOptions } from '../../src/stripe-sim.ts';

const running: Array<() => Promise<void>> = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((close) => close()));
});

/** The real Stripe SDK pointed at a URL, as the server points it at STRIPE_API_URL. */
export function stripeClientFor(baseUrl: string, key: string): Stripe {
  const url = new URL(baseUrl);
  return new Stripe(key, {
    host: url.hostname,
    port: Number(url.port),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 0,
  });
}

/** A simulator on an ephemeral port, closed after the test, with the SDK talking to it. */
export async function startStripeSim(
  options: StripeSimOptions = {},
): Promise<{ sim: StripeSim; stripe: Stripe; baseUrl: string }> {
  const sim = buildStripeSim(options);
  running.push(() => sim.close());
  const baseUrl = await sim.listen();
  return { sim, stripe: stripeClientFor(baseUrl, sim.secretKey), baseUrl };
}

export type Received = { body: string; signature: string };

/** An HTTP endpoint that keeps every webhook delivery (raw body and Stripe-Signature header). */
export async function startReceiver(): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(request.headers['stripe-signature']),
      });
      response.writeHead(200).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  running.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/webhook`, received };
}

/** A subscription plan: a product with a monthly price in NZD cents. */
export async function createPlan(
  stripe: Stripe,
  name: string,
  monthlyCents: number,
  interval: 'month' | 'year' = 'month',
) {
  const product = await stripe.products.create({ name, metadata: { plan: name } });
  const price = await stripe.prices.create({
    product: product.id,
    unit_amount: monthlyCents,
    currency: 'nzd',
    recurring: { interval },
  });
  return { product, price };
}

/** Submits the hosted checkout page's form as a browser would. */
export async function submitCheckout(url: string, cardNumber: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber, expiry: '12 / 34', cvc: '123', name: 'Pat Buyer' }),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}
