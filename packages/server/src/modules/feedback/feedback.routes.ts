import {
  AdminFeedbackMessage,
  FeedbackMessage,
  SearchQuery,
  SendFeedbackRequest,
  searchPage,
} from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { access, requireCaller } from '../../http/access.ts';
import { answerRoute } from '../../http/answer-route.ts';
import { vendorRoute } from '../../http/vendor-route.ts';
import { listFeedback, sendFeedback } from './feedback.service.ts';

export function feedbackRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    vendorRoute(app, {
      method: 'POST',
      url: '/vendor/:vendorId/Feedback',
      access: access.vendorMember('vendorId'),
      tags: ['Feedback'],
      summary: 'Send feedback',
      description:
        'What the person would like to tell the platform (at most 2,000 characters), an optional rating from 1 to ' +
        '5, and the page they were on. Super admins read it under `/Admin/feedback/search`.',
      body: SendFeedbackRequest,
      data: FeedbackMessage,
      status: 201,
      message: 'Thank you for your feedback.',
      answer: (vendorId, request) => sendFeedback(deps, vendorId, requireCaller(request), request.body),
    });

    answerRoute(app, {
      method: 'GET',
      url: '/Admin/feedback/search',
      access: access.superAdmin,
      tags: ['Admin: feedback'],
      summary: 'Search the feedback',
      description:
        'The feedback every business sent, with its business (and its time zone) and sender. Sortable: createdAt ' +
        '(default: newest first), rating. Filterable: createdAt, rating, vendorId, userId, message.',
      querystring: SearchQuery,
      data: searchPage(AdminFeedbackMessage),
      answer: (request) => listFeedback(deps, request.query),
    });
  };
}
