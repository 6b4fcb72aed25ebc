import { EmailTemplate, EmailTemplateInput, MERGE_FIELDS } from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { access } from '../../http/access.ts';
import type { App } from '../../http/app-type.ts';
import { vendorRoute } from '../../http/vendor-route.ts';
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
const forMembers = { access: access.vendorMember('id'), tags };
const forAdmins = { access: access.vendorAdmin('id'), tags };
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
    vendorRoute(app, {
      ...forMembers,
      method: 'GET',
      url: '/Vendor/:id/email/templates/fetch',
      summary: "List the vendor's email templates",
      description: 'All of them, sorted by name.',
      data: z.array(EmailTemplate),
      answer: (vendorId) => listEmailTemplates(deps, vendorId),
    });

    vendorRoute(app, {
      ...forMembers,
      method: 'GET',
      url: '/Vendor/:id/email/templates/:templateId',
      summary: 'Read an email template',
      params: TemplateParams,
      data: EmailTemplate,
      answer: (vendorId, request) => getEmailTemplate(deps, vendorId, request.params.templateId),
    });

    vendorRoute(app, {
      ...forAdmins,
      method: 'POST',
      url: '/Vendor/:id/email/templates',
      document: { errors: ['CONFLICT'] },
      summary: 'Create an email template',
      description: textRules,
      body: EmailTemplateInput,
      data: EmailTemplate,
      status: 201,
      message: 'Created.',
      answer: (vendorId, request) => createEmailTemplate(deps, vendorId, request.body),
    });

    vendorRoute(app, {
      ...forAdmins,
      method: 'POST',
      url: '/Vendor/:id/email/templates/:templateId',
      document: { errors: ['CONFLICT'] },
      summary: 'Change an email template',
      description: textRules,
      params: TemplateParams,
      body: EmailTemplateInput,
      data: EmailTemplate,
      message: 'Saved.',
      answer: (vendorId, request) => changeEmailTemplate(deps, vendorId, request.params.templateId, request.body),
    });

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
  vendorRoute(scope, {
    ...forAdmins,
    method: 'DELETE',
    url: '/Vendor/:id/email/templates/:templateId',
    document: { errors: ['CONFLICT'] },
    summary: 'Delete an email template',
    description:
      'Any request body is ignored. Refused (409) while a trigger sends the template: choose another template there first.',
    params: TemplateParams,
    data: z.null(),
    message: 'Deleted.',
    answer: async (vendorId, request) => {
      await removeEmailTemplate(deps, { vendorId, id: request.params.templateId }, findTemplateUser);
      return null;
    },
  });
}
