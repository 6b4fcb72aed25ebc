import { ApiKey, ApiKeyInput, CreatedApiKey } from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { access, requireCaller } from '../../http/access.ts';
import { vendorRoute } from '../../http/vendor-route.ts';
import { createKey, listKeys, revokeKey } from './api-keys.service.ts';

const base = '/vendor/:vendorId/ApiKeys';
const route = { access: access.vendorAdmin('vendorId'), tags: ['API keys'] };
const KeyParams = z.object({ vendorId: z.string(), keyId: z.uuid('keyId is not a valid id.') });

/** The business's API keys: listed with their last use, made (shown once) and revoked, by its Admins (never with a key). */
export function apiKeyRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    vendorRoute(app, {
      ...route,
      method: 'GET',
      url: base,
      summary: 'The business’s API keys',
      description:
        'Every key not revoked, newest first, with its scope, its first characters and when it was last used.',
      data: z.array(ApiKey),
      answer: (vendorId) => listKeys(deps, vendorId),
    });

    vendorRoute(app, {
      ...route,
      method: 'POST',
      url: base,
      summary: 'Make an API key',
      description:
        'A new key (`atm_live_…`), answered whole this once: only its hash is kept. Send it as `Authorization: Bearer atm_live_…` to the automation routes (`/api/vendor/{vendorId}/Trigger…`).',
      body: ApiKeyInput,
      data: CreatedApiKey,
      answer: (vendorId, request) => createKey(deps, requireCaller(request), vendorId, request.body),
    });

    vendorRoute(app, {
      ...route,
      method: 'DELETE',
      url: `${base}/:keyId`,
      summary: 'Revoke an API key',
      description: 'The key stops working at once, in every process.',
      params: KeyParams,
      data: z.null(),
      answer: (vendorId, request) => revokeKey(deps, requireCaller(request), vendorId, request.params.keyId),
    });
  };
}
