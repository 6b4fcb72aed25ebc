import { AdminUserDetail, SetSuperAdminRequest, SetUserDisabledRequest } from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { access, requireCaller } from '../../http/access.ts';
import { answerRoute } from '../../http/answer-route.ts';
import {
  getAdminUser,
  sendPasswordResetLink,
  sendVerificationLink,
  setDisabled,
  setSuperAdmin,
  unlockUser,
} from './admin-users.service.ts';

const tags = ['Admin: users'];
const params = z.object({ id: z.uuid('id is not a valid id.') });
const common = { access: access.superAdmin, tags, params, data: AdminUserDetail } as const;

/** The super admin's user page: one user with their vendors and roles, and what can be done to the account. */
export function adminUserRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    answerRoute(app, {
      ...common,
      method: 'GET',
      url: '/Admin/users/:id',
      summary: 'Read a user with their vendors, roles and sign-in state',
      answer: (request) => getAdminUser(deps, request.params.id),
    });

    answerRoute(app, {
      ...common,
      method: 'POST',
      url: '/Admin/users/:id/verification',
      summary: 'Email the user a new link to confirm their address',
      description: 'Refused (400) when the address is already confirmed or the account is disabled.',
      message: (user) => `A confirmation link was sent to ${user.email}.`,
      answer: (request) => sendVerificationLink(deps, requireCaller(request), request.params.id),
    });

    answerRoute(app, {
      ...common,
      method: 'POST',
      url: '/Admin/users/:id/password-reset',
      summary: 'Email the user a link to choose a new password',
      description: 'Refused (400) when the account is disabled.',
      message: (user) => `A password reset link was sent to ${user.email}.`,
      answer: (request) => sendPasswordResetLink(deps, requireCaller(request), request.params.id),
    });

    answerRoute(app, {
      ...common,
      method: 'POST',
      url: '/Admin/users/:id/unlock',
      summary: 'Lift the lock-out failed sign-ins put on the user',
      description: 'Refused (400) when the user is not locked out.',
      message: 'The user can sign in again.',
      answer: (request) => unlockUser(deps, requireCaller(request), request.params.id),
    });

    answerRoute(app, {
      ...common,
      method: 'POST',
      url: '/Admin/users/:id/superadmin',
      summary: 'Grant or revoke the SuperAdmin role',
      description:
        'Refused (400) on yourself, and when revoking it would leave no enabled super admin. The user’s next request sees the change.',
      body: SetSuperAdminRequest,
      message: (user) => (user.roles.includes('SuperAdmin') ? 'SuperAdmin granted.' : 'SuperAdmin revoked.'),
      answer: (request) => setSuperAdmin(deps, requireCaller(request), request.params.id, request.body.superAdmin),
    });

    answerRoute(app, {
      ...common,
      method: 'POST',
      url: '/Admin/users/:id/disabled',
      summary: 'Disable the account, or enable it again',
      description:
        'A disabled account cannot sign in and its sessions stop working at once. Refused (400) on your own account.',
      body: SetUserDisabledRequest,
      message: (user) => (user.disabled ? 'The account was disabled.' : 'The account was enabled.'),
      answer: (request) => setDisabled(deps, requireCaller(request), request.params.id, request.body.disabled),
    });
  };
}
