import type { TestServices } from './test-services.ts';

export type Consent = {
  /** The opaque value of `/sm8/activate?connection=…`, or null when the callback answered an error. */
  connection: string | null;
  /** The sentence of `/sm8/activate?error=…`, if any. */
  error: string | null;
  /** The browser's cookie header after starting, to replay the callback in the same browser. */
  cookie: string;
};

/** A consent given in ServiceM8 whose redirect back has not reached us yet. */
export type ApprovedConsent = {
  /** Path and query of ServiceM8's redirect to our callback (`code`, and `state` if ServiceM8 sent it). */
  callback: string;
  /** The Cookie header of the browser that started signing in. */
  cookie: string;
};

/** The `name=value` pairs a response sets, as a Cookie header. */
function cookieHeader(setCookie: string | string[] | undefined): string {
  const all = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
  return all.map((line) => line.split(';')[0]).join('; ');
}

/** A browser starts "Sign in with ServiceM8" (our redirect sets the cookie) and the simulator approves. */
export async function approveConsent(services: TestServices): Promise<ApprovedConsent> {
  const start = await services.app.inject({ method: 'GET', url: '/api/Auth/login/servicem8' });
  if (start.statusCode !== 302) throw new Error(`start answered ${start.statusCode}: ${start.body}`);
  const authorize = new URL(String(start.headers.location));
  const approved = await fetch(authorize, { redirect: 'manual' });
  const back = new URL(String(approved.headers.get('location')));
  return { callback: `${back.pathname}${back.search}`, cookie: cookieHeader(start.headers['set-cookie']) };
}

/** ServiceM8's redirect reaching our callback in a browser that holds `cookie`; where it sends the browser. */
export async function returnToCallback(
  services: TestServices,
  callback: string,
  cookie: string,
): Promise<Omit<Consent, 'cookie'>> {
  const response = await services.app.inject({ method: 'GET', url: callback, headers: cookie ? { cookie } : {} });
  const activate = new URL(String(response.headers.location));
  if (activate.pathname !== '/sm8/activate') throw new Error(`callback went to ${activate}`);
  return { connection: activate.searchParams.get('connection'), error: activate.searchParams.get('error') };
}

/**
 * Follows a browser through "Sign in with ServiceM8": our redirect (which sets the state cookie),
 * ServiceM8's consent page (approved by the simulator), and our callback with the cookie the browser
 * holds (or `callbackCookie` to play another browser).
 */
export async function consentInBrowser(
  services: TestServices,
  options: { callbackCookie?: string } = {},
): Promise<Consent> {
  const { callback, cookie } = await approveConsent(services);
  return { ...(await returnToCallback(services, callback, options.callbackCookie ?? cookie)), cookie };
}
