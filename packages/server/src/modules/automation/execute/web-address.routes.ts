import { SigningSecret, WebAddressParams, WebAddressSettings, WebAddressTestResult } from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../deps.ts';
import { access, requireCaller } from '../../../http/access.ts';
import { vendorRoute } from '../../../http/vendor-route.ts';
import { rotateSigningSecret, sendTestDelivery, webAddressSettings } from './web-address.service.ts';

const base = '/vendor/:vendorId/WebAddress';
const route = { access: access.vendorAdmin('vendorId'), tags: ['Web addresses'] };

/** Sending to web addresses: what Account shows, the signing secret, and "Send a test" in the editor. */
export function webAddressRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    vendorRoute(app, {
      ...route,
      method: 'GET',
      url: base,
      summary: 'Sending to web addresses: the signing secret and today’s deliveries',
      description:
        'When the signing secret in use was created (null before the first delivery or rotation; the secret itself is shown only when created), and how many deliveries the business started today of its daily limit.',
      data: WebAddressSettings,
      answer: (vendorId) => webAddressSettings(deps, vendorId),
    });

    vendorRoute(app, {
      ...route,
      method: 'POST',
      url: `${base}/secret`,
      summary: 'Create or rotate the signing secret',
      description:
        'A new signing secret for the Automate-Signature header of every delivery from now on, shown in this answer only; the previous one stops being used at once.',
      data: SigningSecret,
      answer: (vendorId, request) => rotateSigningSecret(deps, requireCaller(request), vendorId),
    });

    vendorRoute(app, {
      ...route,
      method: 'POST',
      url: `${base}/test`,
      summary: 'Send a test to a web address',
      description:
        'Posts a sample (a sample job as JSON, or the written body as it is) with the headers and the signature a run would send, and answers what the web address said. Header values may be as typed or as the saved trigger gives them back.',
      body: WebAddressParams,
      data: WebAddressTestResult,
      answer: (vendorId, request) => sendTestDelivery(deps, vendorId, request.body),
    });
  };
}
