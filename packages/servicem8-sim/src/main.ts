import { asAccount, resolveSeed } from './seed/load-seed.ts';
import { buildSimulator } from './simulator.ts';
import { DEFAULT_APP_ID, DEFAULT_APP_SECRET } from './simulator-options.ts';

/**
 * `npm run sim`: the simulator on its own. Environment: SIM_PORT (4010), SIM_HOST (127.0.0.1),
 * SIM_PUBLIC_URL (the URL others reach it at), SM8_APP_ID / SM8_APP_SECRET (the OAuth app),
 * SIM_SEED (demo | empty), SIM_ACCOUNT_UUID (the seed as another account, to run several side by side),
 * SIM_OAUTH_AUTO_APPROVE (1 = skip the consent page).
 */
async function main(): Promise<void> {
  const port = Number(process.env.SIM_PORT ?? 4010);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`SIM_PORT must be a port number (got "${process.env.SIM_PORT}")`);
  const seed = process.env.SIM_SEED ?? 'demo';
  if (seed !== 'demo' && seed !== 'empty') throw new Error(`SIM_SEED must be demo or empty (got "${seed}")`);
  const accountUuid = process.env.SIM_ACCOUNT_UUID || undefined;
  if (accountUuid && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(accountUuid))
    throw new Error(`SIM_ACCOUNT_UUID must be a lower-case uuid (got "${accountUuid}")`);
  const simulator = buildSimulator({
    seed: accountUuid ? asAccount(resolveSeed(seed, new Date()), accountUuid) : seed,
    appId: process.env.SM8_APP_ID || DEFAULT_APP_ID,
    appSecret: process.env.SM8_APP_SECRET || DEFAULT_APP_SECRET,
    ...(process.env.SIM_PUBLIC_URL ? { publicUrl: process.env.SIM_PUBLIC_URL } : {}),
    oauth: { autoApprove: process.env.SIM_OAUTH_AUTO_APPROVE === '1' },
  });
  const url = await simulator.listen(port, process.env.SIM_HOST ?? '127.0.0.1');
  const info = simulator.info();
  console.info(`ServiceM8 simulator running at ${url}`);
  console.info(`  web page      ${url}/`);
  console.info(`  REST API      ${info.apiBaseUrl}   OAuth  ${url}/oauth/authorize   control  ${url}/__sim`);
  console.info(`  OAuth app     ${info.appId} / ${info.appSecret}`);
  console.info(`  API key       ${info.apiKey}`);
  console.info(`  account       ${info.accountName} (${info.accountUuid})`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    console.info(`${signal} received: stopping the simulator.`);
    simulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('The ServiceM8 simulator could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
