import type { ErrorCode } from '@automate/contract';

/** Codes the client adds for failures that never reached, or could not be read from, the server. */
type ClientErrorCode = 'NETWORK_ERROR' | 'INVALID_RESPONSE';
export type ApiErrorCode = ErrorCode | ClientErrorCode;

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;
  readonly code: ApiErrorCode;
  /** Field path → problems with that field, from validation failures. */
  readonly fieldErrors: Readonly<Record<string, string[]>>;
  /** Quoted by the server on 5xx answers so support can find the log lines. */
  readonly requestId: string | undefined;
  readonly method: HttpMethod;
  readonly path: string;
  /** The failure's whole body, for answers that carry more than a message (a refused template copy). */
  readonly body: Readonly<Record<string, unknown>>;

  constructor(init: {
    message: string;
    status: number;
    code: ApiErrorCode;
    method: HttpMethod;
    path: string;
    fieldErrors?: Record<string, string[]> | undefined;
    requestId?: string | undefined;
    body?: Record<string, unknown> | undefined;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.method = init.method;
    this.path = init.path;
    this.fieldErrors = init.fieldErrors ?? {};
    this.requestId = init.requestId;
    this.body = init.body ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The sentence to show for a failure: the server's message, else the error's own, else `fallback`. */
export function getErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return fallback;
}
