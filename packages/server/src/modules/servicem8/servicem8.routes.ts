import {
  ClientChoice,
  FormResponseChoice,
  JobChoice,
  Sm8ReferenceItem,
  Sm8SyncResult,
  Sm8WebhookCheck,
} from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { access } from '../../http/access.ts';
import { vendorRoute } from '../../http/vendor-route.ts';
import { checkWebhooks, disconnectServiceM8 } from './connection-admin.service.ts';
import { searchClients, searchFormResponses, searchJobs } from './record-search.service.ts';
import { referenceItemsInPickerOrder } from './reference-items.service.ts';
import { syncReferenceData } from './sync.service.ts';

const tags = ['ServiceM8'];

const SearchText = z.object({
  search: z.string({ error: 'search must be text.' }).max(200, 'search can have at most 200 characters.').default(''),
});

export function servicem8Routes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    vendorRoute(app, {
      method: 'GET',
      url: '/Vendor/:id/sync',
      document: { errors: ['CONFLICT'] },
      access: access.vendorAdmin('id'),
      changesState: true,
      tags,
      summary: 'Copy the reference data from ServiceM8 now',
      description:
        'Badges, queues, categories, staff, forms with fields, materials and the time zone; answers what changed.',
      data: Sm8SyncResult,
      message: 'ServiceM8 data is up to date.',
      answer: (vendorId) => syncReferenceData(deps, vendorId),
    });

    vendorRoute(app, {
      method: 'POST',
      url: '/Vendor/:id/servicem8/webhooks/check',
      document: { errors: ['CONFLICT'] },
      access: access.vendorAdmin('id'),
      tags,
      summary: 'Check the ServiceM8 webhooks now',
      description:
        'Subscribes again what ServiceM8 is missing or deactivated (as the 15-minute check does); answers what it subscribed.',
      data: Sm8WebhookCheck,
      message: (check) =>
        check.resubscribed.length === 0
          ? 'Every webhook is live.'
          : `Subscribed again: ${check.resubscribed.join(', ')}.`,
      answer: (vendorId) => checkWebhooks(deps, vendorId),
    });

    vendorRoute(app, {
      method: 'DELETE',
      url: '/Vendor/:id/servicem8',
      document: { errors: ['CONFLICT'] },
      access: access.vendorAdmin('id'),
      tags,
      summary: 'Disconnect ServiceM8',
      description:
        'Deletes the connection (tokens and webhook secret): automations stop reaching the account until an Admin connects again. 409 when it is not connected.',
      data: z.object({ disconnected: z.literal(true) }),
      message: 'ServiceM8 was disconnected.',
      answer: async (vendorId) => {
        await disconnectServiceM8(deps, vendorId);
        return { disconnected: true as const };
      },
    });

    vendorRoute(app, {
      method: 'GET',
      url: '/Vendor/:id/servicem8/reference',
      document: { errors: ['CONFLICT'] },
      access: access.vendorMember('id'),
      tags,
      summary: 'The vendor’s ServiceM8 reference data, as last synced (for pickers)',
      description:
        'Ordered for pickers: by kind, each kind by name, and form fields by their place in their form (then by name).',
      data: z.array(Sm8ReferenceItem),
      answer: (vendorId) => referenceItemsInPickerOrder(deps.database.db, vendorId),
    });

    vendorRoute(app, {
      method: 'GET',
      url: '/Vendor/:id/servicem8/jobs',
      document: { errors: ['CONFLICT'] },
      access: access.vendorMember('id'),
      tags,
      summary: 'Find jobs in ServiceM8 by number, client, address or description',
      description:
        'A number finds that job; other words match the jobs edited in the last 90 days (all words, ignoring case), the latest first, at most 20. Read from ServiceM8, kept for a minute.',
      querystring: SearchText,
      data: z.array(JobChoice),
      answer: (vendorId, request) => searchJobs(deps, vendorId, request.query.search),
    });

    vendorRoute(app, {
      method: 'GET',
      url: '/Vendor/:id/servicem8/clients',
      document: { errors: ['CONFLICT'] },
      access: access.vendorMember('id'),
      tags,
      summary: 'Find clients in ServiceM8 by name or address',
      description:
        'Active clients whose name or address holds all the words (ignoring case), the latest edited first, at most 20. Read from ServiceM8, kept for a minute.',
      querystring: SearchText,
      data: z.array(ClientChoice),
      answer: (vendorId, request) => searchClients(deps, vendorId, request.query.search),
    });

    vendorRoute(app, {
      method: 'GET',
      url: '/Vendor/:id/servicem8/form-responses',
      document: { errors: ['CONFLICT'] },
      access: access.vendorMember('id'),
      tags,
      summary: 'Find submitted forms in ServiceM8 by the form’s name, job number or client',
      description:
        'Form responses of the last 90 days whose form name or job and client hold all the words (ignoring case), the latest first, at most 20. Read from ServiceM8, kept for a minute.',
      querystring: SearchText,
      data: z.array(FormResponseChoice),
      answer: (vendorId, request) => searchFormResponses(deps, vendorId, request.query.search),
    });
  };
}
