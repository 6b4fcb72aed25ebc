import { z } from 'zod';
import { requireVendorScope, type VendorAccess } from './access.ts';
import { type AnswerRequest, type AnswerRoute, answerRoute } from './answer-route.ts';
import type { App } from './app-type.ts';

type VendorRoute<Params, Query, Body, Data extends z.ZodType> = Omit<
  AnswerRoute<Params, Query, Body, Data>,
  'access' | 'answer'
> & {
  access: VendorAccess;
  /** By default the vendor's own path parameter, the one `access` names. */
  params?: Params;
  answer: (vendorId: string, request: AnswerRequest<Params, Query, Body>) => Promise<z.output<Data>>;
};

/** Registers a vendor-scoped route that answers for the vendor the access check found. */
export function vendorRoute<
  Params extends z.ZodType | undefined,
  Query extends z.ZodType | undefined,
  Body extends z.ZodType | undefined,
  Data extends z.ZodType,
>(app: App, route: VendorRoute<Params, Query, Body, Data>): void {
  const { params = vendorPathParams(route.access), answer, ...rest } = route;
  answerRoute<Params, Query, Body, Data>(app, {
    ...rest,
    ...(params && { params: params as Params }),
    answer: (request) => answer(requireVendorScope(request).id, request),
  });
}

/** The path parameter that names the vendor; none when the vendor is the current one. */
function vendorPathParams(access: VendorAccess) {
  return access.vendor === 'current' ? undefined : z.object({ [access.vendor.param]: z.string() });
}
