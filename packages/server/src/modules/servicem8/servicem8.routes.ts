import {
  CompleteSm8ConnectionRequest,
  Sm8ConnectionCandidates,
  Sm8ConnectionQuery,
  Sm8TokenLoginQuery,
  successEnvelope,
  UserSession,
} from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { access } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { requireVendorScope } from '../auth/access-control.ts';
import { completeConnect, finishConsent, listCandidates, startConnect, tokenLogin } from './connect.service.ts';
import { listReferenceItems } from './servicem8.repository.ts';
import { syncReferenceData } from './sync.service.ts';

const tags = ['ServiceM8'];
const Change = z.object({ added: z.number(), removed: z.number(), changed: z.number(), total: z.number() });
const SyncResult = z.object({
  badge: Change,
  queue: Change,
  category: Change,
  staff: Change,
  form: Change,
  formfield: Change,
  material: Change,
  timeZone: z.object({ from: z.string(), to: z.string() }).nullable(),
});
const ReferenceItem = z.object({
  kind: z.string(),
  uuid: z.string(),
  name: z.string(),
  active: z.boolean(),
  details: z.record(z.string(), z.unknown()),
});

export function servicem8Routes(deps: Deps): FastifyPluginAsyncZod {
  const pageWithError = (error: unknown) => {
    const message = error instanceof AppError ? error.message : 'Connecting to ServiceM8 failed. Please try again.';
    if (!(error instanceof AppError)) deps.logger.error({ err: error }, 'ServiceM8 connection failed');
    return `${deps.config.publicUrl}/sm8/activate?${new URLSearchParams({ error: message }).toString()}`;
  };
  return async (app) => {
    app.get(
      '/Auth/login/servicem8',
      {
        config: { access: access.public },
        schema: { tags, summary: 'Start signing in with ServiceM8 (redirects to its consent page)' },
      },
      async (_request, reply) => {
        try {
          return reply.redirect(await startConnect(deps));
        } catch (error) {
          return reply.redirect(pageWithError(error));
        }
      },
    );

    app.get(
      '/Auth/servicem8/callback',
      {
        config: { access: access.public },
        schema: {
          tags,
          summary: 'Where ServiceM8 returns after consent (redirects to /sm8/activate)',
          querystring: z.object({
            code: z.string().optional(),
            state: z.string().optional(),
            error: z.string().optional(),
          }),
        },
      },
      async (request, reply) => {
        try {
          return reply.redirect(await finishConsent(deps, request.query));
        } catch (error) {
          return reply.redirect(pageWithError(error));
        }
      },
    );

    app.get(
      '/Auth/servicem8/vendors',
      {
        config: { access: access.public },
        schema: {
          tags,
          summary: 'The ServiceM8 account(s) of a pending sign-in, to choose one to activate',
          querystring: Sm8ConnectionQuery,
          response: { 200: successEnvelope(Sm8ConnectionCandidates) },
        },
      },
      async (request) => ({ success: true as const, data: await listCandidates(deps, request.query.connection) }),
    );

    app.post(
      '/Auth/servicem8/complete',
      {
        config: { access: access.public },
        schema: {
          tags,
          summary: 'Activate the chosen ServiceM8 account and sign in',
          description:
            'Creates the vendor (or finds it by the account), subscribes webhooks and syncs reference data in the background.',
          body: CompleteSm8ConnectionRequest,
          response: { 200: successEnvelope(UserSession) },
        },
      },
      async (request) => ({ success: true as const, data: await completeConnect(deps, request.body) }),
    );

    app.get(
      '/Auth/servicem8/tokenlogin',
      {
        config: { access: access.public },
        schema: {
          tags,
          summary: 'Sign in from inside ServiceM8 with an add-on event token',
          querystring: Sm8TokenLoginQuery,
          response: { 200: successEnvelope(UserSession) },
        },
      },
      async (request) => ({ success: true as const, data: await tokenLogin(deps, request.query.token) }),
    );

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
          response: { 200: successEnvelope(SyncResult) },
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
          response: { 200: successEnvelope(z.array(ReferenceItem)) },
        },
      },
      async (request) => ({
        success: true as const,
        data: (await listReferenceItems(deps.database.db, requireVendorScope(request).id)).map(
          ({ kind, uuid, name, active, details }) => ({ kind, uuid, name, active, details }),
        ),
      }),
    );
  };
}
