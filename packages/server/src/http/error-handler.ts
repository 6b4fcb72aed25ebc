import type { ErrorBody, ErrorCode } from '@automate/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, STATUS_BY_CODE } from './app-error.ts';
import type { App } from './app-type.ts';

type ValidationIssue = { instancePath: string; message?: string | undefined; keyword: string };

/** Framework errors a client can cause, with the sentence we answer instead of the framework's. */
const CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'This content type is not accepted here; send JSON.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'BAD_REQUEST',
    message: 'The request says it carries JSON but the body is empty.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' },
};

export function registerErrorHandling(app: App): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext ?? 'body';
      return sendValidationError(reply, context, error.validation);
    }
    if (error instanceof AppError) {
      if (error.details.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(error.details.retryAfterSeconds));
      return send(reply, STATUS_BY_CODE[error.code], {
        success: false,
        code: error.code,
        message: error.message,
        ...(error.details.fieldErrors ? { errors: error.details.fieldErrors } : {}),
        ...(error.details.lockedOut ? { lockedOut: true } : {}),
        ...(error.details.unresolved ? { unresolved: error.details.unresolved } : {}),
      });
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (known) {
      return send(reply, STATUS_BY_CODE[known.code], { success: false, ...known });
    }
    if (error.statusCode === 429) {
      return send(reply, 429, { success: false, code: 'RATE_LIMITED', message: error.message });
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return send(reply, error.statusCode, { success: false, code: 'BAD_REQUEST', message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, {
      success: false,
      code: 'INTERNAL',
      message: `Something went wrong on our side. If it keeps happening, contact support and quote request ${request.id}.`,
      requestId: request.id,
    });
  });
}

/** The JSON 404 for a path no route serves; the SPA fallback decides when to use it. */
export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? request.url;
  return send(reply, 404, {
    success: false,
    code: 'NOT_FOUND',
    message: `There is no API route ${request.method} ${path}.`,
  });
}

function sendValidationError(reply: FastifyReply, context: string, issues: ValidationIssue[]) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || context;
    const sentence = describeIssue(field, issue);
    errors[field] = [...(errors[field] ?? []), sentence];
  }
  const sentences = Object.values(errors).flat();
  const message =
    sentences.length === 1
      ? (sentences[0] ?? '')
      : `The request has ${sentences.length} problems: ${sentences.join(' ')}`;
  return send(reply, 400, { success: false, code: 'VALIDATION_FAILED', message, errors });
}

/**
 * Turns a schema issue into a sentence. The contract writes its own as sentences in the words of the
 * screens, naming the input's label ("Action 3, Email template: choose a template."), and they are
 * kept as they are; zod's built-in messages (never ending in a full stop) get the field's path in front.
 */
function describeIssue(field: string, issue: ValidationIssue): string {
  const raw = issue.message ?? 'is not valid';
  if (issue.keyword === 'custom' || /[.!?]$/.test(raw)) return raw;
  if (issue.keyword === 'invalid_type' && /received undefined/.test(raw)) return `${field} is required.`;
  return `${field}: ${raw.replace(/^Invalid input: /, '')}.`;
}

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}
