import type { IncomingHttpHeaders } from 'node:http';
import { restError } from '../http/sm8-error.ts';
import { accountUuidOf, type SimContext } from '../sim-context.ts';
import type { GrantedScopes } from './scopes.ts';

/** Who is calling: the app, the account, the staff member it acts as, and what it may do. */
export type Principal = {
  kind: 'oauth' | 'apikey' | 'basic';
  appId: string;
  accountUuid: string;
  staffUuid: string;
  scopes: GrantedScopes;
  /** The token, key or email presented (for the call log). */
  credential: string;
};

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function ownerUuid(context: SimContext): string {
  const staff = context.store.list('staff').filter((member) => member.active === 1);
  return staff[0]?.uuid ?? '';
}

/**
 * Reads the credential: `Authorization: Bearer`, `X-API-Key`, or legacy Basic
 * `email:password`; then `x-impersonate-uuid`. Throws 401 / 403 REST errors.
 */
export function authenticate(context: SimContext, headers: IncomingHttpHeaders): Principal {
  const principal = identify(context, headers);
  const impersonate = headerValue(headers, 'x-impersonate-uuid');
  if (impersonate !== undefined) {
    const staff = context.store.get('staff', impersonate);
    if (staff?.active !== 1) throw restError(403, 'x-impersonate-uuid is not the uuid of an active staff member');
    principal.staffUuid = staff.uuid;
  }
  return principal;
}

function identify(context: SimContext, headers: IncomingHttpHeaders): Principal {
  const authorization = headerValue(headers, 'authorization') ?? '';
  const accountUuid = accountUuidOf(context);
  const bearer = /^Bearer\s+(.+)$/i.exec(authorization);
  if (bearer?.[1]) {
    const token = context.oauth.findAccessToken(bearer[1].trim());
    if (!token) throw restError(401, 'Invalid access token');
    if (token.expiresAt <= context.clock.now().getTime()) throw restError(401, 'The access token has expired');
    return {
      kind: 'oauth',
      appId: token.appId,
      accountUuid,
      staffUuid: token.staffUuid,
      scopes: new Set(token.scopes),
      credential: token.token,
    };
  }
  const apiKey = headerValue(headers, 'x-api-key');
  if (apiKey !== undefined) {
    if (context.options.apiKey === null || apiKey !== context.options.apiKey) throw restError(401, 'Invalid API key');
    return {
      kind: 'apikey',
      appId: `apikey:${apiKey.slice(-6)}`,
      accountUuid,
      staffUuid: ownerUuid(context),
      scopes: 'all',
      credential: apiKey,
    };
  }
  const basic = /^Basic\s+(.+)$/i.exec(authorization);
  if (basic?.[1] && context.options.basicAuthPassword !== null) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const separator = decoded.indexOf(':');
    const email = decoded.slice(0, separator).toLowerCase();
    const password = decoded.slice(separator + 1);
    const staff = context.store
      .list('staff')
      .find((member) => member.active === 1 && String(member.email).toLowerCase() === email);
    if (separator > 0 && staff && password === context.options.basicAuthPassword) {
      return { kind: 'basic', appId: 'basic', accountUuid, staffUuid: staff.uuid, scopes: 'all', credential: email };
    }
    throw restError(401, 'Invalid email or password');
  }
  throw restError(401, 'Authentication required: send an OAuth bearer token or an X-API-Key header');
}
