import { SearchQuery, searchPage, UpdateVendorRequest, Vendor } from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { access } from '../../http/access.ts';
import { answerRoute } from '../../http/answer-route.ts';
import { vendorRoute } from '../../http/vendor-route.ts';
import { noteSettingBefore } from '../audit/acting-as-vendor.audit.ts';
import { changeVendor, getVendor, listVendors } from './vendors.service.ts';

const tags = ['Vendor'];

/** Vendors (the businesses using Automate). The vendor always comes from the path. */
export function vendorRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    answerRoute(app, {
      method: 'GET',
      url: '/Vendor/search',
      access: access.superAdmin,
      tags,
      summary: 'Search all vendors',
      description: 'The super admin’s vendor selector reads `data.rows`.',
      querystring: SearchQuery,
      data: searchPage(Vendor),
      answer: (request) => listVendors(deps, request.query),
    });

    vendorRoute(app, {
      method: 'GET',
      url: '/Vendor/:id',
      access: access.vendorMember('id'),
      tags,
      summary: 'Read a vendor',
      data: Vendor,
      answer: (vendorId) => getVendor(deps, vendorId),
    });

    vendorRoute(app, {
      method: 'PATCH',
      url: '/Vendor/:id',
      access: access.vendorAdmin('id'),
      tags,
      summary: 'Change a vendor’s name, time zone, sender name, client messaging settings or address on invoices',
      body: UpdateVendorRequest,
      data: Vendor,
      message: 'Saved.',
      answer: async (vendorId, request) => {
        const { name, timeZone, senderName, clientMessaging, sm8StaffMayJoin, billingAddress } = await getVendor(
          deps,
          vendorId,
        );
        noteSettingBefore(request, { name, timeZone, senderName, clientMessaging, sm8StaffMayJoin, billingAddress });
        return changeVendor(deps, vendorId, request.body);
      },
    });
  };
}
