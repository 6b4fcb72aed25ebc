import type { ConfirmSm8LinkRequest, Sm8Identity, Sm8LinkClaimSummary, Sm8SignInOutcome } from '@automate/contract';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import type { Caller } from '../../http/access.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { issueLinkToken, redeemLinkToken } from '../auth/auth-links.ts';
import { confirmEmailOwnership } from '../auth/email-proof.ts';
import {
  identitiesOfUser,
  isPlatformStaff,
  linkIdentity,
  refusePlatformStaff,
  unlinkIdentity,
} from '../auth/sm8-identities.service.ts';
import { queueSystemEmail } from '../mail/mail.service.ts';
import { findUser, findUserWithEmail, type UserRow } from '../users/users.service.ts';
import { findVendor } from '../vendors/vendors.service.ts';
import { connectAccount, findPendingOrFail, ownerOf } from './connect.service.ts';
import { LINK_CLAIM_MINUTES, type LinkClaim, readLinkClaim } from './link-claims.ts';
import { findConnectionByAccount, type Sm8PendingRow } from './servicem8.repository.ts';
import { ensureMembership, type SignInResult, type Sm8Person, signedIn, toOutcome } from './sm8-sign-in-rules.ts';

type ResolvedClaim = { person: Sm8Person; pending: Sm8PendingRow | null; vendor: { id: string; name: string } | null };

/** The identity a claim asks to link, with the pending connection or the business it concerns. */
async function resolveClaim(tx: Db, deps: Deps, claim: LinkClaim): Promise<ResolvedClaim> {
  if (claim.kind === 'connect') {
    const pending = await findPendingOrFail(tx, claim.connection, deps.clock.now());
    const person = ownerOf(pending);
    if (!person) throw new AppError('BAD_REQUEST', 'This ServiceM8 sign-in has no staff member to link.');
    const connected = await findConnectionByAccount(tx, pending.accountUuid);
    const vendor = connected ? await findVendor(tx, connected.vendorId) : undefined;
    return { person, pending, vendor: vendor ? { id: vendor.id, name: vendor.name } : null };
  }
  const connected = await findConnectionByAccount(tx, claim.accountUuid);
  const vendor = await findVendor(tx, claim.vendorId);
  if (!vendor || connected?.vendorId !== vendor.id) {
    throw new AppError('NOT_FOUND', 'This ServiceM8 account is no longer connected to Automate.');
  }
  return {
    person: {
      accountUuid: claim.accountUuid,
      staffUuid: claim.staffUuid,
      accountName: claim.accountName,
      email: claim.staffEmail,
      firstName: claim.staffFirstName,
      lastName: claim.staffLastName,
    },
    pending: null,
    vendor: { id: vendor.id, name: vendor.name },
  };
}

/** What the confirm page shows: who in which ServiceM8 account, and the business it leads to. */
export async function describeClaim(deps: Deps, claimToken: string): Promise<Sm8LinkClaimSummary> {
  const { claim, expiresAt } = await readLinkClaim(deps.keys.sessionSigningKey, claimToken, deps.clock.now());
  const { person, vendor } = await resolveClaim(deps.database.db, deps, claim);
  return {
    accountName: person.accountName,
    staff: { email: person.email, firstName: person.firstName, lastName: person.lastName },
    vendorName: vendor?.name ?? null,
    expiresAt: expiresAt.toISOString(),
  };
}

const LINK_EMAIL_SENT = (email: string) =>
  `If an Automate account uses ${email}, we have emailed it a link. Open it within ${LINK_CLAIM_MINUTES} minutes to link your ServiceM8 sign-in.`;

/**
 * Emails the owner of the claimed address a single-use link that proves they receive its mail. Platform
 * staff get nothing: they never sign in through ServiceM8. The answer is the same either way.
 */
export async function emailLinkProof(deps: Deps, claimToken: string): Promise<string> {
  const now = deps.clock.now();
  const { claim } = await readLinkClaim(deps.keys.sessionSigningKey, claimToken, now);
  return deps.database.db.transaction(async (tx) => {
    const { person } = await resolveClaim(tx, deps, claim);
    const user = await findUserWithEmail(tx, person.email);
    if (user && !isPlatformStaff(user)) {
      const token = await issueLinkToken(tx, {
        userId: user.id,
        purpose: 'sm8_link',
        ttlHours: LINK_CLAIM_MINUTES / 60,
        now,
      });
      const link = `${deps.config.publicUrl}/sm8/link?${new URLSearchParams({ claim: claimToken, token, userId: user.id })}`;
      await queueSystemEmail(tx, deps, {
        key: 'servicem8-link',
        to: user,
        data: {
          staff: { name: `${person.firstName} ${person.lastName}`.trim(), email: person.email },
          account: { name: person.accountName },
          link,
          expiresInMinutes: LINK_CLAIM_MINUTES,
        },
      });
    }
    return LINK_EMAIL_SENT(person.email);
  });
}

/**
 * Confirms a link. Signed in: to the signed-in user (they proved the account with its password or a
 * session). Otherwise the mailed link's token proves the address and signs its user in. A connect
 * claim then connects the pending account; an add-on claim joins its business as a User.
 */
export async function confirmLink(
  deps: Deps,
  request: ConfirmSm8LinkRequest,
  caller: Caller | null,
): Promise<Sm8SignInOutcome> {
  const now = deps.clock.now();
  const { claim } = await readLinkClaim(deps.keys.sessionSigningKey, request.claim, now);
  const result = await deps.database.db.transaction(async (tx): Promise<SignInResult> => {
    const user = await provenUser(tx, request, caller, now);
    if (isPlatformStaff(user)) throw refusePlatformStaff();
    const { person, pending, vendor } = await resolveClaim(tx, deps, claim);
    await linkIdentity(tx, deps, user, person);
    if (pending) {
      return signedIn(user, await connectAccount(tx, deps, { pending, user, requestedVendorId: null }), true);
    }
    if (vendor) await ensureMembership(tx, user, vendor.id, 'User');
    return signedIn(user, vendor, true);
  });
  return toOutcome(deps, result);
}

async function provenUser(tx: Db, request: ConfirmSm8LinkRequest, caller: Caller | null, now: Date): Promise<UserRow> {
  if (caller) {
    const user = await findUser(tx, caller.id);
    if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
    return user;
  }
  if (!request.proof) {
    throw new AppError('UNAUTHENTICATED', 'Sign in, or open the link we emailed you, to confirm this link.');
  }
  await redeemLinkToken(tx, {
    userId: request.proof.userId,
    purpose: 'sm8_link',
    token: request.proof.token,
    now,
    askAgain: 'Sign in with ServiceM8 again to get a new one.',
  });
  const user = await findUser(tx, request.proof.userId);
  if (!user) throw new AppError('BAD_REQUEST', 'This link is not valid.');
  return confirmEmailOwnership(tx, user, now);
}

export async function listIdentities(deps: Deps, userId: string): Promise<Sm8Identity[]> {
  const rows = await identitiesOfUser(deps.database.db, userId);
  return rows.map((row) => ({
    accountUuid: row.accountUuid,
    staffUuid: row.staffUuid,
    accountName: row.accountName,
    staffEmail: row.staffEmail,
    linkedAt: row.linkedAt.toISOString(),
  }));
}

export async function removeIdentity(
  deps: Deps,
  userId: string,
  identity: { accountUuid: string; staffUuid: string },
): Promise<void> {
  if (!(await unlinkIdentity(deps.database.db, userId, identity))) throw notFound('ServiceM8 sign-in link');
}
