import type { IncomingMessage } from 'node:http';
import { successEnvelope } from '@automate/contract';
import type {
  FastifyContextConfig,
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

export type AnswerRoute<Params, Query, Body, Data extends z.ZodType> = {
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
  params?: Params;
  querystring?: Query;
  body?: Body;
  /** The schema of what `answer` returns, which the route sends in the success envelope. */
  data: Data;
  /** 201 for a route that creates something. */
  status?: 200 | 201;
  message?: string | ((answered: z.output<Data>) => string);
  answer: (request: AnswerRequest<Params, Query, Body>) => Promise<z.output<Data>>;
};

/** Registers a route that sends what `answer` returns in the success envelope. */
export function answerRoute<
  Params extends z.ZodType | undefined,
  Query extends z.ZodType | undefined,
  Body extends z.ZodType | undefined,
  Data extends z.ZodType,
>(app: App, route: AnswerRoute<Params, Query, Body, Data>): void {
  const {
    method,
    url,
    access,
    rateLimit,
    bodyLimit,
    changesState,
    document,
    data,
    status = 200,
    message,
    answer,
    ...parts
  } = route;
  const schema: FastifySchema = { ...parts, response: { [status]: successEnvelope(data) } };
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
    handler: async (request, reply) => {
      const answered = await answer(request as AnswerRequest<Params, Query, Body>);
      const said = typeof message === 'function' ? message(answered) : message;
      return reply.status(status).send({ success: true, data: answered, message: said });
    },
  });
}
