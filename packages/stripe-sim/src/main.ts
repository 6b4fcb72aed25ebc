import { buildStripeSim, DEFAULT_SECRET_KEY, DEFAULT_WEBHOOK_SECRET } from './stripe-sim.ts';

/**
 * `npm run stripe-sim`: the simulator on its own. Environment: STRIPE_SIM_PORT (4020), STRIPE_SIM_HOST
 * (127.0.0.1), STRIPE_SECRET_KEY (the key callers send), STRIPE_WEBHOOK_URL and STRIPE_WEBHOOK_SECRET
 * (where signed events go).
 */
async function main(): Promise<void> {
  const port = Number(process.env.STRIPE_SIM_PORT ?? 4020);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`STRIPE_SIM_PORT must be a port number (got "${process.env.STRIPE_SIM_PORT}")`);
  const secretKey = process.env.STRIPE_SECRET_KEY || DEFAULT_SECRET_KEY;
  const webhookUrl = process.env.STRIPE_WEBHOOK_URL;
  const sim = buildStripeSim({
    secretKey,
    ...(webhookUrl
      ? { webhook: { url: webhookUrl, secret: process.env.STRIPE_WEBHOOK_SECRET || DEFAULT_WEBHOOK_SECRET } }
      : {}),
  });
  const url = await sim.listen(port, process.env.STRIPE_SIM_HOST ?? '127.0.0.1');
  console.info(`Stripe simulator running at ${url} (API key ${secretKey})`);
  if (webhookUrl) console.info(`  webhooks to ${webhookUrl}`);
  const stop = () => {
    sim.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('The Stripe simulator could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
