import { Sm8ReferenceItem, Sm8SyncResult, successEnvelope } from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { access, requireVendorScope } from '../../http/access.ts';
import { referenceItemsOf } from './reference-items.service.ts';
import { syncReferenceData } from './sync.service.ts';

const tags = ['ServiceM8'];
export function servicem8Routes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/Vendor/:id/sync',
      {
        config: { access: access.vendorAdmin('id') },
        schema: {
          tags,
          summary: 'Copy the reference data from ServiceM8 now',
          description:
            'Badges, queues, categories, staff, forms with fields, materials and the time zone; answers what changed.',
          params: z.object({ id: z.string() }),
          response: { 200: successEnvelope(Sm8SyncResult) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await syncReferenceData(deps, requireVendorScope(request).id),
        message: 'ServiceM8 data is up to date.',
      }),
    );

    app.get(
      '/Vendor/:id/servicem8/reference',
      {
        config: { access: access.vendorMember('id') },
        schema: {
          tags,
          summary: 'The vendor’s ServiceM8 reference data, as last synced (for pickers)',
          params: z.object({ id: z.string() }),
          response: { 200: successEnvelope(z.array(Sm8ReferenceItem)) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await referenceItemsOf(deps.database.db, requireVendorScope(request).id),
      }),
    );
  };
}
