import { PlatformInvoiceDetails } from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { access } from '../../http/access.ts';
import { answerRoute } from '../../http/answer-route.ts';
import { changePlatformInvoiceDetails, readPlatformInvoiceDetails } from './platform-settings.service.ts';

const tags = ['Admin: settings'];

/** The platform's legal name, address, GST number and invoice footer: SuperAdmins read and change them. */
export function platformSettingsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    answerRoute(app, {
      method: 'GET',
      url: '/Admin/settings/invoicing',
      access: access.superAdmin,
      tags,
      summary: "The platform's details on its tax invoices",
      data: PlatformInvoiceDetails,
      answer: () => readPlatformInvoiceDetails(deps),
    });

    answerRoute(app, {
      method: 'POST',
      url: '/Admin/settings/invoicing',
      access: access.superAdmin,
      tags,
      summary: "Change the platform's details on its tax invoices",
      description: 'Every invoice and its PDF shows them from then on. Each text may be empty.',
      body: PlatformInvoiceDetails,
      data: PlatformInvoiceDetails,
      message: 'Saved. Invoices show these details now.',
      answer: (request) => changePlatformInvoiceDetails(deps, request.body),
    });
  };
}
