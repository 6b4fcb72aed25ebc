import { type Sm8SignInOutcome, Sm8Staff } from '@automate/contract';
import { jwtVerify } from 'jose';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { hashOneTimeToken, newOneTimeToken } from '../auth/one-time-tokens.ts';
import { findLinkedIdentity } from '../users/sm8-identities.service.ts';
import { findUser } from '../users/users.service.ts';
import { findVendor } from '../vendors/vendors.service.ts';
import { type AddonBusiness, addonSession, admitFromServiceM8 } from './addon-access.ts';
import { invalidEventWindow, notConnectedWindow, openAutomateWindow } from './addon-window.ts';
import { signLinkClaim } from './link-claims.ts';
import { findConnectionByAccount, insertAddonCode, takeAddonCode, useAddonEvent } from './servicem8.repository.ts';
import { requireSm8App, sm8ClientForVendor } from './sm8-access.ts';
import { syncedStaffRecord } from './synced-records.service.ts';

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

const UNNAMED_STAFF = 'A ServiceM8 staff member';
const INVALID = 'This ServiceM8 link is not valid or has expired. Open Automate from ServiceM8 again.';
const NOT_CONNECTED = 'This ServiceM8 account is not connected to Automate yet. An Admin can connect it first.';

/**
 * The account and staff member of an add-on event JWT: HS256 with the app secret, at most 10 minutes
 * old, and not used before (each event signs in once; its hash is kept until it is too old anyway).
 */
async function readAddonEvent(deps: Deps, token: string): Promise<AddonIdentity> {
  const app = requireSm8App(deps);
  let identity: AddonIdentity;
  let issuedAt: number;
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(app.appSecret), {
      algorithms: ['HS256'],
      currentDate: deps.clock.now(),
      requiredClaims: ['iat'],
      maxTokenAge: MAX_EVENT_AGE_SECONDS,
      clockTolerance: CLOCK_SKEW_SECONDS,
    });
    const event = AddonEvent.parse(payload);
    identity = { accountUuid: event.auth.accountUUID, staffUuid: event.auth.staffUUID };
    issuedAt = payload.iat ?? 0;
  } catch {
    throw new AppError('UNAUTHENTICATED', INVALID);
  }
  const now = deps.clock.now();
  const expiresAt = new Date((issuedAt + MAX_EVENT_AGE_SECONDS + CLOCK_SKEW_SECONDS) * 1000);
  if (!(await useAddonEvent(deps.database.db, { tokenHash: hashOneTimeToken(token), expiresAt }, now))) {
    throw new AppError('UNAUTHENTICATED', INVALID);
  }
  return identity;
}

async function connectedVendorOf(deps: Deps, accountUuid: string): Promise<AddonBusiness | null> {
  const connection = await findConnectionByAccount(deps.database.db, accountUuid);
  const vendor = connection ? await findVendor(deps.database.db, connection.vendorId) : undefined;
  return vendor ? { id: vendor.id, name: vendor.name, sm8StaffMayJoin: vendor.sm8StaffMayJoin } : null;
}

/**
 * Opened from inside ServiceM8 with an add-on event JWT (HS256, signed with the app secret), which
 * names the account and the staff member. Signs in the user who linked that ServiceM8 login, or asks the
 * person to prove their Automate account and link it. The web app marks the session automatic.
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

/**
 * The sign-in of the ServiceM8 login an add-on event named: the user linked to it, for the business of
 * that ServiceM8 account, if they may use it; otherwise `LinkNeeded`, the same whatever ServiceM8 says
 * about the staff member.
 */
async function signInAddonIdentity(deps: Deps, identity: AddonIdentity): Promise<Sm8SignInOutcome> {
  const business = await connectedVendorOf(deps, identity.accountUuid);
  if (!business) throw new AppError('NOT_FOUND', NOT_CONNECTED);
  const db = deps.database.db;

  const linked = await findLinkedIdentity(db, identity);
  const user = linked ? await findUser(db, linked.userId) : undefined;
  if (user) {
    await db.transaction((tx) => admitFromServiceM8(tx, user, business));
    return addonSession(deps, user, business);
  }
  const claim = {
    ...identity,
    vendorId: business.id,
    accountName: business.name,
    staffName: await staffNameOf(deps, business.id, identity.staffUuid),
  };
  return {
    outcome: 'LinkNeeded',
    claim: await signLinkClaim(deps.keys.sessionSigningKey, claim, deps.clock.now()),
    accountName: claim.accountName,
    staffName: claim.staffName,
    vendorName: business.name,
    staffMayJoin: business.sm8StaffMayJoin,
  };
}

/**
 * The staff member's name for the confirm page: the synced copy, else ServiceM8's record, else a
 * placeholder (a name is only shown, never trusted, so ServiceM8 being away does not stop linking).
 */
async function staffNameOf(deps: Deps, vendorId: string, staffUuid: string): Promise<string> {
  const nameOf = (record: { first?: unknown; last?: unknown } | null | undefined) =>
    [record?.first, record?.last].filter((part) => typeof part === 'string' && part !== '').join(' ');
  const synced = nameOf(await syncedStaffRecord(deps.database.db, { vendorId, uuid: staffUuid }));
  if (synced) return synced;
  try {
    const client = await sm8ClientForVendor(deps, vendorId);
    return nameOf(await client.get('staff', staffUuid, Sm8Staff)) || UNNAMED_STAFF;
  } catch (error) {
    deps.logger.warn({ err: error, vendorId }, 'ServiceM8 staff member could not be read for the add-on');
    return UNNAMED_STAFF;
  }
}
