import { type FrontDoor, type Simulator, startFrontDoor } from '@automate/servicem8-sim';
import type { Deps } from '../../src/deps.ts';
import { connectWithTokens } from '../../src/modules/servicem8/connect.service.ts';

/**
 * The simulator's front door (several ServiceM8 accounts at one address), plus a way to connect a
 * vendor to one of them without the consent page.
 */
export type Sm8FrontDoor = FrontDoor & {
  /** Connects the vendor to the simulator's account with fresh tokens, as the consent would. */
  connect(deps: Deps, vendorId: string, sim: Simulator): Promise<void>;
};

export async function startSm8FrontDoor(): Promise<Sm8FrontDoor> {
  const door = await startFrontDoor();
  return {
    ...door,
    async connect(deps, vendorId, sim) {
      const issued = sim.controls.issueToken();
      door.learn(sim, issued.access_token, issued.refresh_token);
      await connectWithTokens(deps, vendorId, sim.info().accountUuid, {
        accessToken: issued.access_token,
        refreshToken: issued.refresh_token,
        expiresAt: new Date(deps.clock.now().getTime() + issued.expires_in * 1000),
        scope: typeof issued.scope === 'string' ? issued.scope : '',
      });
    },
  };
}
