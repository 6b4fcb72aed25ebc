import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isKnownScope, parseScopeString } from '../auth/scopes.ts';
import { injectFaults, recordCalls } from '../http/api-guard.ts';
import { bodyFields, stringField } from '../http/body-parsers.ts';
import { callOf } from '../http/request-state.ts';
import { oauthError } from '../http/sm8-error.ts';
import { accountUuidOf, type SimContext } from '../sim-context.ts';
import { renderConsentPage, renderOAuthErrorPage } from './consent-page.ts';
import type { Grant, IssuedTokens } from './oauth-store.ts';

/**
 * The redirect back to the app. `state` is left out when the `oauthStateEcho` assumption is `omit`,
 * read at each redirect so POST /__sim/assumptions takes effect at once.
 */
function redirectWith(context: SimContext, redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  const echoState = context.options.assumptions.oauthStateEcho === 'echo';
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && (key !== 'state' || echoState)) url.searchParams.set(key, value);
  }
  return url.toString();
}

function errorPage(reply: FastifyReply, message: string): FastifyReply {
  return reply.code(400).type('text/html; charset=utf-8').send(renderOAuthErrorPage(message));
}

function defaultStaffUuid(context: SimContext): string {
  const preferred = context.options.oauth.autoApproveStaffUuid;
  if (preferred && context.store.get('staff', preferred)) return preferred;
  return context.store.list('staff').find((member) => member.active === 1)?.uuid ?? '';
}

/** The token response: access_token, expires_in, refresh_token, scope. */
export function tokenResponse(tokens: IssuedTokens, nowMs: number) {
  return {
    access_token: tokens.access.token,
    token_type: 'bearer',
    expires_in: Math.round((tokens.access.expiresAt - nowMs) / 1000),
    refresh_token: tokens.refresh.token,
    scope: tokens.access.scopes.join(' '),
  };
}

/**
 * GET /oauth/authorize: checks the app, redirect_uri and scopes, then shows the consent page
 * (or, with auto-approve on, redirects with a code at once). Problems with the client or the
 * redirect_uri show an error page; other problems go back to the app as `error=` (RFC 6749 §4.1.2.1).
 */
function showAuthorize(context: SimContext, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const query = request.query as Record<string, unknown>;
  const clientId = stringField(query, 'client_id');
  const app = clientId ? context.oauth.apps.get(clientId) : undefined;
  if (!app) return errorPage(reply, 'Unknown client_id: this application is not registered.');
  const redirectUri = stringField(query, 'redirect_uri');
  if (!redirectUri) return errorPage(reply, 'redirect_uri is required.');
  let host: string;
  try {
    host = new URL(redirectUri).host;
  } catch {
    return errorPage(reply, 'redirect_uri is not a valid URL.');
  }
  if (app.redirectHosts.length > 0 && !app.redirectHosts.includes(host)) {
    return errorPage(
      reply,
      `redirect_uri must be on a host registered for this application (${app.redirectHosts.join(', ')}).`,
    );
  }
  const state = stringField(query, 'state');
  if (stringField(query, 'response_type') !== 'code') {
    return reply.redirect(redirectWith(context, redirectUri, { error: 'unsupported_response_type', state }), 302);
  }
  const scopes = parseScopeString(stringField(query, 'scope') ?? '');
  const unknown = scopes.filter((scope) => !isKnownScope(scope));
  if (scopes.length === 0 || unknown.length > 0) {
    const description = scopes.length === 0 ? 'scope is required' : `unknown scope: ${unknown.join(' ')}`;
    return reply.redirect(
      redirectWith(context, redirectUri, { error: 'invalid_scope', error_description: description, state }),
      302,
    );
  }
  if (context.options.oauth.autoApprove) {
    const grant = {
      appId: app.appId,
      accountUuid: accountUuidOf(context),
      staffUuid: defaultStaffUuid(context),
      scopes,
    };
    const code = context.oauth.issueCode(grant, redirectUri, context.clock.now().getTime());
    return reply.redirect(redirectWith(context, redirectUri, { code: code.code, state }), 302);
  }
  const consent = context.oauth.addConsent({ appId: app.appId, redirectUri, scopes, state });
  return reply.type('text/html; charset=utf-8').send(
    renderConsentPage({
      consent,
      app,
      accountName: String(context.store.list('vendor')[0]?.name ?? ''),
      staff: context.store.list('staff').filter((member) => member.active === 1),
      defaultStaffUuid: defaultStaffUuid(context),
    }),
  );
}

/** POST /oauth/authorize: the Allow / Deny buttons. */
function decideAuthorize(context: SimContext, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const fields = bodyFields(request.body);
  const consent = context.oauth.takeConsent(stringField(fields, 'consent_id') ?? '');
  if (!consent)
    return errorPage(
      reply,
      'This authorization request has expired or was already answered. Start again from the application.',
    );
  if (stringField(fields, 'decision') !== 'allow') {
    return reply.redirect(
      redirectWith(context, consent.redirectUri, {
        error: 'access_denied',
        error_description: 'The user denied access',
        state: consent.state,
      }),
      302,
    );
  }
  const chosen = context.store.get('staff', stringField(fields, 'staff_uuid') ?? '');
  const grant = {
    appId: consent.appId,
    accountUuid: accountUuidOf(context),
    staffUuid: chosen && chosen.active === 1 ? chosen.uuid : defaultStaffUuid(context),
    scopes: consent.scopes,
  };
  const code = context.oauth.issueCode(grant, consent.redirectUri, context.clock.now().getTime());
  return reply.redirect(redirectWith(context, consent.redirectUri, { code: code.code, state: consent.state }), 302);
}

/**
 * POST /oauth/access_token (form-encoded only): `authorization_code` and `refresh_token` grants.
 * Refresh tokens rotate: the one used stops working and a new one is returned.
 */
function exchangeToken(context: SimContext, request: FastifyRequest) {
  const contentType = String(request.headers['content-type'] ?? '').toLowerCase();
  if (!contentType.startsWith('application/x-www-form-urlencoded')) {
    throw oauthError(400, 'invalid_request', 'Send the parameters form-encoded (application/x-www-form-urlencoded)');
  }
  const fields = bodyFields(request.body);
  const clientId = stringField(fields, 'client_id') ?? '';
  const call = callOf(request);
  if (call) call.credential = clientId;
  const app = context.oauth.apps.get(clientId);
  if (!app || stringField(fields, 'client_secret') !== app.appSecret) {
    throw oauthError(401, 'invalid_client', 'Unknown client_id or wrong client_secret');
  }
  if (call) call.appId = app.appId;
  const nowMs = context.clock.now().getTime();
  const grantType = stringField(fields, 'grant_type');
  let grant: Grant;
  if (grantType === 'authorization_code') {
    const code = context.oauth.takeCode(stringField(fields, 'code') ?? '');
    if (!code || code.appId !== app.appId)
      throw oauthError(400, 'invalid_grant', 'The code is invalid or has already been used');
    if (code.expiresAt <= nowMs) throw oauthError(400, 'invalid_grant', 'The code has expired');
    const redirectUri = stringField(fields, 'redirect_uri');
    if (redirectUri !== undefined && redirectUri !== code.redirectUri) {
      throw oauthError(400, 'invalid_grant', 'redirect_uri does not match the one used to authorize');
    }
    grant = code;
  } else if (grantType === 'refresh_token') {
    const refresh = context.oauth.takeRefreshToken(stringField(fields, 'refresh_token') ?? '');
    if (!refresh || refresh.appId !== app.appId) {
      throw oauthError(400, 'invalid_grant', 'The refresh token is invalid or has already been used');
    }
    if (refresh.expiresAt !== null && refresh.expiresAt <= nowMs)
      throw oauthError(400, 'invalid_grant', 'The refresh token has expired');
    grant = refresh;
  } else {
    throw oauthError(400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
  }
  const tokens = context.oauth.issueTokens(
    { appId: grant.appId, accountUuid: grant.accountUuid, staffUuid: grant.staffUuid, scopes: grant.scopes },
    nowMs,
  );
  if (call) call.accountUuid = grant.accountUuid;
  return tokenResponse(tokens, nowMs);
}

/** Served on any host, as the client's OAuth base URL is configurable. */
export function registerOAuthRoutes(app: FastifyInstance, context: SimContext): void {
  app.get('/oauth/authorize', async (request, reply) => showAuthorize(context, request, reply));
  app.post('/oauth/authorize', async (request, reply) => decideAuthorize(context, request, reply));
  app.register(async (scope) => {
    recordCalls(scope, context);
    injectFaults(scope, context);
    scope.post('/oauth/access_token', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return exchangeToken(context, request);
    });
  });
}
