import { Sm8TokenResponse } from '@automate/contract';
import type { Sm8Http } from './sm8-http.ts';

export type Sm8App = { appId: string; appSecret: string; oauthUrl: string; scopes: string };
export type Sm8Tokens = { accessToken: string; refreshToken: string; expiresAt: Date; scope: string };

/** Where to send the browser to ask the account owner for consent. */
export function authorizeUrl(app: Sm8App, options: { redirectUri: string; state: string }): string {
  const url = new URL(`${app.oauthUrl}/oauth/authorize`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: app.appId,
    scope: app.scopes,
    redirect_uri: options.redirectUri,
    state: options.state,
  }).toString();
  return url.toString();
}

/** Exchanges the code from the consent redirect for tokens (form-encoded, as ServiceM8 requires). */
export function exchangeCode(
  http: Sm8Http,
  app: Sm8App,
  options: { code: string; redirectUri: string; now: Date },
): Promise<Sm8Tokens> {
  return requestTokens(
    http,
    app,
    { grant_type: 'authorization_code', code: options.code, redirect_uri: options.redirectUri },
    options.now,
  );
}

/** Trades a refresh token for new tokens; ServiceM8 rotates the refresh token on every use. */
export function refreshTokens(http: Sm8Http, app: Sm8App, refreshToken: string, now: Date): Promise<Sm8Tokens> {
  return requestTokens(http, app, { grant_type: 'refresh_token', refresh_token: refreshToken }, now);
}

async function requestTokens(http: Sm8Http, app: Sm8App, grant: Record<string, string>, now: Date): Promise<Sm8Tokens> {
  const response = await http.send({
    method: 'POST',
    url: `${app.oauthUrl}/oauth/access_token`,
    form: { ...grant, client_id: app.appId, client_secret: app.appSecret },
  });
  const body = Sm8TokenResponse.parse(JSON.parse(response.text));
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    expiresAt: new Date(now.getTime() + body.expires_in * 1000),
    scope: body.scope ?? app.scopes,
  };
}
