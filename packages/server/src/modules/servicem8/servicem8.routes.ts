import { Sm8ReferenceItem, Sm8SyncResult } from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { access } from '../../http/access.ts';
import { vendorRoute } from '../../http/vendor-route.ts';
import { referenceItemsOf } from './reference-items.service.ts';
import { syncReferenceData } from './sync.service.ts';

const tags = ['ServiceM8'];

export function servicem8Routes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    vendorRoute(app, {
      method: 'GET',
      url: '/Vendor/:id/sync',
      access: access.vendorAdmin('id'),
      tags,
      summary: 'Copy the reference data from ServiceM8 now',
      description:
        'Badges, queues, categories, staff, forms with fields, materials and the time zone; answers what changed.',
      data: Sm8SyncResult,
      message: 'ServiceM8 data is up to date.',
      answer: (vendorId) => syncReferenceData(deps, vendorId),
    });

    vendorRoute(app, {
      method: 'GET',
      url: '/Vendor/:id/servicem8/reference',
      access: access.vendorMember('id'),
      tags,
      summary: 'The vendor’s ServiceM8 reference data, as last synced (for pickers)',
      data: z.array(Sm8ReferenceItem),
      answer: (vendorId) => referenceItemsOf(deps.database.db, vendorId),
    });
  };
}
