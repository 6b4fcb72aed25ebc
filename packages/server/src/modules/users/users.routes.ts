import {
  AdminUserRow,
  SearchQuery,
  searchPage,
  UserProfile,
  UserSettingsRequest,
  WelcomedResponse,
} from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { access, requireCaller } from '../../http/access.ts';
import { answerRoute } from '../../http/answer-route.ts';
import {
  changeUserSettings,
  type FindLockedAddresses,
  getUserProfile,
  markWelcomed,
  searchAllUsers,
} from './users.service.ts';

const tags = ['User'];

/** `findLockedAddresses` tells the super admin's list which users are locked out (from the auth module). */
export function userRoutes(
  deps: Deps,
  { findLockedAddresses }: { findLockedAddresses: FindLockedAddresses },
): FastifyPluginAsyncZod {
  return async (app) => {
    answerRoute(app, {
      method: 'POST',
      url: '/User/welcomed',
      access: access.signedIn,
      tags,
      summary: 'Record that the user has seen the welcome',
      data: WelcomedResponse,
      answer: async (request) => {
        const welcomedAt = await markWelcomed(deps, requireCaller(request));
        return { welcomedAt: welcomedAt.toISOString() };
      },
    });

    answerRoute(app, {
      method: 'POST',
      url: '/User/settings',
      access: access.signedIn,
      tags,
      summary: 'Change your own settings',
      description:
        'dailyDigest: whether you get, each morning, the email of the previous day’s runs (by status, failures by cause, warnings ahead) of the businesses you are an Admin of.',
      body: UserSettingsRequest,
      data: UserProfile,
      answer: (request) => changeUserSettings(deps, requireCaller(request), request.body),
    });

    answerRoute(app, {
      method: 'GET',
      url: '/User/:id',
      access: access.signedIn,
      tags,
      summary: 'A user’s profile',
      description: 'For the user themself, a super admin, or an Admin of a vendor the user belongs to; 404 otherwise.',
      params: z.object({ id: z.uuid('id is not a valid id.') }),
      data: UserProfile,
      answer: (request) => getUserProfile(deps, requireCaller(request), request.params.id),
    });

    answerRoute(app, {
      method: 'GET',
      url: '/Admin/users/search',
      access: access.superAdmin,
      tags: ['Admin: users'],
      summary: 'Search every user of the platform',
      querystring: SearchQuery,
      data: searchPage(AdminUserRow),
      answer: (request) => searchAllUsers(deps, request.query, findLockedAddresses),
    });
  };
}
