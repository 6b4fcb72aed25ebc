import type {
  AcceptInvitationRequest,
  InvitationSummary,
  UserSession,
  VendorInvitation,
  VendorRole,
} from '@automate/contract';
import type { Deps } from '../../deps.ts';
import type { Caller } from '../../http/access.ts';
import { AppError, invalidField, notFound } from '../../http/app-error.ts';
import { LINK_TTL_HOURS } from '../auth/auth-links.ts';
import { confirmEmailOwnership } from '../auth/email-proof.ts';
import { hashOneTimeToken, newOneTimeToken } from '../auth/one-time-tokens.ts';
import { hashPassword } from '../auth/passwords.ts';
import { startSession } from '../auth/sessions.service.ts';
import { queueSystemEmail } from '../mail/mail.service.ts';
import { addMembership, isMember } from '../users/memberships.service.ts';
import { createUser, findUser, findUserWithEmail, type UserRow } from '../users/users.service.ts';
import { findVendor } from '../vendors/vendors.service.ts';
import { assertInvitationQuota } from './invitation-quota.ts';
import {
  findOpenInvitation,
  type InvitationRow,
  listPendingInvitations,
  markInvitationAccepted,
  replacePendingInvitation,
  withdrawPendingInvitation,
} from './invitations.repository.ts';

function toInvitation(row: InvitationRow): VendorInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: 'Pending',
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

const INVALID = 'This invitation is not valid any more: it was accepted, withdrawn or has expired. Ask for a new one.';

/**
 * Invites someone to the vendor by email. Nobody is added until they accept, and the answer is the same
 * whether or not the address has an account, so it tells nothing about people outside the vendor. A
 * vendor sends at most INVITATIONS_PER_VENDOR_PER_DAY; the email itself is under the mail module's
 * limit on requested emails, so an address invited too often gets no more of them for a while.
 */
export async function inviteVendorUser(
  deps: Deps,
  inviter: Caller,
  vendorId: string,
  invite: { email: string; role: VendorRole; firstName?: string | undefined; lastName?: string | undefined },
): Promise<VendorInvitation> {
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    const vendor = await findVendor(tx, vendorId);
    if (!vendor) throw notFound('Vendor');
    await assertInvitationQuota(tx, vendorId, now);
    const existing = await findUserWithEmail(tx, invite.email);
    if (existing && (await isMember(tx, { vendorId, userId: existing.id }))) {
      throw new AppError('CONFLICT', `${invite.email} is already a member of ${vendor.name}.`);
    }
    const { token, tokenHash } = newOneTimeToken();
    const ttlHours = LINK_TTL_HOURS.invitation;
    const invitation = await replacePendingInvitation(tx, {
      vendorId,
      email: invite.email,
      role: invite.role,
      invitedByUserId: inviter.id,
      tokenHash,
      expiresAt: new Date(now.getTime() + ttlHours * 3_600_000),
      createdAt: now,
    });
    await queueSystemEmail(tx, deps, {
      key: 'vendor-invitation',
      // Addressed as the inviter named them: an existing account's own name is not theirs to see.
      to: {
        email: invite.email,
        firstName: invite.firstName ?? invite.email.split('@')[0] ?? invite.email,
        lastName: invite.lastName ?? '',
      },
      data: {
        vendor: { name: vendor.name },
        inviter: { firstName: inviter.firstName, lastName: inviter.lastName },
        role: invite.role,
        link: `${deps.config.publicUrl}/auth/invitation/${token}`,
        expiresInHours: ttlHours,
      },
    });
    return toInvitation(invitation);
  });
}

export async function listInvitations(deps: Deps, vendorId: string): Promise<VendorInvitation[]> {
  return (await listPendingInvitations(deps.database.db, vendorId, deps.clock.now())).map(toInvitation);
}

export async function revokeInvitation(deps: Deps, vendorId: string, invitationId: string): Promise<void> {
  const withdrawn = await withdrawPendingInvitation(deps.database.db, vendorId, invitationId, deps.clock.now());
  if (!withdrawn) throw notFound('Invitation');
}

export async function describeInvitation(deps: Deps, token: string): Promise<InvitationSummary> {
  const db = deps.database.db;
  const invitation = await findOpenInvitation(db, hashOneTimeToken(token), deps.clock.now());
  const vendor = invitation && (await findVendor(db, invitation.vendorId));
  if (!invitation || !vendor) throw new AppError('BAD_REQUEST', INVALID);
  const inviter = invitation.invitedByUserId ? await findUser(db, invitation.invitedByUserId) : undefined;
  return {
    email: invitation.email,
    vendorId: invitation.vendorId,
    vendorName: vendor.name,
    inviterName: `${inviter?.firstName ?? ''} ${inviter?.lastName ?? ''}`.trim() || 'An Admin',
    role: invitation.role,
    expiresAt: invitation.expiresAt.toISOString(),
    hasAccount: (await findUserWithEmail(db, invitation.email)) !== undefined,
  };
}

/**
 * Accepts an invitation. An address with an account accepts signed in as that account; a new address
 * creates its account here (confirmed: the invitation reached it). Either way the person joins the vendor.
 */
export async function acceptInvitation(
  deps: Deps,
  request: AcceptInvitationRequest,
  caller: Caller | null,
): Promise<UserSession> {
  const now = deps.clock.now();
  const passwordHash = request.password ? await hashPassword(request.password) : null;
  const user = await deps.database.db.transaction(async (tx) => {
    const invitation = await findOpenInvitation(tx, hashOneTimeToken(request.token), now);
    if (!invitation) throw new AppError('BAD_REQUEST', INVALID);
    const existing = await findUserWithEmail(tx, invitation.email);
    let member: UserRow;
    if (existing) {
      if (caller?.id !== existing.id) {
        throw new AppError('UNAUTHENTICATED', `Sign in as ${invitation.email} to accept this invitation.`);
      }
      member = await confirmEmailOwnership(tx, existing, now);
    } else {
      if (!request.firstName) throw invalidField('firstName', 'First name: enter your first name.');
      if (!request.lastName) throw invalidField('lastName', 'Last name: enter your last name.');
      if (!passwordHash) throw invalidField('password', 'Password: choose a password for your new account.');
      member = await createUser(tx, {
        email: invitation.email,
        userName: invitation.email,
        firstName: request.firstName,
        lastName: request.lastName,
        passwordHash,
        emailVerifiedAt: now,
      });
    }
    if (!(await markInvitationAccepted(tx, invitation.id, now))) throw new AppError('BAD_REQUEST', INVALID);
    await addMembership(tx, { vendorId: invitation.vendorId, userId: member.id, role: invitation.role });
    return member;
  });
  return startSession(deps, user, { proof: 'invitation' });
}
