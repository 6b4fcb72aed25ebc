import { SUPER_ADMIN } from '@automate/contract';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import {
  type Access,
  type Caller,
  CURRENT_VENDOR_HEADER,
  describeAccess,
  type VendorScope,
} from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import type { App } from '../../http/app-type.ts';
import { userWithVendors } from '../users/memberships.service.ts';
import { findVendor } from '../vendors/vendors.service.ts';
import { callerFromApiKey, isApiKey } from './api-keys.service.ts';
import { findLiveSession } from './sessions.repository.ts';
import { membershipsWithin } from './sessions.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Enforces each route's `config.access` on the /api scope: every route must declare one (startup
 * fails otherwise), and it is documented in OpenAPI. Runs before body validation, so a caller who may
 * not call a route learns nothing about its input.
 */
export function registerAccessControl(api: App, deps: Deps): void {
  api.decorateRequest('caller', null);
  api.decorateRequest('vendorScope', null);

  api.addHook('onRoute', (route) => {
    const rule = route.config?.access;
    if (!rule) throw new Error(`${route.method} ${route.url} must declare config.access (who may call it).`);
    const schema = route.schema ?? {};
    const who = `**Who may call:** ${describeAccess(rule)}`;
    route.schema = { ...schema, description: schema.description ? `${schema.description}\n\n${who}` : who };
  });

  api.addHook('onRequest', async (request) => {
    const rule = request.routeOptions.config.access;
    if (!rule) return;
    request.caller = await authenticate(request, deps, rule);
    if (rule.kind === 'vendor' && request.caller) {
      request.vendorScope = await resolveVendorScope(request, deps, rule, request.caller);
    }
  });
}

async function authenticate(request: FastifyRequest, deps: Deps, rule: Access): Promise<Caller | null> {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
  if (!token) {
    if (rule.kind === 'public') return null;
    throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
  }
  if (isApiKey(token)) {
    if (rule.kind === 'public') return null;
    const keyCaller = await callerFromApiKey(deps, token, {
      url: request.routeOptions.url ?? '',
      method: request.method,
      vendorScoped: rule.kind === 'vendor',
    });
    if (!keyCaller) throw new AppError('UNAUTHENTICATED', 'This API key is not valid, or it was revoked.');
    return keyCaller;
  }
  const caller = await callerFromToken(deps, token);
  if (!caller) {
    if (rule.kind === 'public') return null;
    throw new AppError('UNAUTHENTICATED', 'Your session has expired or is not valid. Sign in again.');
  }
  if (rule.kind === 'superAdmin' && !caller.isSuperAdmin) {
    throw new AppError('FORBIDDEN', 'Only super admins can do this.');
  }
  return caller;
}

/** The user a session token belongs to, or null when the token is invalid, expired, or its session ended. */
async function callerFromToken(deps: Deps, token: string): Promise<Caller | null> {
  const claims = await deps.sessions.verify(token);
  if (!claims || !UUID.test(claims.userId) || !UUID.test(claims.sessionId)) return null;
  const session = await findLiveSession(deps.database.db, claims.sessionId, deps.clock.now());
  if (session?.userId !== claims.userId) return null;
  const found = await userWithVendors(deps.database.db, claims.userId);
  if (!found || found.user.disabledAt) return null;
  const { user, memberships } = found;
  // Tokens carry whole seconds; one issued in the same second as a password change stays valid.
  if (Math.floor(user.sessionsValidFrom.getTime() / 1000) > claims.issuedAt.getTime() / 1000) return null;
  const limited = session.vendorId !== null;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    userName: user.userName,
    roles: limited ? [] : user.roles,
    isSuperAdmin: !limited && user.roles.includes(SUPER_ADMIN),
    memberships: membershipsWithin(memberships, session.vendorId),
    sessionId: claims.sessionId,
    sessionVendorId: session.vendorId,
  };
}

async function resolveVendorScope(
  request: FastifyRequest,
  deps: Deps,
  rule: Extract<Access, { kind: 'vendor' }>,
  caller: Caller,
): Promise<VendorScope> {
  const vendorId = requestedVendorId(request, rule, caller);
  const notFound = new AppError('NOT_FOUND', 'Vendor was not found.');
  if (!vendorId || !UUID.test(vendorId)) throw notFound;
  if (caller.isSuperAdmin) {
    if (!(await findVendor(deps.database.db, vendorId))) throw notFound;
    return { id: vendorId, role: 'Admin' };
  }
  const membership = caller.memberships.find((m) => m.vendorId === vendorId);
  if (!membership) throw notFound;
  if (rule.role === 'Admin' && membership.role !== 'Admin') {
    throw new AppError('FORBIDDEN', `Only Admins of ${membership.name} can do this.`);
  }
  return { id: vendorId, role: membership.role };
}

function requestedVendorId(
  request: FastifyRequest,
  rule: Extract<Access, { kind: 'vendor' }>,
  caller: Caller,
): string | undefined {
  if (rule.vendor !== 'current') {
    return (request.params as Record<string, string | undefined>)[rule.vendor.param];
  }
  const header = request.headers[CURRENT_VENDOR_HEADER];
  if (typeof header === 'string' && header !== '') return header;
  if (caller.isSuperAdmin && caller.memberships.length === 0) {
    throw new AppError('BAD_REQUEST', `Choose a vendor first: send its id in the ${CURRENT_VENDOR_HEADER} header.`);
  }
  return caller.memberships[0]?.vendorId;
}
