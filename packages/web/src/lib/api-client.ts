import { ERROR_CODES, type ErrorCode } from '@automate/contract';
import type { z } from 'zod';
import {
  type AuthTokenProvider,
  currentAuthToken,
  currentDefaultHeaders,
  type DefaultHeadersProvider,
} from './api-credentials.ts';
import { ApiError, type HttpMethod } from './api-error.ts';

// The error helpers and the token's registration live apart, so pages and the entry need not load this file.
export { setAuthTokenProvider } from './api-credentials.ts';
export { ApiError, getErrorMessage, isApiError } from './api-error.ts';

/**
 * The one way the web app talks to the server.
 *
 * Every success is the contract's envelope (`successEnvelope`) around data parsed with the caller's
 * schema, so callers get typed, validated data. The envelope is read by hand: the client itself needs
 * no schema library, so a page whose first view makes no request loads none. Every failure becomes an `ApiError`. The client never shows toasts or redirects:
 * callers (query hooks, forms, the auth layer) decide what the user sees.
 */

type QueryValue = string | number | boolean | null | undefined;
type QueryParams = Readonly<Record<string, QueryValue>>;

type RequestOptions = {
  /** Appended as a query string; `null` and `undefined` values are left out. */
  query?: QueryParams;
  signal?: AbortSignal;
  headers?: Readonly<Record<string, string>>;
};

type RequestWithBodyOptions = RequestOptions & {
  /** Sent as JSON, or as multipart when it is a `FormData`. */
  body?: unknown;
};

export type ApiClientConfig = {
  /** Prefix of every path: `/api` in the browser, an absolute URL in tests. */
  baseUrl?: string;
  getAuthToken?: AuthTokenProvider;
  getDefaultHeaders?: DefaultHeadersProvider;
  fetch?: typeof globalThis.fetch;
};

/** A success with the server's sentence (`message`), for callers that show it (sign-up, links). */
export type ApiResult<T> = { data: T; message: string | undefined };

/**
 * The schema of the answer's data, or a function that loads it: a page can then show before zod
 * and the contract's schemas arrive. The request starts at once; the schema loads meanwhile.
 */
type DataSchema<T extends z.ZodType> = T | (() => Promise<T>);

export type ApiClient = {
  /** Any method; answers the data and the server's optional `message`. */
  request<T extends z.ZodType>(
    method: HttpMethod,
    path: string,
    dataSchema: DataSchema<T>,
    options?: RequestWithBodyOptions,
  ): Promise<ApiResult<z.output<T>>>;
  get<T extends z.ZodType>(path: string, dataSchema: DataSchema<T>, options?: RequestOptions): Promise<z.output<T>>;
  post<T extends z.ZodType>(
    path: string,
    dataSchema: DataSchema<T>,
    options?: RequestWithBodyOptions,
  ): Promise<z.output<T>>;
  patch<T extends z.ZodType>(
    path: string,
    dataSchema: DataSchema<T>,
    options?: RequestWithBodyOptions,
  ): Promise<z.output<T>>;
  delete<T extends z.ZodType>(
    path: string,
    dataSchema: DataSchema<T>,
    options?: RequestWithBodyOptions,
  ): Promise<z.output<T>>;
};

const STATUS_CODES: Readonly<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_FAILED',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

const KNOWN_CODES: ReadonlySet<string> = new Set<string>(ERROR_CODES);

function codeForStatus(status: number): ErrorCode {
  return STATUS_CODES[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
}

function buildUrl(baseUrl: string, path: string, query: QueryParams | undefined): string {
  const base = baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl;
  let url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) params.append(key, String(value));
    }
    const search = params.toString();
    if (search !== '') url += `${url.includes('?') ? '&' : '?'}${search}`;
  }
  return url;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readFieldErrors(value: unknown): Record<string, string[]> | undefined {
  if (!isRecord(value)) return undefined;
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, problems] of Object.entries(value)) {
    if (Array.isArray(problems)) fieldErrors[field] = problems.filter((p): p is string => typeof p === 'string');
    else if (typeof problems === 'string') fieldErrors[field] = [problems];
  }
  return fieldErrors;
}

/** The first three problems, each at its path below `under`. */
function describeIssues(error: z.ZodError, under: string): string {
  const shown = error.issues.slice(0, 3).map((issue) => {
    const where = [under, ...issue.path.map(String)].join('.');
    return `${where}: ${issue.message}`;
  });
  const more = error.issues.length > shown.length ? ` (and ${error.issues.length - shown.length} more)` : '';
  return `${shown.join('; ')}${more}`;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

export function createApiClient(config: ApiClientConfig = {}): ApiClient {
  const baseUrl = config.baseUrl ?? '/api';
  const getAuthToken = config.getAuthToken ?? (() => null);
  const getDefaultHeaders = config.getDefaultHeaders ?? (() => ({}));

  async function request<T extends z.ZodType>(
    method: HttpMethod,
    path: string,
    dataSchema: DataSchema<T>,
    options: RequestWithBodyOptions = {},
  ): Promise<ApiResult<z.output<T>>> {
    const schema = typeof dataSchema === 'function' ? dataSchema() : Promise.resolve(dataSchema);
    // Read only once the answer is in; a failed request must not leave the load's failure unhandled.
    schema.catch(() => {});
    const doFetch = config.fetch ?? globalThis.fetch;
    const headers = new Headers(getDefaultHeaders());
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
    headers.set('Accept', 'application/json');
    const token = getAuthToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);

    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      body = options.body;
    } else if (options.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(options.body);
    }

    const fail = (init: Omit<ConstructorParameters<typeof ApiError>[0], 'method' | 'path'>) =>
      new ApiError({ ...init, method, path });

    let response: Response;
    let text: string;
    try {
      response = await doFetch(buildUrl(baseUrl, path, options.query), {
        method,
        headers,
        body: body ?? null,
        signal: options.signal ?? null,
      });
      text = await response.text();
    } catch (error) {
      // A cancelled request is not a failure; let the caller (e.g. TanStack Query) see the abort as is.
      if (options.signal?.aborted) throw error;
      throw fail({
        status: 0,
        code: 'NETWORK_ERROR',
        message: 'Could not reach the server. Check your connection and try again.',
        cause: error,
      });
    }

    const json = parseJson(text);
    const headerRequestId = response.headers.get('x-request-id') ?? undefined;

    if (!response.ok || (json.ok && isRecord(json.value) && json.value.success === false)) {
      const failure = json.ok && isRecord(json.value) ? json.value : {};
      const message = [failure.message, failure.Message].find(
        (m): m is string => typeof m === 'string' && m.trim() !== '',
      );
      throw fail({
        status: response.status,
        code:
          typeof failure.code === 'string' && KNOWN_CODES.has(failure.code)
            ? (failure.code as ErrorCode)
            : codeForStatus(response.status),
        message: message ?? `The server could not complete the request (HTTP ${response.status}).`,
        fieldErrors: readFieldErrors(failure.errors),
        requestId: typeof failure.requestId === 'string' ? failure.requestId : headerRequestId,
        body: failure,
      });
    }

    if (!json.ok) {
      throw fail({
        status: response.status,
        code: 'INVALID_RESPONSE',
        message: `The server's answer to ${method} ${path} was not JSON.`,
        requestId: headerRequestId,
      });
    }

    const envelope = isRecord(json.value) && json.value.success === true ? json.value : undefined;
    const message = envelope?.message;
    const parsed = envelope ? (await schema).safeParse(envelope.data) : undefined;
    if (!parsed?.success || (message !== undefined && typeof message !== 'string')) {
      const problem = !envelope
        ? '(root): not a success envelope'
        : parsed?.success === false
          ? describeIssues(parsed.error, 'data')
          : 'message: not a string';
      throw fail({
        status: response.status,
        code: 'INVALID_RESPONSE',
        message: `The server's answer to ${method} ${path} did not have the expected shape: ${problem}.`,
        requestId: headerRequestId,
        cause: parsed?.error,
      });
    }
    return { data: parsed.data as z.output<T>, message };
  }

  return {
    request,
    get: async (path, dataSchema, options) => (await request('GET', path, dataSchema, options)).data,
    post: async (path, dataSchema, options) => (await request('POST', path, dataSchema, options)).data,
    patch: async (path, dataSchema, options) => (await request('PATCH', path, dataSchema, options)).data,
    delete: async (path, dataSchema, options) => (await request('DELETE', path, dataSchema, options)).data,
  };
}

/** The app's client: base `/api` (same origin; Vite proxies it in development). */
const apiClient: ApiClient = createApiClient({
  getAuthToken: currentAuthToken,
  getDefaultHeaders: currentDefaultHeaders,
});

export const apiRequest: ApiClient['request'] = (method, path, dataSchema, options) =>
  apiClient.request(method, path, dataSchema, options);
export const apiGet: ApiClient['get'] = (path, dataSchema, options) => apiClient.get(path, dataSchema, options);
export const apiPost: ApiClient['post'] = (path, dataSchema, options) => apiClient.post(path, dataSchema, options);
export const apiDelete: ApiClient['delete'] = (path, dataSchema, options) =>
  apiClient.delete(path, dataSchema, options);

/**
 * A file the server draws (a PDF), fetched with the signed-in user's token and the current vendor,
 * then handed to the browser as a download named `filename`.
 */
export async function downloadFile(path: string, filename: string): Promise<void> {
  const headers = new Headers(currentDefaultHeaders());
  const token = currentAuthToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(`/api${path}`, { headers });
  if (!response.ok) {
    const text = await response.text();
    const failure = parseJson(text);
    const message =
      failure.ok && isRecord(failure.value) && typeof failure.value.message === 'string'
        ? failure.value.message
        : 'The file could not be downloaded.';
    throw new ApiError({ message, status: response.status, code: codeForStatus(response.status), method: 'GET', path });
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
