import {
  SearchQuery,
  searchPage,
  TemplateCopy,
  TemplateCopyRequest,
  TriggerTemplate,
  TriggerTemplateInput,
} from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { access, requireCaller } from '../../http/access.ts';
import { answerRoute } from '../../http/answer-route.ts';
import { copyTemplate } from './template-copy.service.ts';
import {
  changeTemplate,
  createTemplate,
  getTemplate,
  listOnboardingTemplates,
  listTemplates,
  removeTemplate,
} from './trigger-templates.service.ts';

const base = '/TriggerTemplate';
const tags = ['TriggerTemplate'];
// A uuid, so `search` can never be taken for a template id.
const IdParams = z.object({ id: z.uuid('id is not a valid template id.') });
const CopyParams = IdParams.extend({ vendorId: z.string() });

const SEARCH_FIELDS =
  'Filterable: title, text (title and description), category, event, published, onboardingOrder, updatedAt. Sortable: title, category, published, onboardingOrder, updatedAt.';

/** The template library and copying a template onto a vendor's own ServiceM8 records. */
export function triggerTemplateRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    answerRoute(app, {
      method: 'GET',
      url: `${base}/search`,
      access: access.signedIn,
      tags,
      summary: 'Search the template library',
      description: `Vendors see published templates; super admins see drafts too. ${SEARCH_FIELDS} Default: title ascending.`,
      querystring: SearchQuery,
      data: searchPage(TriggerTemplate),
      answer: (request) => listTemplates(deps, requireCaller(request), request.query),
    });

    answerRoute(app, {
      method: 'GET',
      url: `${base}/search/onboarding`,
      access: access.signedIn,
      tags,
      summary: 'The templates recommended to a new vendor',
      description: `Published templates with an onboarding order, in that order unless SortBy says otherwise. ${SEARCH_FIELDS}`,
      querystring: SearchQuery,
      data: searchPage(TriggerTemplate),
      answer: (request) => listOnboardingTemplates(deps, request.query),
    });

    answerRoute(app, {
      method: 'POST',
      url: base,
      access: access.superAdmin,
      tags,
      summary: 'Create a template',
      description:
        'The definition names ServiceM8 records (badges, queues, categories, forms, fields, materials) by name and keeps the rules of its event; it writes its emails out and carries no file.',
      body: TriggerTemplateInput,
      data: TriggerTemplate,
      status: 201,
      message: 'The template was created.',
      answer: (request) => createTemplate(deps, request.body),
    });

    answerRoute(app, {
      method: 'GET',
      url: `${base}/:id`,
      access: access.signedIn,
      tags,
      summary: 'Read a template',
      description: 'A draft is visible to super admins only.',
      params: IdParams,
      data: TriggerTemplate,
      answer: (request) => getTemplate(deps, requireCaller(request), request.params.id),
    });

    answerRoute(app, {
      method: 'POST',
      url: `${base}/:id`,
      access: access.superAdmin,
      tags,
      summary: 'Change a template',
      description: 'The body is the whole template, checked as a new one. Triggers copied from it stay as they are.',
      params: IdParams,
      body: TriggerTemplateInput,
      data: TriggerTemplate,
      message: 'Saved.',
      answer: (request) => changeTemplate(deps, request.params.id, request.body),
    });

    answerRoute(app, {
      method: 'DELETE',
      url: `${base}/:id`,
      access: access.superAdmin,
      tags,
      summary: 'Delete a template',
      description: 'Triggers copied from it stay as they are.',
      params: IdParams,
      data: z.null(),
      message: 'The template was deleted.',
      answer: async (request) => {
        await removeTemplate(deps, request.params.id);
        return null;
      },
    });

    answerRoute(app, {
      method: 'POST',
      url: `${base}/:id/copy/:vendorId`,
      document: { errors: ['CONFLICT', 'SERVICE_UNAVAILABLE'] },
      access: access.vendorMember('vendorId'),
      tags,
      summary: "Copy a template onto the vendor's ServiceM8 records",
      description:
        "Each record the template names becomes the vendor's active record of that kind and name (ignoring case). When some do not match, the answer is 409 with `unresolved`: each with its `key` and the vendor's `candidates`. Post again with `mappings` (key → uuid of one of the candidates) or `createMissing: true` (creates a missing badge or queue in ServiceM8). The copy is a new, disabled trigger; its emails become the vendor's email templates.",
      params: CopyParams,
      body: TemplateCopyRequest,
      data: TemplateCopy,
      status: 201,
      message: 'The automation was copied. It is off until you turn it on.',
      answer: (request) =>
        copyTemplate(
          deps,
          requireCaller(request),
          { templateId: request.params.id, vendorId: request.params.vendorId },
          request.body,
        ),
    });
  };
}
