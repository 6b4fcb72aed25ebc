import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';

/**
 * Bodies the simulator understands: JSON (Fastify's own parser), form-encoded (@fastify/formbody;
 * repeated keys become arrays), and anything else as raw bytes (attachment `.file` uploads,
 * multipart, text). Handlers decide what each route accepts.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  app.register(formbody);
  // Like the real API, an empty JSON body (e.g. a DELETE sent with Content-Type: application/json) is no error.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('The request body is not valid JSON'), { statusCode: 400 }), undefined);
    }
  });
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });
}

/** A parsed body as a flat object of fields, or undefined when it is not an object. */
export function bodyFields(body: unknown): Record<string, unknown> | undefined {
  if (body && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body)) {
    return body as Record<string, unknown>;
  }
  return undefined;
}

/** The first value of a form/query field as a string (repeated keys arrive as arrays). */
export function stringField(fields: Record<string, unknown> | undefined, name: string): string | undefined {
  const value = fields?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined || first === null) return undefined;
  return typeof first === 'string' ? first : String(first);
}
