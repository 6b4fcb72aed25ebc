import {
  OutboxMessage,
  RenderedEmail,
  SearchQuery,
  SystemEmail,
  SystemEmailInput,
  SystemEmailUpdate,
  searchPage,
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
const superAdmin = access.superAdmin;

/** Super admins edit the templates of the emails the platform sends, and read the outbox. */
export function systemEmailRoutes(deps: Deps): FastifyPluginAsyncZod {
  const db = deps.database.db;
  return async (app) => {
    answerRoute(app, {
      method: 'GET',
      url: '/Admin/emails/search',
      access: superAdmin,
      tags,
      summary: 'Search the system email templates',
      querystring: SearchQuery,
      data: searchPage(SystemEmail),
      answer: (request) => listSystemEmails(db, request.query),
    });

    answerRoute(app, {
      method: 'POST',
      url: '/Admin/emails',
      access: superAdmin,
      document: { errors: ['CONFLICT'] },
      tags,
      summary: 'Create an email template',
      body: SystemEmailInput,
      data: SystemEmail,
      status: 201,
      answer: (request) => createSystemEmail(db, request.body),
    });

    answerRoute(app, {
      method: 'POST',
      url: '/Admin/emails/preview',
      access: superAdmin,
      tags,
      summary: 'Render a template with sample data',
      body: SystemEmailUpdate.pick({ subject: true, body: true }),
      data: RenderedEmail,
      answer: (request) => previewSystemEmail(request.body),
    });

    answerRoute(app, {
      method: 'GET',
      url: '/Admin/emails/:id',
      access: superAdmin,
      tags,
      summary: 'Read an email template',
      params: IdParams,
      data: SystemEmail,
      answer: (request) => getSystemEmail(db, request.params.id),
    });

    answerRoute(app, {
      method: 'POST',
      url: '/Admin/emails/:id',
      access: superAdmin,
      document: { errors: ['CONFLICT'] },
      tags,
      summary: 'Change an email template',
      params: IdParams,
      body: SystemEmailUpdate,
      data: SystemEmail,
      message: 'The template was saved.',
      answer: (request) => changeSystemEmail(deps, requireCaller(request), request.params.id, request.body),
    });

    answerRoute(app, {
      method: 'DELETE',
      url: '/Admin/emails/:id',
      access: superAdmin,
      document: { errors: ['CONFLICT'] },
      tags,
      summary: 'Delete an email template (not one the platform sends)',
      params: IdParams,
      data: z.null(),
      message: 'The template was deleted.',
      answer: async (request) => {
        await removeSystemEmail(db, request.params.id);
        return null;
      },
    });

    answerRoute(app, {
      method: 'POST',
      url: '/Admin/emails/:id/test',
      access: superAdmin,
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

    answerRoute(app, {
      method: 'GET',
      url: '/Admin/outbox/search',
      access: superAdmin,
      tags,
      summary: 'Search the emails the platform has sent or kept (the outbox)',
      description: 'Without SMTP_URL (demo mode) every email is kept here with status `Stored` instead of being sent.',
      querystring: SearchQuery,
      data: searchPage(OutboxMessage),
      answer: (request) => listOutbox(db, request.query),
    });
  };
}
