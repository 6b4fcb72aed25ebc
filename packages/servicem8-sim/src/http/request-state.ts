import type { FastifyRequest } from 'fastify';
import type { Principal } from '../auth/authenticate.ts';
import type { CallRecord } from '../control/call-log.ts';
import { restError } from './sm8-error.ts';

/** Per-request state kept beside the request (no Fastify decoration needed). */
const calls = new WeakMap<FastifyRequest, CallRecord>();
const principals = new WeakMap<FastifyRequest, Principal>();

export function rememberCall(request: FastifyRequest, call: CallRecord): void {
  calls.set(request, call);
}

export function callOf(request: FastifyRequest): CallRecord | undefined {
  return calls.get(request);
}

/** Adds a note to this call's log entry (things the real API would silently ignore). */
export function warnCall(request: FastifyRequest, warning: string): void {
  calls.get(request)?.warnings.push(warning);
}

export function rememberPrincipal(request: FastifyRequest, principal: Principal): void {
  principals.set(request, principal);
}

/** The authenticated caller; routes behind the API guard always have one. */
export function principalOf(request: FastifyRequest): Principal {
  const principal = principals.get(request);
  if (!principal) throw restError(401, 'Authentication required');
  return principal;
}
