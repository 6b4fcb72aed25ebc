import type { TestServices } from './test-services.ts';

export type Consent = {
  /** The opaque value of `/sm8/activate?connection=…`, or null when the callback answered an error. */
  connection: string | null;
  /** The sentence of `/sm8/activate?error=…`, if any. */
  error: string | null;
  /** The browser's cookie header after starting, to replay the callback in the same browser. */
  cookie: string;
};

/** The `name=value` pairs a response sets, as a Cookie header. */
function cookieHeader(setCookie: string | string[] | undefined): string {
  const all = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
  return all.map((line) => line.split(';')[0]).join('; ');
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
  const start = await services.app.inject({ method: 'GET', url: '/api/Auth/login/servicem8' });
  if (start.statusCode !== 302) throw new Error(`start answered ${start.statusCode}: ${start.body}`);
  const cookie = cookieHeader(start.headers['set-cookie']);
  const authorize = new URL(String(start.headers.location));
  const approved = await fetch(authorize, { redirect: 'manual' });
  const back = new URL(String(approved.headers.get('location')));
  const callback = await services.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie: options.callbackCookie ?? cookie },
  });
  const activate = new URL(String(callback.headers.location));
  if (activate.pathname !== '/sm8/activate') throw new Error(`callback went to ${activate}`);
  return {
    connection: activate.searchParams.get('connection'),
    error: activate.searchParams.get('error'),
    cookie,
  };
}
