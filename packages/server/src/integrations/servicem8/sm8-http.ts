import type { Logger } from 'pino';
import { inSpan } from '../../observability/tracing.ts';

/** A failed ServiceM8 call. `retryable` ones (429, 5xx, network) were already retried before this is thrown. */
export class Sm8Error extends Error {
  readonly status: number;
  readonly retryable: boolean;
  constructor(message: string, status: number, retryable: boolean) {
    super(message);
    this.name = 'Sm8Error';
    this.status = status;
    this.retryable = retryable;
  }
}

export type Sm8Request = {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  /** A JSON value, or form fields (sent as application/x-www-form-urlencoded). */
  json?: unknown;
  form?: Record<string, string>;
  raw?: { body: Uint8Array; contentType: string };
};

type Sm8Response = { status: number; headers: Headers; text: string };

export type RetryPolicy = {
  maxAttempts: number;
  initialDelayMs: number;
  maxDelayMs: number;
  factor: number;
  timeoutMs: number;
};

/** ServiceM8's own SDK: 500 ms, ×1.5, at most 60 s apart; we give up sooner and let the job retry later. */
const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 6,
  initialDelayMs: 500,
  maxDelayMs: 60_000,
  factor: 1.5,
  timeoutMs: 30_000,
};

export type Sm8Http = {
  /** Sends a request, waiting for `beforeAttempt` (the rate limit) and retrying transient failures. */
  send(request: Sm8Request, beforeAttempt?: () => Promise<void>): Promise<Sm8Response>;
};

export function createSm8Http(options: {
  log: Logger;
  retry?: Partial<RetryPolicy>;
  fetch?: typeof fetch;
  /** Waits between attempts; the deps' clock, so a test clock lets the wait pass at once. */
  sleep?: (ms: number) => Promise<void>;
  /** The current time in ms, for a `Retry-After` given as an HTTP date. */
  now?: () => number;
  /** Told how each attempt ended: the answer's status, or undefined when none came (the metrics). */
  onAttempt?: (status: number | undefined) => void;
}): Sm8Http {
  const policy = { ...DEFAULT_RETRY, ...options.retry };
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const log = options.log.child({ component: 'servicem8' });

  return {
    send(request, beforeAttempt) {
      return inSpan(
        `servicem8 ${request.method} ${pathPattern(request.url)}`,
        { 'http.request.method': request.method },
        () => sendWithRetries(request, beforeAttempt),
      );
    },
  };

  async function sendWithRetries(request: Sm8Request, beforeAttempt?: () => Promise<void>): Promise<Sm8Response> {
    for (let attempt = 1; ; attempt++) {
      await beforeAttempt?.();
      let response: Response | undefined;
      let answered = false;
      let failure: string;
      try {
        response = await doFetch(request.url, {
          method: request.method,
          headers: { accept: 'application/json', ...bodyHeaders(request), ...request.headers },
          body: bodyOf(request),
          signal: AbortSignal.timeout(policy.timeoutMs),
        });
        const text = await response.text();
        answered = true;
        options.onAttempt?.(response.status);
        if (response.ok) return { status: response.status, headers: response.headers, text };
        failure = describeFailure(response.status, text);
        if (!isRetryable(response.status)) throw new Sm8Error(failure, response.status, false);
      } catch (error) {
        if (error instanceof Sm8Error) throw error;
        if (!answered) options.onAttempt?.(undefined);
        failure = `ServiceM8 could not be reached: ${(error as Error).message}`;
      }
      const status = response?.status ?? 0;
      if (attempt >= policy.maxAttempts) throw new Sm8Error(failure, status, true);
      // A write that failed without a clear "not done" (429) may have been done: sending it again
      // here could, say, send an email twice. The caller retries later and checks first.
      if (request.method !== 'GET' && status !== 429) throw new Sm8Error(failure, status, true);
      const delay = retryDelay(response?.headers.get('retry-after') ?? null, attempt, policy, now());
      log.warn({ url: request.url, status, attempt, delay }, 'ServiceM8 call failed; retrying');
      await sleep(delay);
    }
  }
}

/** A request's path with record ids as `{uuid}`: one span name per endpoint, no ids. */
function pathPattern(url: string): string {
  return new URL(url).pathname.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '{uuid}');
}

function isRetryable(status: number): boolean {
  return status === 429 || status >= 500;
}

/** `Retry-After` (seconds or an HTTP date) when ServiceM8 sends one; else exponential backoff with jitter. */
function retryDelay(retryAfter: string | null, attempt: number, policy: RetryPolicy, now: number): number {
  if (retryAfter) {
    const seconds = Number(retryAfter);
    const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - now;
    if (Number.isFinite(ms) && ms >= 0) return Math.min(ms, policy.maxDelayMs);
  }
  const base = policy.initialDelayMs * policy.factor ** (attempt - 1);
  return Math.min(policy.maxDelayMs, Math.round(base * (0.75 + Math.random() * 0.5)));
}

function describeFailure(status: number, text: string): string {
  let message = text.trim();
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string') message = body.message;
  } catch {
    // ServiceM8 answers some errors (e.g. the throttle) as plain text.
  }
  return `ServiceM8 answered ${status}${message ? `: ${message.slice(0, 300)}` : ''}`;
}

function bodyHeaders(request: Sm8Request): Record<string, string> {
  if (request.json !== undefined) return { 'content-type': 'application/json' };
  if (request.form) return { 'content-type': 'application/x-www-form-urlencoded' };
  if (request.raw) return { 'content-type': request.raw.contentType };
  return {};
}

/**
 * The body as fetch takes it. Our bytes are never in shared memory, so they are `Uint8Array<ArrayBuffer>`:
 * what the DOM typing of fetch wants too (the e2e journeys type-check this file with the DOM library).
 */
function bodyOf(request: Sm8Request): string | Uint8Array<ArrayBuffer> | undefined {
  if (request.json !== undefined) return JSON.stringify(request.json);
  if (request.form) return new URLSearchParams(request.form).toString();
  if (request.raw) return request.raw.body as Uint8Array<ArrayBuffer>;
  return undefined;
}
