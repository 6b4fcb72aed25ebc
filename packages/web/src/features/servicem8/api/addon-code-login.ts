import { type Sm8AddonCodeRequest, Sm8SignInOutcome } from '@automate/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';

/**
 * `POST /api/Auth/servicem8/addon/code`: the one-time code of ServiceM8's add-on window signs in the user
 * who linked the staff member's login (the session is then marked automatic), or answers `LinkNeeded`. The code
 * works once, so it is sent once.
 */
function addonCodeLogin(input: Sm8AddonCodeRequest): Promise<Sm8SignInOutcome> {
  return apiPost('/Auth/servicem8/addon/code', Sm8SignInOutcome, { body: input });
}

export function useAddonCodeLogin() {
  return useMutation({ mutationFn: addonCodeLogin });
}
