import { buildSimulator, type Simulator } from '@automate/servicem8-sim';
import type { Deps } from '../deps.ts';
import { connectWithTokens } from '../modules/servicem8/connect.service.ts';
import type { Sm8Runtime } from '../modules/servicem8/sm8-access.ts';
import { vendorsOfUser } from '../modules/users/memberships.service.ts';
import { findUserByEmail } from '../modules/users/users.repository.ts';
import { DEMO_ACCOUNTS } from './seed.ts';

/**
 * Demo mode without ServiceM8 credentials: a simulated ServiceM8 runs inside this process, on its
 * own port (its web page lets a person change jobs and watch automations react).
 */
export async function startDemoServiceM8(
  options: { port: number; clock: Deps['clock'] },
  base: Pick<Sm8Runtime, 'http' | 'rateLimits' | 'maxRateWaitMs'> & { scopes: string },
): Promise<{ simulator: Simulator; runtime: Sm8Runtime }> {
  const simulator = buildSimulator({ clock: options.clock });
  const url = await simulator.listen(options.port);
  const info = simulator.info();
  return {
    simulator,
    runtime: {
      ...base,
      apiUrl: url,
      app: { appId: info.appId, appSecret: info.appSecret, oauthUrl: url, scopes: base.scopes },
    },
  };
}

/**
 * Connects the demo vendor to the simulated account with fresh tokens. Done on every start: the
 * simulator keeps nothing between runs, so yesterday's tokens and webhooks are gone.
 */
export async function connectDemoVendor(deps: Deps, simulator: Simulator): Promise<void> {
  const admin = await findUserByEmail(deps.database.db, DEMO_ACCOUNTS.admin.email);
  const vendorId = admin ? (await vendorsOfUser(deps.database.db, admin.id))[0]?.vendorId : undefined;
  if (!vendorId) return;
  const issued = simulator.controls.issueToken();
  await connectWithTokens(deps, vendorId, simulator.info().accountUuid, {
    accessToken: issued.access_token,
    refreshToken: issued.refresh_token,
    expiresAt: new Date(deps.clock.now().getTime() + issued.expires_in * 1000),
    scope: typeof issued.scope === 'string' ? issued.scope : (deps.servicem8.app?.scopes ?? ''),
  });
}
