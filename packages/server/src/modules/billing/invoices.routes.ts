import { Invoice, InvoiceInput, InvoiceStatusChange, SearchQuery, searchPage } from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { access, requireCaller } from '../../http/access.ts';
import { answerRoute, replyRoute } from '../../http/answer-route.ts';
import { vendorRoute } from '../../http/vendor-route.ts';
import { findVendor } from '../vendors/vendors.service.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { changeInvoiceStatus, createInvoice, listInvoices, readInvoice } from './invoices.service.ts';

const tags = ['Accounting'];
const InvoiceParams = z.object({ id: z.uuid('The invoice id is not valid.') });
const readers =
  'SuperAdmins, and the Admins of the invoiced vendor (a User of it: 403; anyone else: 404, as for a missing invoice).';

/** Invoices: Stripe's mirrored, and manual ones SuperAdmins write and move through their statuses. */
export function invoiceRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    answerRoute(app, {
      method: 'POST',
      url: '/Accounting/invoice/create',
      document: { errors: ['NOT_FOUND'] },
      access: access.superAdmin,
      tags,
      summary: 'Write an invoice to a vendor',
      description: 'A DRAFT with the next number. Line amounts exclude GST; GST of 15% is added to the subtotal.',
      body: InvoiceInput,
      data: Invoice,
      status: 201,
      message: 'Invoice created as a draft.',
      answer: (request) => createInvoice(deps, request.body),
    });

    answerRoute(app, {
      method: 'GET',
      url: '/Accounting/invoice/fetch/:id',
      document: { errors: ['FORBIDDEN'] },
      access: access.signedIn,
      tags,
      summary: 'Read an invoice',
      description: readers,
      params: InvoiceParams,
      data: Invoice,
      answer: (request) => readInvoice(deps, requireCaller(request), request.params.id),
    });

    answerRoute(app, {
      method: 'POST',
      url: '/Accounting/invoice/:id/status',
      document: { errors: ['CONFLICT'] },
      access: access.superAdmin,
      tags,
      summary: "Change a manual invoice's status",
      description:
        'DRAFT → SUBMITTED or DELETED; SUBMITTED → DRAFT, AUTHORISED or DELETED; AUTHORISED → PAID or VOIDED. ' +
        "Any other change, and any change to Stripe's invoices, is 409 with a sentence.",
      params: InvoiceParams,
      body: InvoiceStatusChange,
      data: Invoice,
      message: (invoice) => `Invoice ${invoice.number} is now ${invoice.status}.`,
      answer: (request) => changeInvoiceStatus(deps, request.params.id, request.body.status),
    });

    replyRoute(app, {
      method: 'GET',
      url: '/Accounting/invoice/:id/pdf',
      access: access.signedIn,
      document: {
        file: { mediaTypes: ['application/pdf'], description: 'The invoice as a PDF (an attachment).' },
        errors: ['FORBIDDEN'],
      },
      tags,
      summary: 'An invoice as a PDF',
      description: readers,
      params: InvoiceParams,
      reply: async (request, reply) => {
        const invoice = await readInvoice(deps, requireCaller(request), request.params.id);
        const vendor = await findVendor(deps.database.db, invoice.vendorId);
        const bytes = await renderInvoicePdf(invoice, { timeZone: vendor?.timeZone ?? 'Pacific/Auckland' });
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="invoice-${invoice.number}.pdf"`)
          .send(bytes);
      },
    });

    answerRoute(app, {
      method: 'GET',
      url: '/Accounting/invoices/search',
      access: access.superAdmin,
      tags,
      summary: "Search every vendor's invoices",
      querystring: SearchQuery,
      data: searchPage(Invoice),
      answer: (request) => listInvoices(deps.database.db, request.query),
    });

    vendorRoute(app, {
      method: 'GET',
      url: '/Accounting/invoices/search/vendor/:vendorId',
      access: access.vendorAdmin('vendorId'),
      tags,
      summary: "Search a vendor's invoices",
      querystring: SearchQuery,
      data: searchPage(Invoice),
      answer: (vendorId, request) => listInvoices(deps.database.db, request.query, vendorId),
    });
  };
}
