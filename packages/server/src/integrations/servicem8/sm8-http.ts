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

/**
 * What ServiceM8 said when a call failed, as a sentence's clause: `it said “Job is locked for editing”`,
 * or `it answered 422 without saying why`; never the raw "ServiceM8 answered 422: …".
 */
export function sm8Said(error: Sm8Error): string {
  const said = /^ServiceM8 answered \d+: (.+)$/s.exec(error.message)?.[1]?.trim();
  return said ? `it said “${said.replace(/\.$/, '')}”` : `it answered ${error.status} without saying why`;
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
  /** Attempts of one call: a read is sent again after any transient failure, a write only after a 429. */
  maxAttempts: number;
  initialDelayMs: number;
  maxDelayMs: number;
  factor: number;
  /**
   * How long a read's first attempt waits for ServiceM8 to start answering; each later attempt waits
   * three times longer, so a held request is given up on quickly while a big listing that is merely
   * slow still gets its answer.
   */
  readAnswerTimeoutMs: number;
  /**
   * How long a write waits for ServiceM8 to start answering, plus a second per 100 KB it uploads; a
   * write given up on is checked before it is sent again.
   */
  writeAnswerTimeoutMs: number;
  /** The whole attempt, the answer's body included. */
  timeoutMs: number;
};

/**
 * A few quick attempts, then the failure goes back to the job, which retries that record later with
 * its own backoff while the vendor's other work goes on: a worker never sleeps long on one record.
 */
const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 4,
  initialDelayMs: 250,
  maxDelayMs: 60_000,
  factor: 2,
  readAnswerTimeoutMs: 5_000,
  writeAnswerTimeoutMs: 5_000,
  timeoutMs: 120_000,
};

/** What a call does around its attempts: wait for the account's rate limit, and tell it about a 429. */
type Sm8CallHooks = {
  /** Before each attempt (every attempt counts against ServiceM8's limit). */
  beforeAttempt?: () => Promise<void>;
  /**
   * ServiceM8 answered 429: the account is over its allowance, by ServiceM8's count, for every process
   * calling it. With this hook the account's shared limit holds back all its calls (for `Retry-After`
   * when ServiceM8 sends it) and the next attempt waits in `beforeAttempt`; without it the call waits
   * on its own.
   */
  onThrottled?: (retryAfterMs: number | null) => Promise<void>;
};

export type Sm8Http = {
  /** Sends a request, waiting for the rate limit and retrying transient failures (see `RetryPolicy`). */
  send(request: Sm8Request, hooks?: Sm8CallHooks): Promise<Sm8Response>;
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
    send(request, hooks = {}) {
      return inSpan(
        `servicem8 ${request.method} ${pathPattern(request.url)}`,
        { 'http.request.method': request.method },
        () => sendWithRetries(request, hooks),
      );
    },
  };

  async function sendWithRetries(request: Sm8Request, hooks: Sm8CallHooks): Promise<Sm8Response> {
    const isRead = request.method === 'GET';
    for (let attempt = 1; ; attempt++) {
      await hooks.beforeAttempt?.();
      const answerTimeoutMs = isRead
        ? policy.readAnswerTimeoutMs * 3 ** (attempt - 1)
        : policy.writeAnswerTimeoutMs + Math.ceil((request.raw?.body.byteLength ?? 0) / 100_000) * 1000;
      let response: Response | undefined;
      let answered = false;
      let failure: string;
      try {
        response = await fetchWithAnswerTimeout(doFetch, request, answerTimeoutMs, policy.timeoutMs);
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
      if (!isRead && status !== 429) throw new Sm8Error(failure, status, true);
      const retryAfter = status === 429 ? retryAfterMs(response?.headers.get('retry-after') ?? null, now()) : null;
      log.warn({ url: request.url, status, attempt }, 'ServiceM8 call failed; retrying');
      if (status === 429 && hooks.onThrottled) {
        await hooks.onThrottled(retryAfter === null ? null : Math.min(retryAfter, policy.maxDelayMs));
      } else {
        await sleep(Math.min(policy.maxDelayMs, retryAfter ?? backoffDelay(attempt, policy)));
      }
    }
  }
}

/** A request's path with record ids as `{uuid}`: one span name per endpoint, no ids. */
function pathPattern(url: string): string {
  return new URL(url).pathname.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '{uuid}');
}

/**
 * The answer, given up on when ServiceM8 has not started answering within `answerTimeoutMs` (a held
 * request) or has not finished within `timeoutMs`.
 */
async function fetchWithAnswerTimeout(
  doFetch: typeof fetch,
  request: Sm8Request,
  answerTimeoutMs: number,
  timeoutMs: number,
): Promise<Response> {
  const unanswered = new AbortController();
  const timer = setTimeout(
    () => unanswered.abort(new Error(`no answer within ${answerTimeoutMs / 1000} s`)),
    answerTimeoutMs,
  );
  try {
    return await doFetch(request.url, {
      method: request.method,
      headers: { accept: 'application/json', ...bodyHeaders(request), ...request.headers },
      body: bodyOf(request),
      signal: AbortSignal.any([unanswered.signal, AbortSignal.timeout(timeoutMs)]),
    });
  } finally {
    clearTimeout(timer);
  }
}

function isRetryable(status: number): boolean {
  return status === 429 || status >= 500;
}

/** `Retry-After` (seconds or an HTTP date) in ms, when ServiceM8 sends one that can be read. */
function retryAfterMs(retryAfter: string | null, now: number): number | null {
  if (!retryAfter) return null;
  const seconds = Number(retryAfter);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - now;
  return Number.isFinite(ms) && ms >= 0 ? ms : null;
}

/** Exponential backoff with jitter. */
function backoffDelay(attempt: number, policy: RetryPolicy): number {
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
