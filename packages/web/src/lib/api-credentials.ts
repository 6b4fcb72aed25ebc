/**
 * Who is asking: the session layer registers the signed-in user's token and the current vendor's
 * headers here at start-up, without loading the api client itself.
 */

/** Returns the bearer token to send, or null when nobody is signed in. */
export type AuthTokenProvider = () => string | null;

/** Returns headers every request carries (e.g. `x-vendor-id`); a request's own headers win. */
export type DefaultHeadersProvider = () => Readonly<Record<string, string>>;

let authTokenProvider: AuthTokenProvider = () => null;

/** Called once by the auth layer so every request carries the signed-in user's token. */
export function setAuthTokenProvider(provider: AuthTokenProvider): void {
  authTokenProvider = provider;
}

let defaultHeadersProvider: DefaultHeadersProvider = () => ({});

/** Called once by the session layer so every request names the current vendor (`x-vendor-id`). */
export function setDefaultHeadersProvider(provider: DefaultHeadersProvider): void {
  defaultHeadersProvider = provider;
}

/** The signed-in user's token, or null. */
export function currentAuthToken(): string | null {
  return authTokenProvider();
}

/** The headers every request carries now. */
export function currentDefaultHeaders(): Readonly<Record<string, string>> {
  return defaultHeadersProvider();
}
