import {
  OutboxMessage,
  RenderedEmail,
  SearchQuery,
  SystemEmail,
  SystemEmailInput,
  SystemEmailUpdate,
  searchPage,
  successEnvelope,
} from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { access } from '../../http/access.ts';
import {
  changeSystemEmail,
  createSystemEmail,
  getSystemEmail,
  listOutbox,
  listSystemEmails,
  previewSystemEmail,
  removeSystemEmail,
} from './system-emails.service.ts';

const IdParams = z.object({ id: z.uuid('id is not a valid id.') });
const tags = ['Admin: emails'];
const config = { access: access.superAdmin };

/** Super admins edit the templates of the emails the platform sends, and read the outbox. */
export function systemEmailRoutes(deps: Deps): FastifyPluginAsyncZod {
  const db = deps.database.db;
  return async (app) => {
    app.get(
      '/Admin/emails/search',
      {
        config,
        schema: {
          tags,
          summary: 'Search the system email templates',
          querystring: SearchQuery,
          response: { 200: successEnvelope(searchPage(SystemEmail)) },
        },
      },
      async (request) => ({ success: true as const, data: await listSystemEmails(db, request.query) }),
    );

    app.post(
      '/Admin/emails',
      {
        config,
        schema: {
          tags,
          summary: 'Create an email template',
          body: SystemEmailInput,
          response: { 201: successEnvelope(SystemEmail) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ success: true as const, data: await createSystemEmail(db, request.body) }),
    );

    app.post(
      '/Admin/emails/preview',
      {
        config,
        schema: {
          tags,
          summary: 'Render a template with sample data',
          body: SystemEmailUpdate.pick({ subject: true, body: true }),
          response: { 200: successEnvelope(RenderedEmail) },
        },
      },
      async (request) => ({ success: true as const, data: await previewSystemEmail(request.body) }),
    );

    app.get(
      '/Admin/emails/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Read an email template',
          params: IdParams,
          response: { 200: successEnvelope(SystemEmail) },
        },
      },
      async (request) => ({ success: true as const, data: await getSystemEmail(db, request.params.id) }),
    );

    app.post(
      '/Admin/emails/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Change an email template',
          params: IdParams,
          body: SystemEmailUpdate,
          response: { 200: successEnvelope(SystemEmail) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await changeSystemEmail(db, request.params.id, request.body),
        message: 'The template was saved.',
      }),
    );

    app.delete(
      '/Admin/emails/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Delete an email template (not one the platform sends)',
          params: IdParams,
          response: { 200: successEnvelope(z.null()) },
        },
      },
      async (request) => {
        await removeSystemEmail(db, request.params.id);
        return { success: true as const, data: null, message: 'The template was deleted.' };
      },
    );

    app.get(
      '/Admin/outbox/search',
      {
        config,
        schema: {
          tags,
          summary: 'Search the emails the platform has sent or kept (the outbox)',
          description:
            'Without SMTP_URL (demo mode) every email is kept here with status `Stored` instead of being sent.',
          querystring: SearchQuery,
          response: { 200: successEnvelope(searchPage(OutboxMessage)) },
        },
      },
      async (request) => ({ success: true as const, data: await listOutbox(db, request.query) }),
    );
  };
}
