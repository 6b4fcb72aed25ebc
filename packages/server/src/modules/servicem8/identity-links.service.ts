import type { ConfirmSm8LinkRequest, Sm8Identity, Sm8LinkClaimSummary, Sm8SignedIn } from '@automate/contract';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { provePassword } from '../auth/auth.service.ts';
import { issueLinkToken, redeemLinkToken } from '../auth/auth-links.ts';
import { confirmEmailOwnership } from '../auth/email-proof.ts';
import { queueSystemEmail } from '../mail/mail.service.ts';
import { identitiesOfUser, isPlatformStaff, linkIdentity, unlinkIdentity } from '../users/sm8-identities.service.ts';
import { findUser, findUserWithEmail, type UserRow } from '../users/users.service.ts';
import { findVendor } from '../vendors/vendors.service.ts';
import { type AddonBusiness, addonSession, admitFromServiceM8 } from './addon-access.ts';
import { LINK_CLAIM_MINUTES, type LinkClaim, readLinkClaim } from './link-claims.ts';
import { findConnectionByAccount } from './servicem8.repository.ts';

/**
 * Linking a ServiceM8 login to an Automate user. The add-on event proved the login (a claim carries it);
 * the person proves their Automate account here and now, with its password or a link we email to the
 * address they give, and confirms. A session they already had is not proof: a link sent by someone else
 * must not take one click.
 */

/** The business the claim's ServiceM8 account is still connected to; 404 once it is not. */
async function businessOfClaim(db: Db, claim: LinkClaim): Promise<AddonBusiness> {
  const connected = await findConnectionByAccount(db, claim.accountUuid);
  const vendor = await findVendor(db, claim.vendorId);
  if (!vendor || connected?.vendorId !== vendor.id) {
    throw new AppError('NOT_FOUND', 'This ServiceM8 account is no longer connected to Automate.');
  }
  return { id: vendor.id, name: vendor.name, sm8StaffMayJoin: vendor.sm8StaffMayJoin };
}

/** What the confirm page shows: which staff member of which ServiceM8 account, and the business. */
export async function describeClaim(deps: Deps, claimToken: string): Promise<Sm8LinkClaimSummary> {
  const { claim, expiresAt } = await readLinkClaim(deps.keys.sessionSigningKey, claimToken, deps.clock.now());
  const business = await businessOfClaim(deps.database.db, claim);
  return {
    accountName: claim.accountName,
    staffName: claim.staffName,
    vendorName: business.name,
    expiresAt: expiresAt.toISOString(),
  };
}

const LINK_EMAIL_SENT = (email: string) =>
  `If an Automate account uses ${email}, we have emailed it a link. Open it within ${LINK_CLAIM_MINUTES} minutes ` +
  'to link your ServiceM8 login.';

/**
 * Emails the address the person gave (their own Automate address) a single-use link to prove it and
 * link the claimed login. Platform staff get nothing: they never sign in through ServiceM8. The answer is
 * the same whether or not an account uses the address.
 */
export async function emailLinkProof(deps: Deps, request: { claim: string; email: string }): Promise<string> {
  const now = deps.clock.now();
  const { claim } = await readLinkClaim(deps.keys.sessionSigningKey, request.claim, now);
  return deps.database.db.transaction(async (tx) => {
    await businessOfClaim(tx, claim);
    const user = await findUserWithEmail(tx, request.email);
    if (user && !isPlatformStaff(user)) {
      await queueSystemEmail(tx, deps, {
        key: 'servicem8-link',
        to: user,
        // The token is made only for an email that goes out, so the last link sent keeps working.
        data: async () => {
          const token = await issueLinkToken(tx, {
            userId: user.id,
            purpose: 'sm8_link',
            ttlHours: LINK_CLAIM_MINUTES / 60,
            now,
          });
          const query = new URLSearchParams({ claim: request.claim, token, userId: user.id });
          return {
            staff: { name: claim.staffName },
            account: { name: claim.accountName },
            link: `${deps.config.publicUrl}/sm8/link?${query}`,
            expiresInMinutes: LINK_CLAIM_MINUTES,
          };
        },
      });
    }
    return LINK_EMAIL_SENT(request.email);
  });
}

/**
 * Links the claimed ServiceM8 login to the account the person just proved, if they may use the business
 * of that ServiceM8 account, and signs them in for that business only.
 */
export async function confirmLink(deps: Deps, request: ConfirmSm8LinkRequest): Promise<Sm8SignedIn> {
  const now = deps.clock.now();
  const { claim } = await readLinkClaim(deps.keys.sessionSigningKey, request.claim, now);
  const proven = request.proof.kind === 'password' ? await provePassword(deps, request.proof) : null;
  const { user, business } = await deps.database.db.transaction(async (tx) => {
    const user = proven ?? (await provenByEmailLink(tx, request.proof, now));
    const business = await businessOfClaim(tx, claim);
    await admitFromServiceM8(tx, user, business);
    await linkIdentity(tx, deps, user, claim);
    await recordAudit(tx, user, now, {
      action: 'servicem8.link',
      vendorId: business.id,
      targetUserId: user.id,
      summary: `Linked the ServiceM8 login of ${claim.staffName} (${claim.accountName}) to their Automate account`,
      after: { accountUuid: claim.accountUuid, staffUuid: claim.staffUuid },
    });
    return { user, business };
  });
  return addonSession(deps, user, business);
}

async function provenByEmailLink(tx: Db, proof: ConfirmSm8LinkRequest['proof'], now: Date): Promise<UserRow> {
  if (proof.kind !== 'emailLink') throw new Error('A password proof is checked before the transaction.');
  await redeemLinkToken(tx, {
    userId: proof.userId,
    purpose: 'sm8_link',
    token: proof.token,
    now,
    askAgain: 'Open Automate from ServiceM8 again to get a new one.',
  });
  const user = await findUser(tx, proof.userId);
  if (!user) throw new AppError('BAD_REQUEST', 'This link is not valid.');
  return confirmEmailOwnership(tx, user, now);
}

export async function listIdentities(deps: Deps, userId: string): Promise<Sm8Identity[]> {
  const rows = await identitiesOfUser(deps.database.db, userId);
  return rows.map((row) => ({
    accountUuid: row.accountUuid,
    staffUuid: row.staffUuid,
    accountName: row.accountName,
    staffName: row.staffName,
    linkedAt: row.linkedAt.toISOString(),
  }));
}

export async function removeIdentity(
  deps: Deps,
  userId: string,
  identity: { accountUuid: string; staffUuid: string },
): Promise<void> {
  if (!(await unlinkIdentity(deps.database.db, userId, identity))) throw notFound('ServiceM8 login link');
}
