import { randomBytes } from 'node:crypto';

/**
 * OAuth state: registered apps, pending consents, single-use codes, access tokens
 * (3600 s) and refresh tokens that rotate: using one issues a new one and the old stops working.
 * Times are epoch milliseconds on the simulator clock.
 */
export type OAuthApp = {
  appId: string;
  appSecret: string;
  name: string;
  /** Hosts a redirect_uri may point at; empty = any (the real check compares with the add-on's URLs). */
  redirectHosts: string[];
};

export type Grant = { appId: string; accountUuid: string; staffUuid: string; scopes: string[] };

export type PendingConsent = {
  id: string;
  appId: string;
  redirectUri: string;
  scopes: string[];
  state: string | undefined;
};
type AuthorizationCode = Grant & { code: string; redirectUri: string; expiresAt: number };
type AccessToken = Grant & { token: string; expiresAt: number };
type RefreshToken = Grant & { token: string; expiresAt: number | null };

export type TokenSettings = {
  accessTokenTtlSeconds: number;
  codeTtlSeconds: number;
  /** Not in the sources; null = never expires. */
  refreshTokenTtlSeconds: number | null;
};

export type IssuedTokens = { access: AccessToken; refresh: RefreshToken };

export type OAuthStore = {
  apps: Map<string, OAuthApp>;
  settings: TokenSettings;
  addConsent(consent: Omit<PendingConsent, 'id'>): PendingConsent;
  takeConsent(id: string): PendingConsent | undefined;
  issueCode(grant: Grant, redirectUri: string, nowMs: number): AuthorizationCode;
  /** Removes and returns the code (codes are single use), or undefined. */
  takeCode(code: string): AuthorizationCode | undefined;
  issueTokens(grant: Grant, nowMs: number, accessTtlSeconds?: number): IssuedTokens;
  findAccessToken(token: string): AccessToken | undefined;
  /** Removes and returns the refresh token (rotation), or undefined. */
  takeRefreshToken(token: string): RefreshToken | undefined;
  expireAccessTokens(nowMs: number, token?: string): number;
  listAccessTokens(): AccessToken[];
  clearTokens(): void;
};

function randomToken(): string {
  return randomBytes(20).toString('hex');
}

/** Consents, codes and refresh tokens are used once: reading one removes it. */
function takeOnce<T>(map: Map<string, T>, key: string): T | undefined {
  const found = map.get(key);
  map.delete(key);
  return found;
}

export function createOAuthStore(apps: OAuthApp[], settings: TokenSettings): OAuthStore {
  const consents = new Map<string, PendingConsent>();
  const codes = new Map<string, AuthorizationCode>();
  const accessTokens = new Map<string, AccessToken>();
  const refreshTokens = new Map<string, RefreshToken>();
  const store: OAuthStore = {
    apps: new Map(apps.map((app) => [app.appId, app])),
    settings,
    addConsent: (consent) => {
      const pending = { ...consent, id: randomToken() };
      consents.set(pending.id, pending);
      return pending;
    },
    takeConsent: (id) => takeOnce(consents, id),
    issueCode: (grant, redirectUri, nowMs) => {
      const code = {
        ...grant,
        code: randomToken(),
        redirectUri,
        expiresAt: nowMs + store.settings.codeTtlSeconds * 1000,
      };
      codes.set(code.code, code);
      return code;
    },
    takeCode: (code) => takeOnce(codes, code),
    issueTokens: (grant, nowMs, accessTtlSeconds) => {
      const access = {
        ...grant,
        token: randomToken(),
        expiresAt: nowMs + (accessTtlSeconds ?? store.settings.accessTokenTtlSeconds) * 1000,
      };
      const refreshTtl = store.settings.refreshTokenTtlSeconds;
      const refresh = {
        ...grant,
        token: randomToken(),
        expiresAt: refreshTtl === null ? null : nowMs + refreshTtl * 1000,
      };
      accessTokens.set(access.token, access);
      refreshTokens.set(refresh.token, refresh);
      return { access, refresh };
    },
    findAccessToken: (token) => accessTokens.get(token),
    takeRefreshToken: (token) => takeOnce(refreshTokens, token),
    expireAccessTokens: (nowMs, token) => {
      let count = 0;
      for (const access of accessTokens.values()) {
        if (token === undefined || access.token === token) {
          access.expiresAt = Math.min(access.expiresAt, nowMs - 1);
          count++;
        }
      }
      return count;
    },
    listAccessTokens: () => [...accessTokens.values()],
    clearTokens: () => {
      consents.clear();
      codes.clear();
      accessTokens.clear();
      refreshTokens.clear();
    },
  };
  return store;
}
