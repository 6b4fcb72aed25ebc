import { ChangeVendorUserRoleRequest, SearchQuery, searchPage, VendorUser } from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { access } from '../../http/access.ts';
import { vendorRoute } from '../../http/vendor-route.ts';
import { changeVendorUserRole, getVendorUser, listVendorUsers, removeVendorUser } from './vendor-users.service.ts';

const tags = ['Vendor'];
const forAdmins = { access: access.vendorAdmin('id'), tags };
const VendorUserParams = z.object({ id: z.string(), userId: z.uuid('userId is not a valid id.') });

/** A vendor's users and their roles, for its Admins. The vendor always comes from the path or the current vendor. */
export function vendorUserRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    // The current vendor's users (the vendor comes from the x-vendor-id header), or a named vendor's.
    const searches = [
      {
        url: '/Vendor/users/search',
        access: access.currentVendorAdmin,
        summary: 'Search the users of the current vendor',
      },
      {
        url: '/Vendor/:id/users/search',
        access: access.vendorAdmin('id'),
        summary: 'Search a vendor’s users',
      },
    ];
    for (const search of searches) {
      vendorRoute(app, {
        ...search,
        method: 'GET',
        tags,
        querystring: SearchQuery,
        data: searchPage(VendorUser),
        answer: (vendorId, request) => listVendorUsers(deps, vendorId, request.query),
      });
    }

    vendorRoute(app, {
      ...forAdmins,
      method: 'GET',
      url: '/Vendor/:id/users/:userId',
      summary: 'Read one of a vendor’s users',
      params: VendorUserParams,
      data: VendorUser,
      answer: (vendorId, request) => getVendorUser(deps, vendorId, request.params.userId),
    });

    vendorRoute(app, {
      ...forAdmins,
      method: 'PATCH',
      url: '/Vendor/:id/users/:userId',
      document: { errors: ['CONFLICT'] },
      summary: 'Change a member’s role',
      description: 'The last Admin of a vendor cannot be made a User.',
      params: VendorUserParams,
      body: ChangeVendorUserRoleRequest,
      data: VendorUser,
      answer: (vendorId, request) => changeVendorUserRole(deps, vendorId, request.params.userId, request.body.role),
    });

    vendorRoute(app, {
      ...forAdmins,
      method: 'DELETE',
      url: '/Vendor/:id/users/:userId',
      document: { errors: ['CONFLICT'] },
      summary: 'Remove a member from the vendor',
      description: 'The user keeps their account; the last Admin of a vendor cannot be removed.',
      params: VendorUserParams,
      data: z.null(),
      message: 'The user was removed from the vendor.',
      answer: async (vendorId, request) => {
        await removeVendorUser(deps, vendorId, request.params.userId);
        return null;
      },
    });
  };
}
