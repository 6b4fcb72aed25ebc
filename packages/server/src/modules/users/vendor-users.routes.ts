import { ChangeVendorUserRoleRequest, SearchQuery, searchPage, successEnvelope, VendorUser } from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { access, requireVendorScope } from '../../http/access.ts';
import { changeVendorUserRole, getVendorUser, listVendorUsers, removeVendorUser } from './vendor-users.service.ts';

const tags = ['Vendor'];
const VendorParams = z.object({ id: z.string() });
const VendorUserParams = z.object({ id: z.string(), userId: z.uuid('userId is not a valid id.') });

/** A vendor's users and their roles, for its Admins. The vendor always comes from the path or the current vendor. */
export function vendorUserRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    // The current vendor's users (the vendor comes from the x-vendor-id header), or a named vendor's.
    const search = { tags, querystring: SearchQuery, response: { 200: successEnvelope(searchPage(VendorUser)) } };
    app.get(
      '/Vendor/users/search',
      {
        config: { access: access.currentVendorAdmin },
        schema: { ...search, summary: 'Search the users of the current vendor' },
      },
      async (request) => ({
        success: true as const,
        data: await listVendorUsers(deps, requireVendorScope(request).id, request.query),
      }),
    );
    app.get(
      '/Vendor/:id/users/search',
      {
        config: { access: access.vendorAdmin('id') },
        schema: { ...search, summary: 'Search a vendor’s users', params: VendorParams },
      },
      async (request) => ({
        success: true as const,
        data: await listVendorUsers(deps, requireVendorScope(request).id, request.query),
      }),
    );

    app.get(
      '/Vendor/:id/users/:userId',
      {
        config: { access: access.vendorAdmin('id') },
        schema: {
          tags,
          summary: 'Read one of a vendor’s users',
          params: VendorUserParams,
          response: { 200: successEnvelope(VendorUser) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await getVendorUser(deps, requireVendorScope(request).id, request.params.userId),
      }),
    );

    app.patch(
      '/Vendor/:id/users/:userId',
      {
        config: { access: access.vendorAdmin('id') },
        schema: {
          tags,
          summary: 'Change a member’s role',
          description: 'The last Admin of a vendor cannot be made a User.',
          params: VendorUserParams,
          body: ChangeVendorUserRoleRequest,
          response: { 200: successEnvelope(VendorUser) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await changeVendorUserRole(
          deps,
          requireVendorScope(request).id,
          request.params.userId,
          request.body.role,
        ),
      }),
    );

    app.delete(
      '/Vendor/:id/users/:userId',
      {
        config: { access: access.vendorAdmin('id') },
        schema: {
          tags,
          summary: 'Remove a member from the vendor',
          description: 'The user keeps their account; the last Admin of a vendor cannot be removed.',
          params: VendorUserParams,
          response: { 200: successEnvelope(z.null()) },
        },
      },
      async (request) => {
        await removeVendorUser(deps, requireVendorScope(request).id, request.params.userId);
        return { success: true as const, data: null, message: 'The user was removed from the vendor.' };
      },
    );
  };
}
