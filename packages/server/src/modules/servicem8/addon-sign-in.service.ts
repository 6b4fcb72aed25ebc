import { type Sm8SignInOutcome, Sm8Staff } from '@automate/contract';
import { jwtVerify } from 'jose';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { findLinkedIdentity, isPlatformStaff, refusePlatformStaff } from '../auth/sm8-identities.service.ts';
import { findUser, findUserWithEmail } from '../users/users.service.ts';
import { findVendor } from '../vendors/vendors.service.ts';
import { signLinkClaim } from './link-claims.ts';
import { findConnectionByAccount } from './servicem8.repository.ts';
import { requireSm8App, sm8ClientForVendor } from './sm8-access.ts';
import { createUserForIdentity, ensureMembership, signedIn, signInNeeded, toOutcome } from './sm8-sign-in-rules.ts';

/** An add-on event token older than this is refused, so a token seen once cannot sign in later. */
const MAX_EVENT_AGE_SECONDS = 10 * 60;
/** Clocks differ a little between ServiceM8 and us. */
const CLOCK_SKEW_SECONDS = 60;

const AddonEvent = z.looseObject({
  auth: z.looseObject({ accountUUID: z.string().min(1).max(100), staffUUID: z.string().min(1).max(100) }),
});

const INVALID = 'This ServiceM8 link is not valid or has expired. Open Automate from ServiceM8 again.';

async function readAddonEvent(deps: Deps, token: string) {
  const app = requireSm8App(deps);
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(app.appSecret), {
      algorithms: ['HS256'],
      currentDate: deps.clock.now(),
      requiredClaims: ['iat'],
      maxTokenAge: MAX_EVENT_AGE_SECONDS,
      clockTolerance: CLOCK_SKEW_SECONDS,
    });
    return AddonEvent.parse(payload);
  } catch {
    throw new AppError('UNAUTHENTICATED', INVALID);
  }
}

/**
 * Opened from inside ServiceM8 with an add-on event JWT (HS256, signed with the app secret), which
 * names the account and the staff member. Signs in the user linked to that identity; a first sign-in
 * creates a user when no Automate user has the staff member's email, and otherwise asks the person to
 * prove the existing account. The web app marks the session automatic.
 */
export async function tokenLogin(deps: Deps, token: string): Promise<Sm8SignInOutcome> {
  const event = await readAddonEvent(deps, token);
  const identity = { accountUuid: event.auth.accountUUID, staffUuid: event.auth.staffUUID };
  const connection = await findConnectionByAccount(deps.database.db, identity.accountUuid);
  const vendor = connection ? await findVendor(deps.database.db, connection.vendorId) : undefined;
  if (!connection || !vendor) {
    throw new AppError(
      'NOT_FOUND',
      'This ServiceM8 account is not connected to Automate yet. An Admin can connect it first.',
    );
  }
  const business = { id: vendor.id, name: vendor.name };

  const linked = await findLinkedIdentity(deps.database.db, identity);
  if (linked) {
    const user = await findUser(deps.database.db, linked.userId);
    if (!user) throw new AppError('UNAUTHENTICATED', INVALID);
    if (isPlatformStaff(user)) throw refusePlatformStaff();
    await deps.database.db.transaction((tx) => ensureMembership(tx, user, vendor.id, 'User'));
    return toOutcome(deps, signedIn(user, business, true));
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
  return toOutcome(deps, signedIn(user, business, true));
}
