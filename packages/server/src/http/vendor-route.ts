import type { IncomingMessage } from 'node:http';
import { successEnvelope } from '@automate/contract';
import type { FastifyRequest, FastifySchema, RawServerDefault, RouteGenericInterface } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireVendorScope, type VendorAccess } from './access.ts';
import type { App } from './app-type.ts';

type VendorRouteRequest<Params, Query, Body> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  IncomingMessage,
  { params: Params; querystring: Query; body: Body },
  ZodTypeProvider
>;

type VendorRoute<Params, Query, Body, Data extends z.ZodType> = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  access: VendorAccess;
  tags: readonly string[];
  summary: string;
  description?: string;
  /** By default the vendor's own path parameter, the one `access` names. */
  params?: Params;
  querystring?: Query;
  body?: Body;
  /** The schema of what `answer` returns, which the route sends in the success envelope. */
  data: Data;
  /** 201 for a route that creates something. */
  status?: 200 | 201;
  message?: string | ((answered: z.output<Data>) => string);
  answer: (vendorId: string, request: VendorRouteRequest<Params, Query, Body>) => Promise<z.output<Data>>;
};

/** Registers a vendor-scoped route that answers for the vendor the access check found. */
export function vendorRoute<
  Params extends z.ZodType | undefined,
  Query extends z.ZodType | undefined,
  Body extends z.ZodType | undefined,
  Data extends z.ZodType,
>(app: App, route: VendorRoute<Params, Query, Body, Data>): void {
  const {
    method,
    url,
    access,
    params = vendorPathParams(access),
    data,
    status = 200,
    message,
    answer,
    ...parts
  } = route;
  const schema: FastifySchema = { ...parts, ...(params && { params }), response: { [status]: successEnvelope(data) } };
  app.route({
    method,
    url,
    config: { access },
    schema,
    handler: async (request, reply) => {
      const answered = await answer(requireVendorScope(request).id, request as VendorRouteRequest<Params, Query, Body>);
      const said = typeof message === 'function' ? message(answered) : message;
      return reply.status(status).send({ success: true, data: answered, message: said });
    },
  });
}

/** The path parameter that names the vendor; none when the vendor is the current one. */
function vendorPathParams(access: VendorAccess) {
  return access.vendor === 'current' ? undefined : z.object({ [access.vendor.param]: z.string() });
}
