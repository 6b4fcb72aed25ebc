/**
 * Waiting on a deployment from outside, as the process journeys do: polling what its API answers, and
 * calling a business's vendor-scoped API with a signed-in token.
 */

/**
 * Reads until `done` holds, every `everyMs`; after `timeoutMs` throws, naming `what`, the last value
 * read and whatever `explain` adds (a process's output, say).
 */
export async function poll<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  timeoutMs = 60_000,
  options: { everyMs?: number; explain?: () => string } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      const more = options.explain ? `\n${options.explain()}` : '';
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}${more}`);
    }
    await new Promise((resolve) => setTimeout(resolve, options.everyMs ?? 200));
  }
}

/**
 * `fetch` for `/api/vendor/{vendorId}{path}` as the signed-in user; read through `session` when called,
 * since a journey signs in after declaring it.
 */
export function vendorApi(session: () => { baseUrl: string; vendorId: string; token: string }) {
  return (path: string, init: RequestInit = {}) => {
    const { baseUrl, vendorId, token } = session();
    return fetch(`${baseUrl}/api/vendor/${vendorId}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    });
  };
}
