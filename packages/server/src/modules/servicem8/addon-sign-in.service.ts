import { type Sm8SignInOutcome, Sm8Staff } from '@automate/contract';
import { jwtVerify } from 'jose';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { hashOneTimeToken, newOneTimeToken } from '../auth/one-time-tokens.ts';
import { findLinkedIdentity, isPlatformStaff, refusePlatformStaff } from '../auth/sm8-identities.service.ts';
import { findUser, findUserWithEmail } from '../users/users.service.ts';
import { findVendor } from '../vendors/vendors.service.ts';
import { invalidEventWindow, notConnectedWindow, openAutomateWindow } from './addon-window.ts';
import { signLinkClaim } from './link-claims.ts';
import { findConnectionByAccount, insertAddonCode, takeAddonCode } from './servicem8.repository.ts';
import { requireSm8App, sm8ClientForVendor } from './sm8-access.ts';
import { createUserForIdentity, ensureMembership, signedIn, signInNeeded, toOutcome } from './sm8-sign-in-rules.ts';

/** An add-on event token older than this is refused, so a token seen once cannot sign in later. */
const MAX_EVENT_AGE_SECONDS = 10 * 60;
/** Clocks differ a little between ServiceM8 and us. */
const CLOCK_SKEW_SECONDS = 60;
/** How long the add-on window's button signs in: long enough to press it, short enough to be worthless later. */
export const ADDON_CODE_MINUTES = 2;

const AddonEvent = z.looseObject({
  auth: z.looseObject({ accountUUID: z.string().min(1).max(100), staffUUID: z.string().min(1).max(100) }),
});

/** The ServiceM8 sign-in an add-on event names. */
type AddonIdentity = { accountUuid: string; staffUuid: string };

const INVALID = 'This ServiceM8 link is not valid or has expired. Open Automate from ServiceM8 again.';
const NOT_CONNECTED = 'This ServiceM8 account is not connected to Automate yet. An Admin can connect it first.';

/** The account and staff member of an add-on event JWT: HS256 with the app secret, at most 10 minutes old. */
async function readAddonEvent(deps: Deps, token: string): Promise<AddonIdentity> {
  const app = requireSm8App(deps);
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(app.appSecret), {
      algorithms: ['HS256'],
      currentDate: deps.clock.now(),
      requiredClaims: ['iat'],
      maxTokenAge: MAX_EVENT_AGE_SECONDS,
      clockTolerance: CLOCK_SKEW_SECONDS,
    });
    const event = AddonEvent.parse(payload);
    return { accountUuid: event.auth.accountUUID, staffUuid: event.auth.staffUUID };
  } catch {
    throw new AppError('UNAUTHENTICATED', INVALID);
  }
}

async function connectedVendorOf(deps: Deps, accountUuid: string): Promise<{ id: string; name: string } | null> {
  const connection = await findConnectionByAccount(deps.database.db, accountUuid);
  const vendor = connection ? await findVendor(deps.database.db, connection.vendorId) : undefined;
  return vendor ? { id: vendor.id, name: vendor.name } : null;
}

/**
 * Opened from inside ServiceM8 with an add-on event JWT (HS256, signed with the app secret), which
 * names the account and the staff member. Signs in the user linked to that identity; a first sign-in
 * creates a user when no Automate user has the staff member's email, and otherwise asks the person to
 * prove the existing account. The web app marks the session automatic.
 */
export async function tokenLogin(deps: Deps, token: string): Promise<Sm8SignInOutcome> {
  return signInAddonIdentity(deps, await readAddonEvent(deps, token));
}

/** What the add-on window offers: the button, or why there is none. */
export type AddonWindow = { html: string; shows: 'button' | 'invalid-event' | 'not-connected' };

/**
 * ServiceM8 POSTed an add-on event (`jwt` undefined when the body held none). The answer is the add-on
 * window's HTML: for a valid event of a connected account, a button that opens Automate with a one-time
 * code bound to the event's account and staff member (stored as SHA-256, used once, valid
 * ADDON_CODE_MINUTES); otherwise a page saying why, since ServiceM8 shows an empty window for an error.
 */
export async function answerAddonEvent(deps: Deps, jwt: string | undefined): Promise<AddonWindow> {
  let identity: AddonIdentity;
  try {
    identity = await readAddonEvent(deps, jwt ?? '');
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'UNAUTHENTICATED') throw error;
    return { html: invalidEventWindow(), shows: 'invalid-event' };
  }
  const vendor = await connectedVendorOf(deps, identity.accountUuid);
  if (!vendor) return { html: notConnectedWindow(deps.config.publicUrl), shows: 'not-connected' };
  const now = deps.clock.now();
  const { token: code, tokenHash } = newOneTimeToken();
  await insertAddonCode(
    deps.database.db,
    { codeHash: tokenHash, ...identity, expiresAt: new Date(now.getTime() + ADDON_CODE_MINUTES * 60_000) },
    now,
  );
  const html = openAutomateWindow({
    signInUrl: `${deps.config.publicUrl}/sm8/addon?${new URLSearchParams({ code }).toString()}`,
    businessName: vendor.name,
    codeMinutes: ADDON_CODE_MINUTES,
  });
  return { html, shows: 'button' };
}

/** The add-on window's button: its code, used up here, signs in as `tokenLogin` does for the event's identity. */
export async function addonCodeLogin(deps: Deps, code: string): Promise<Sm8SignInOutcome> {
  const identity = await takeAddonCode(deps.database.db, hashOneTimeToken(code), deps.clock.now());
  if (!identity) throw new AppError('UNAUTHENTICATED', INVALID);
  return signInAddonIdentity(deps, identity);
}

/** The sign-in of the identity an add-on event named: its linked user, a new user, or `SignInNeeded`. */
async function signInAddonIdentity(deps: Deps, identity: AddonIdentity): Promise<Sm8SignInOutcome> {
  const vendor = await connectedVendorOf(deps, identity.accountUuid);
  if (!vendor) throw new AppError('NOT_FOUND', NOT_CONNECTED);

  const linked = await findLinkedIdentity(deps.database.db, identity);
  if (linked) {
    const user = await findUser(deps.database.db, linked.userId);
    if (!user) throw new AppError('UNAUTHENTICATED', INVALID);
    if (isPlatformStaff(user)) throw refusePlatformStaff();
    await deps.database.db.transaction((tx) => ensureMembership(tx, user, vendor.id, 'User'));
    return toOutcome(deps, signedIn(user, vendor, true));
  }

  const client = await sm8ClientForVendor(deps, vendor.id);
  const staff = await client.get('staff', identity.staffUuid, Sm8Staff);
  if (!staff?.email) throw new AppError('NOT_FOUND', 'ServiceM8 did not tell us who you are.');
  const person = {
    ...identity,
    accountName: vendor.name,
    email: staff.email.trim(),
    firstName: staff.first || staff.email,
    lastName: staff.last,
  };
  if (await findUserWithEmail(deps.database.db, person.email)) {
    const claim = await signLinkClaim(
      deps.keys.sessionSigningKey,
      {
        kind: 'addon',
        accountUuid: person.accountUuid,
        staffUuid: person.staffUuid,
        accountName: person.accountName,
        vendorId: vendor.id,
        staffEmail: person.email,
        staffFirstName: person.firstName,
        staffLastName: person.lastName,
      },
      deps.clock.now(),
    );
    return signInNeeded(person.email, claim);
  }
  const user = await deps.database.db.transaction(async (tx) => {
    const created = await createUserForIdentity(tx, deps, person);
    await ensureMembership(tx, created, vendor.id, 'User');
    return created;
  });
  return toOutcome(deps, signedIn(user, vendor, true));
}
