import type { FastifyRequest } from 'fastify';
import { invalidField } from './app-error.ts';
import type { App } from './app-type.ts';

/** Deeper JSON is not something any form of ours sends; refusing it early keeps parsers off the stack's edge. */
export const MAX_JSON_DEPTH = 64;

/**
 * Inputs every route refuses before its own schema runs:
 * - JSON nested deeper than MAX_JSON_DEPTH (recursive schemas such as condition groups would otherwise
 *   overflow the stack before their own depth rule is checked);
 * - text with a NUL character anywhere in the query, the path or the body (PostgreSQL cannot store it);
 * - a body in a type the route does not read: 415. Fastify reads `text/plain` everywhere unless told
 *   otherwise, which gave a JSON route's text body a 400 saying the body was a string; the routes that
 *   read text (ServiceM8's callbacks) add a parser of their own.
 */
export function registerInputGuards(app: App): void {
  app.removeContentTypeParser('text/plain');
  const parseJson = app.getDefaultJsonParser('error', 'remove');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (exceedsDepth(String(body), MAX_JSON_DEPTH)) {
      done(invalidField('body', `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`), undefined);
      return;
    }
    parseJson(request, String(body), done);
  });

  const refuseNul = async (request: FastifyRequest) => {
    const field = firstNulField(request);
    if (field) throw invalidField(field, `${field} must not contain the NUL character (\\u0000).`);
  };
  // Before validation for what arrived, and after it for what schemas decoded (`Filters` is JSON text).
  app.addHook('preValidation', refuseNul);
  app.addHook('preHandler', refuseNul);
}

/** True when arrays and objects nest deeper than `max`, counting only brackets outside strings. */
export function exceedsDepth(json: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const char = json.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i++; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b || char === 0x7b) {
      if (++depth > max) return true;
    } else if (char === 0x5d || char === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** The field holding a NUL character, named as validation errors name fields (`definition.actions.0.params.text`). */
function firstNulField(request: FastifyRequest): string | undefined {
  return findNul(request.params, []) ?? findNul(request.query, []) ?? findNul(request.body, []);
}

function findNul(value: unknown, path: string[]): string | undefined {
  const name = () => (path.length > 0 ? path.join('.') : 'body');
  if (typeof value === 'string') return value.includes('\u0000') ? name() : undefined;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findNul(value[index], [...path, String(index)]);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return name();
      const found = findNul(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}
