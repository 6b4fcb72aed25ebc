import { EmailTemplate, EmailTemplateInput, MERGE_FIELDS, successEnvelope } from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { access, requireVendorScope } from '../../http/access.ts';
import type { App } from '../../http/app-type.ts';
import {
  changeEmailTemplate,
  createEmailTemplate,
  type FindTemplateUser,
  getEmailTemplate,
  listEmailTemplates,
  removeEmailTemplate,
} from './email-templates.service.ts';

const tags = ['Email templates'];
const VendorParams = z.object({ id: z.string() });
const TemplateParams = VendorParams.extend({ templateId: z.uuid('templateId is not a valid id.') });
const members = { access: access.vendorMember('id') };
const admins = { access: access.vendorAdmin('id') };
const textRules = `The subject and body may use the merge fields ${MERGE_FIELDS.map((field) => `\`{{ ${field.name} }}\``).join(', ')} (Liquid filters such as \`| upcase\` are allowed); any other variable, or a text that does not parse, is refused. Names are unique per vendor, ignoring case.`;

/**
 * The vendor's email templates: fetch, create, change, delete. `findTemplateUser` finds a trigger that
 * still sends a template (deleting one is refused then).
 */
export function emailTemplateRoutes(
  deps: Deps,
  { findTemplateUser }: { findTemplateUser: FindTemplateUser },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/Vendor/:id/email/templates/fetch',
      {
        config: members,
        schema: {
          tags,
          summary: "List the vendor's email templates",
          description: 'All of them, sorted by name.',
          params: VendorParams,
          response: { 200: successEnvelope(z.array(EmailTemplate)) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await listEmailTemplates(deps, requireVendorScope(request).id),
      }),
    );

    app.get(
      '/Vendor/:id/email/templates/:templateId',
      {
        config: members,
        schema: {
          tags,
          summary: 'Read an email template',
          params: TemplateParams,
          response: { 200: successEnvelope(EmailTemplate) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await getEmailTemplate(deps, requireVendorScope(request).id, request.params.templateId),
      }),
    );

    app.post(
      '/Vendor/:id/email/templates',
      {
        config: admins,
        schema: {
          tags,
          summary: 'Create an email template',
          description: textRules,
          params: VendorParams,
          body: EmailTemplateInput,
          response: { 201: successEnvelope(EmailTemplate) },
        },
      },
      async (request, reply) => {
        const data = await createEmailTemplate(deps, requireVendorScope(request).id, request.body);
        return reply.status(201).send({ success: true as const, data, message: 'Created.' });
      },
    );

    app.post(
      '/Vendor/:id/email/templates/:templateId',
      {
        config: admins,
        schema: {
          tags,
          summary: 'Change an email template',
          description: textRules,
          params: TemplateParams,
          body: EmailTemplateInput,
          response: { 200: successEnvelope(EmailTemplate) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await changeEmailTemplate(deps, requireVendorScope(request).id, request.params.templateId, request.body),
        message: 'Saved.',
      }),
    );

    await app.register(async (scope) => registerDelete(scope, deps, findTemplateUser));
  };
}

/**
 * The published DELETE call carries a body, which says nothing we need: in a scope of its own, any body (JSON,
 * empty JSON, another content type) is read and ignored instead of being parsed or refused.
 */
function registerDelete(scope: App, deps: Deps, findTemplateUser: FindTemplateUser): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));
  scope.delete(
    '/Vendor/:id/email/templates/:templateId',
    {
      config: admins,
      schema: {
        tags,
        summary: 'Delete an email template',
        description:
          'Any request body is ignored. Refused (409) while a trigger sends the template: choose another template there first.',
        params: TemplateParams,
        response: { 200: successEnvelope(z.null()) },
      },
    },
    async (request) => {
      const where = { vendorId: requireVendorScope(request).id, id: request.params.templateId };
      await removeEmailTemplate(deps, where, findTemplateUser);
      return { success: true as const, data: null, message: 'Deleted.' };
    },
  );
}
