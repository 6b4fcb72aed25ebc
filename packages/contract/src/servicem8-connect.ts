import { z } from 'zod';

/**
 * Connecting a ServiceM8 account (the /sm8 pages):
 * 1. The browser goes to `GET /api/Auth/login/servicem8`, which redirects to ServiceM8's consent page.
 * 2. ServiceM8 sends the browser to `GET /api/Auth/servicem8/callback?code&state`; the server exchanges
 *    the code and redirects to `/sm8/activate?connection=<id>` (or `/sm8/activate?error=<sentence>`).
 * 3. The activate page reads `GET /api/Auth/servicem8/vendors?connection=<id>` and the person picks the
 *    account to activate: `POST /api/Auth/servicem8/complete` signs them in (a `UserSession`), connects
 *    the vendor (webhooks, reference data), and the page goes to `/sm8/activated`.
 * 4. Opened from inside ServiceM8 (an add-on link), `/sm8/autologin?token=<jwt>` calls
 *    `GET /api/Auth/servicem8/tokenlogin?token=<jwt>`; the session is marked automatic.
 */

export const Sm8AccountChoice = z.object({
  accountUuid: z.string(),
  name: z.string(),
  /** The vendor already connected to this account, if any. */
  vendorId: z.uuid().nullable(),
  /** Already connected and active: completing signs in and re-syncs. */
  connected: z.boolean(),
});
export type Sm8AccountChoice = z.infer<typeof Sm8AccountChoice>;

export const Sm8ConnectionCandidates = z.object({
  staff: z.object({ email: z.string(), firstName: z.string(), lastName: z.string() }),
  accounts: z.array(Sm8AccountChoice),
  /** When the pending connection stops being usable (ISO 8601). */
  expiresAt: z.iso.datetime(),
});
export type Sm8ConnectionCandidates = z.infer<typeof Sm8ConnectionCandidates>;

export const Sm8ConnectionQuery = z.object({ connection: z.string().min(1, 'connection is required.') });

export const CompleteSm8ConnectionRequest = z.object({
  connection: z.string().min(1, 'connection is required.'),
  accountUuid: z.string().min(1, 'Choose the ServiceM8 account to connect.'),
});

export const Sm8TokenLoginQuery = z.object({ token: z.string().min(1, 'token is required.') });
