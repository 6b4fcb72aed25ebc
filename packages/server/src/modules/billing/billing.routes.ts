import {
  CheckoutLink,
  CurrentSubscription,
  Plan,
  PlanInput,
  PlanUpdate,
  SearchQuery,
  searchPage,
} from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { access, requireCaller } from '../../http/access.ts';
import { answerRoute } from '../../http/answer-route.ts';
import { vendorRoute } from '../../http/vendor-route.ts';
import { checkoutLink, currentSubscription, setCancelAtPeriodEnd, type UsageCounter } from './checkout.service.ts';
import { archivePlan, changePlan, createPlan, listPlans, listPlansForSale } from './plans.service.ts';

const tags = ['Accounting'];
const IdParams = z.object({ id: z.string().min(1).max(255) });
const PlanIdParams = z.object({ id: z.uuid('The plan id is not valid.') });
const PriceIdParams = z.object({ id: z.uuid('The plan price id is not valid.') });

/**
 * Plans (SuperAdmins), and the current vendor's checkout, subscription and cancellation (its Admins).
 * `countUsage` counts what the vendor uses this period: it comes from the modules above billing.
 */
export function billingRoutes(deps: Deps, { countUsage }: { countUsage: UsageCounter }): FastifyPluginAsyncZod {
  return async (app) => {
    answerRoute(app, {
      method: 'POST',
      url: '/Accounting/product/subscription/create',
      document: { errors: ['SERVICE_UNAVAILABLE'] },
      access: access.superAdmin,
      tags,
      summary: 'Create a subscription plan',
      description: 'Prices are NZD cents including GST. The Stripe product and prices are created with it.',
      body: PlanInput,
      data: Plan,
      status: 201,
      message: 'Plan created.',
      answer: (request) => createPlan(deps, request.body),
    });

    answerRoute(app, {
      method: 'POST',
      url: '/Accounting/product/subscription/update',
      document: { errors: ['NOT_FOUND', 'SERVICE_UNAVAILABLE'] },
      access: access.superAdmin,
      tags,
      summary: 'Change a subscription plan',
      description:
        'A changed amount becomes a new Stripe price for new buyers; subscribers keep the price they bought until they change plan.',
      body: PlanUpdate,
      data: Plan,
      message: 'Plan saved.',
      answer: (request) => changePlan(deps, request.body),
    });

    answerRoute(app, {
      method: 'DELETE',
      url: '/Accounting/product/subscription/:id/delete',
      document: { errors: ['CONFLICT', 'SERVICE_UNAVAILABLE'] },
      access: access.superAdmin,
      tags,
      summary: 'Archive a subscription plan',
      description: 'Plans are never deleted: an archived plan is hidden from new buyers and its subscribers keep it.',
      params: PlanIdParams,
      data: Plan,
      message: 'Plan archived.',
      answer: (request) => archivePlan(deps, request.params.id),
    });

    answerRoute(app, {
      method: 'GET',
      url: '/Accounting/product/subscription/search',
      access: access.superAdmin,
      tags,
      summary: 'Search subscription plans',
      querystring: SearchQuery,
      data: searchPage(Plan),
      answer: (request) => listPlans(deps.database.db, request.query),
    });

    answerRoute(app, {
      method: 'GET',
      url: '/Accounting/product/subscription/active',
      access: access.signedIn,
      tags,
      summary: 'The plans on sale now',
      description: 'Archived plans are left out; cheapest first.',
      data: z.array(Plan),
      answer: () => listPlansForSale(deps.database.db),
    });

    vendorRoute(app, {
      method: 'GET',
      url: '/Accounting/checkout/:id',
      document: { errors: ['CONFLICT', 'SERVICE_UNAVAILABLE'] },
      access: access.currentVendorAdmin,
      changesState: true,
      tags,
      summary: 'Pay for a plan price',
      description:
        'Answers the Stripe Checkout page to open (a popup); success and cancel return to /payment/close. With a live ' +
        'subscription the plan is changed in place (prorated, invoiced now) and the answer is /payment/close itself.',
      params: PriceIdParams,
      data: CheckoutLink,
      answer: (vendorId, request) =>
        checkoutLink(deps, vendorId, request.params.id, requireCaller(request), countUsage),
    });

    vendorRoute(app, {
      method: 'GET',
      url: '/Accounting/product/sub/active',
      access: access.currentVendorAdmin,
      tags,
      summary: "The vendor's current subscription",
      description:
        'Plan, status, period, cancellation, and usage this period against the plan’s limits; null when it never had one.',
      data: CurrentSubscription.nullable(),
      answer: (vendorId) => currentSubscription(deps, vendorId, countUsage),
    });

    vendorRoute(app, {
      method: 'GET',
      url: '/Accounting/subscription/:id/cancel',
      document: { errors: ['CONFLICT', 'SERVICE_UNAVAILABLE'] },
      access: access.currentVendorAdmin,
      changesState: true,
      tags,
      summary: 'Cancel the subscription at the end of its period',
      description: 'Automations keep running until then; resume before then to keep the subscription.',
      params: IdParams,
      data: CurrentSubscription,
      message: 'The subscription cancels at the end of its period.',
      answer: (vendorId, request) => setCancelAtPeriodEnd(deps, vendorId, request.params.id, true, countUsage),
    });

    vendorRoute(app, {
      method: 'GET',
      url: '/Accounting/subscription/:id/resume',
      document: { errors: ['CONFLICT', 'SERVICE_UNAVAILABLE'] },
      access: access.currentVendorAdmin,
      changesState: true,
      tags,
      summary: 'Keep a subscription that was set to cancel',
      params: IdParams,
      data: CurrentSubscription,
      message: 'The subscription continues.',
      answer: (vendorId, request) => setCancelAtPeriodEnd(deps, vendorId, request.params.id, false, countUsage),
    });
  };
}
