import type { IncomingMessage } from 'node:http';
import { successEnvelope } from '@automate/contract';
import type {
  FastifyContextConfig,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Access } from './access.ts';
import type { App } from './app-type.ts';
import type { RouteDocument } from './openapi.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    changesState?: boolean;
  }
}

export type AnswerRequest<Params, Query, Body> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  IncomingMessage,
  { params: Params; querystring: Query; body: Body },
  ZodTypeProvider
>;

/** What every route declares, whatever it answers: where it is, who may call it, what it reads, how it is documented. */
type RouteDeclaration<Params, Query, Body> = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  access: Access;
  rateLimit?: FastifyContextConfig['rateLimit'];
  /** Bytes a body may have, when less than the server's default; a longer one is answered 413. */
  bodyLimit?: number;
  /** A GET that changes something (the product's paths have a few): the audit log records it as a change. */
  changesState?: true;
  /** What the OpenAPI document says beyond the schemas, access and limits: failures its services answer, an upload. */
  document?: RouteDocument;
  tags: readonly string[];
  summary: string;
  description?: string;
  /** Left out of the OpenAPI document: an operator's route, not the product's API. */
  hide?: true;
  /** Request headers the route reads and documents (validated, unknown ones kept). */
  headers?: z.ZodType;
  params?: Params;
  querystring?: Query;
  body?: Body;
};

export type AnswerRoute<Params, Query, Body, Data extends z.ZodType> = RouteDeclaration<Params, Query, Body> & {
  /** The schema of what `answer` returns, which the route sends in the success envelope. */
  data: Data;
  /** 201 for a route that creates something. */
  status?: 200 | 201;
  message?: string | ((answered: z.output<Data>) => string);
  answer: (request: AnswerRequest<Params, Query, Body>) => Promise<z.output<Data>>;
};

/**
 * A route whose answer is not the success envelope: a page, a file, a redirect, a cookie set beside the
 * answer, or what a caller outside the product expects (a webhook's acknowledgement, a health report).
 */
export type ReplyRoute<Params, Query, Body> = RouteDeclaration<Params, Query, Body> & {
  /** The JSON answers by status, when the route sends JSON; `document` says what else it sends. */
  response?: FastifySchema['response'];
  reply: (request: AnswerRequest<Params, Query, Body>, reply: FastifyReply) => Promise<unknown>;
};

/** Registers a route that sends what `answer` returns in the success envelope. */
export function answerRoute<
  Params extends z.ZodType | undefined,
  Query extends z.ZodType | undefined,
  Body extends z.ZodType | undefined,
  Data extends z.ZodType,
>(app: App, route: AnswerRoute<Params, Query, Body, Data>): void {
  const { data, status = 200, message, answer, ...declaration } = route;
  declare(app, declaration, { [status]: successEnvelope(data) }, async (request, reply) => {
    const answered = await answer(request);
    const said = typeof message === 'function' ? message(answered) : message;
    return reply.status(status).send({ success: true, data: answered, message: said });
  });
}

/** Registers a route that answers through Fastify's reply itself (see `ReplyRoute`). */
export function replyRoute<
  Params extends z.ZodType | undefined,
  Query extends z.ZodType | undefined,
  Body extends z.ZodType | undefined,
>(app: App, route: ReplyRoute<Params, Query, Body>): void {
  const { response, reply, ...declaration } = route;
  declare(app, declaration, response, reply);
}

function declare<Params, Query, Body>(
  app: App,
  declaration: RouteDeclaration<Params, Query, Body>,
  response: FastifySchema['response'],
  handler: (request: AnswerRequest<Params, Query, Body>, reply: FastifyReply) => Promise<unknown>,
): void {
  const { method, url, access, rateLimit, bodyLimit, changesState, document, ...parts } = declaration;
  const schema: FastifySchema = { ...parts, ...(response === undefined ? {} : { response }) };
  app.route({
    method,
    url,
    ...(bodyLimit === undefined ? {} : { bodyLimit }),
    config: {
      access,
      ...(rateLimit === undefined ? {} : { rateLimit }),
      ...(changesState ? { changesState } : {}),
      ...(document ? { document } : {}),
    },
    schema,
    handler: (request, reply) => handler(request as AnswerRequest<Params, Query, Body>, reply),
  });
}
