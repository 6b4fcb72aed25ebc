import type { Simulator } from '@automate/servicem8-sim';
import type { Deps } from '../../src/deps.ts';
import { connectWithTokens } from '../../src/modules/servicem8/connect.service.ts';

/**
 * Connects the vendor to the simulator's account with a token the simulator issues, as the OAuth
 * callback would once consent is given; answers the issued tokens.
 */
export async function connectToSimulator(deps: Deps, vendorId: string, sim: Simulator) {
  const issued = sim.controls.issueToken();
  await connectWithTokens(deps, vendorId, sim.info().accountUuid, {
    accessToken: issued.access_token,
    refreshToken: issued.refresh_token,
    expiresAt: new Date(deps.clock.now().getTime() + issued.expires_in * 1000),
    scope: typeof issued.scope === 'string' ? issued.scope : '',
  });
  return issued;
}
