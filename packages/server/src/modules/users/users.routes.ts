import {
  AdminUserRow,
  SearchQuery,
  searchPage,
  successEnvelope,
  UserProfile,
  UserSettingsRequest,
  WelcomedResponse,
} from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { access, requireCaller } from '../../http/access.ts';
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
    app.post(
      '/User/welcomed',
      {
        config: { access: access.signedIn },
        schema: {
          tags,
          summary: 'Record that the user has seen the welcome',
          response: { 200: successEnvelope(WelcomedResponse) },
        },
      },
      async (request) => {
        const welcomedAt = await markWelcomed(deps, requireCaller(request));
        return { success: true as const, data: { welcomedAt: welcomedAt.toISOString() } };
      },
    );

    app.post(
      '/User/settings',
      {
        config: { access: access.signedIn },
        schema: {
          tags,
          summary: 'Change your own settings',
          description:
            'dailyDigest: whether you get, each morning, the email of the previous day’s runs (by status, failures by cause, warnings ahead) of the businesses you are an Admin of.',
          body: UserSettingsRequest,
          response: { 200: successEnvelope(UserProfile) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await changeUserSettings(deps, requireCaller(request), request.body),
      }),
    );

    app.get(
      '/User/:id',
      {
        config: { access: access.signedIn },
        schema: {
          tags,
          summary: 'A user’s profile',
          description:
            'For the user themself, a super admin, or an Admin of a vendor the user belongs to; 404 otherwise.',
          params: z.object({ id: z.uuid('id is not a valid id.') }),
          response: { 200: successEnvelope(UserProfile) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await getUserProfile(deps, requireCaller(request), request.params.id),
      }),
    );

    app.get(
      '/Admin/users/search',
      {
        config: { access: access.superAdmin },
        schema: {
          tags: ['Admin: users'],
          summary: 'Search every user of the platform',
          querystring: SearchQuery,
          response: { 200: successEnvelope(searchPage(AdminUserRow)) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await searchAllUsers(deps, request.query, findLockedAddresses),
      }),
    );
  };
}
