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
import { access, requireCaller } from '../../http/access.ts';
import { answerRoute } from '../../http/answer-route.ts';
import {
  changeSystemEmail,
  createSystemEmail,
  getSystemEmail,
  listOutbox,
  listSystemEmails,
  previewSystemEmail,
  removeSystemEmail,
  sendTestSystemEmail,
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
        config: { ...config, document: { errors: ['CONFLICT'] } },
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
        config: { ...config, document: { errors: ['CONFLICT'] } },
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
        data: await changeSystemEmail(deps, requireCaller(request), request.params.id, request.body),
        message: 'The template was saved.',
      }),
    );

    app.delete(
      '/Admin/emails/:id',
      {
        config: { ...config, document: { errors: ['CONFLICT'] } },
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

    answerRoute(app, {
      method: 'POST',
      url: '/Admin/emails/:id/test',
      access: access.superAdmin,
      tags,
      summary: 'Send me a test of a template',
      description:
        'Renders the subject and body given (the template as it is being edited, saved or not) with sample data addressed to the caller, and sends it to the caller with "[Test]" before the subject.',
      params: IdParams,
      body: SystemEmailUpdate.pick({ subject: true, body: true }),
      data: z.object({ to: z.string() }),
      message: ({ to }) => `A test was sent to ${to}.`,
      answer: (request) => sendTestSystemEmail(deps, requireCaller(request), request.params.id, request.body),
    });

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
