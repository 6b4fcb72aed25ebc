import { buildSimulator, type Simulator } from '../../src/simulator.ts';
import type { SimulatorOptions } from '../../src/simulator-options.ts';

type CallOptions = {
  method?: string;
  token?: string;
  apiKey?: string;
  headers?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
  body?: RequestInit['body'];
  redirect?: RequestInit['redirect'];
};

export type Harness = {
  sim: Simulator;
  baseUrl: string;
  /** fetch against the simulator; `token` → Bearer, `apiKey` → X-API-Key. */
  call(path: string, options?: CallOptions): Promise<Response>;
  /** A token with every scope (or the given ones) issued through the control API. */
  token(scopes?: string[]): Promise<string>;
};

const running: Simulator[] = [];

/** Closes every simulator the test started (test/support/cleanup.ts calls it after each test). */
export async function closeSimulators(): Promise<void> {
  await Promise.all(running.splice(0).map((sim) => sim.close()));
}

/** A simulator on an ephemeral 127.0.0.1 port, closed after the test. */
export async function startSimulator(options: SimulatorOptions = {}): Promise<Harness> {
  const sim = buildSimulator(options);
  running.push(sim);
  const baseUrl = await sim.listen();
  const call = (path: string, options: CallOptions = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.apiKey) headers['x-api-key'] = options.apiKey;
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    }
    return fetch(`${baseUrl}${path}`, {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body: body ?? null,
      redirect: options.redirect ?? 'follow',
    });
  };
  const token = async (scopes?: string[]) => {
    const response = await call('/__sim/oauth/token', { json: scopes ? { scopes } : {} });
    const body = (await response.json()) as { access_token: string };
    return body.access_token;
  };
  return { sim, baseUrl, call, token };
}

/** `$filter` query string, encoded as the docs ask (`%24filter=…`). */
export function filterQuery(expression: string): string {
  return `%24filter=${encodeURIComponent(expression)}`;
}
