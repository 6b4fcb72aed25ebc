import {
  AcceptInvitationRequest,
  InvitationSummary,
  InviteVendorUserRequest,
  UserSession,
  VendorInvitation,
} from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { access, requireCaller } from '../../http/access.ts';
import { answerRoute } from '../../http/answer-route.ts';
import { vendorRoute } from '../../http/vendor-route.ts';
import { INVITATIONS_PER_VENDOR_PER_DAY } from './invitation-quota.ts';
import {
  acceptInvitation,
  describeInvitation,
  inviteVendorUser,
  listInvitations,
  revokeInvitation,
} from './invitations.service.ts';

const tags = ['Vendor invitations'];
const forAdmins = { access: access.vendorAdmin('id'), tags };

/** Inviting people to a vendor (its Admins) and accepting an invitation (the person invited). */
export function invitationRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    vendorRoute(app, {
      ...forAdmins,
      method: 'POST',
      url: '/Vendor/:id/users',
      document: { errors: ['CONFLICT', 'RATE_LIMITED'] },
      summary: 'Invite someone to the vendor by email',
      description:
        'Emails an invitation; nobody joins until they accept it. The answer is the same whether or not the ' +
        'address has an account. Inviting the same address again replaces the pending invitation. A vendor ' +
        `sends at most ${INVITATIONS_PER_VENDOR_PER_DAY} invitations in 24 hours (withdrawn and replaced ones ` +
        'count); beyond that the answer is 429, saying when it may invite again (also in Retry-After).',
      body: InviteVendorUserRequest,
      data: VendorInvitation,
      status: 201,
      message: (invitation) => `We emailed ${invitation.email} an invitation.`,
      answer: (vendorId, request) => inviteVendorUser(deps, requireCaller(request), vendorId, request.body),
    });

    vendorRoute(app, {
      ...forAdmins,
      method: 'GET',
      url: '/Vendor/:id/invitations',
      summary: 'The vendor’s pending invitations, newest first',
      data: z.array(VendorInvitation),
      answer: (vendorId) => listInvitations(deps, vendorId),
    });

    vendorRoute(app, {
      ...forAdmins,
      method: 'DELETE',
      url: '/Vendor/:id/invitations/:invitationId',
      summary: 'Withdraw a pending invitation',
      params: z.object({ id: z.string(), invitationId: z.uuid('invitationId is not a valid id.') }),
      data: z.null(),
      message: 'The invitation was withdrawn.',
      answer: async (vendorId, request) => {
        await revokeInvitation(deps, vendorId, request.params.invitationId);
        return null;
      },
    });

    answerRoute(app, {
      method: 'GET',
      url: '/Auth/invitation/:token',
      access: access.public,
      tags,
      summary: 'What an invitation offers, for the page its email links to',
      params: z.object({ token: z.string().min(1).max(200) }),
      data: InvitationSummary,
      answer: (request) => describeInvitation(deps, request.params.token),
    });

    answerRoute(app, {
      method: 'POST',
      url: '/Auth/invitation/accept',
      access: access.public,
      rateLimit: { max: deps.config.authRateLimitPerMinute, timeWindow: '1 minute' },
      document: { errors: ['UNAUTHENTICATED', 'NOT_FOUND', 'CONFLICT'] },
      tags,
      summary: 'Accept an invitation and join the vendor',
      description:
        'An address with an account accepts signed in as that account (Bearer); a new address sends firstName, ' +
        'lastName and password to create its account. Answers the session.',
      body: AcceptInvitationRequest,
      data: UserSession,
      message: 'Welcome aboard: you have joined the business.',
      answer: (request) => acceptInvitation(deps, request.body, request.caller),
    });
  };
}
