import { SearchQuery, searchPage, successEnvelope, UpdateVendorRequest, Vendor } from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { access, requireVendorScope } from '../../http/access.ts';
import { changeVendor, getVendor, listVendors } from './vendors.service.ts';

const tags = ['Vendor'];
const VendorParams = z.object({ id: z.string() });

/** Vendors (the businesses using Automate). The vendor always comes from the path. */
export function vendorRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/Vendor/search',
      {
        config: { access: access.superAdmin },
        schema: {
          tags,
          summary: 'Search all vendors',
          description: 'The super admin’s vendor selector reads `data.rows`.',
          querystring: SearchQuery,
          response: { 200: successEnvelope(searchPage(Vendor)) },
        },
      },
      async (request) => ({ success: true as const, data: await listVendors(deps, request.query) }),
    );

    app.get(
      '/Vendor/:id',
      {
        config: { access: access.vendorMember('id') },
        schema: { tags, summary: 'Read a vendor', params: VendorParams, response: { 200: successEnvelope(Vendor) } },
      },
      async (request) => ({ success: true as const, data: await getVendor(deps, requireVendorScope(request).id) }),
    );

    app.patch(
      '/Vendor/:id',
      {
        config: { access: access.vendorAdmin('id') },
        schema: {
          tags,
          summary: 'Rename a vendor or change its time zone',
          params: VendorParams,
          body: UpdateVendorRequest,
          response: { 200: successEnvelope(Vendor) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await changeVendor(deps, requireVendorScope(request).id, request.body),
        message: 'Saved.',
      }),
    );
  };
}
