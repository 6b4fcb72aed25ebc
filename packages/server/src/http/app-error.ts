import type { ErrorCode, UnresolvedReference } from '@automate/contract';

type AppErrorDetails = {
  /** Field path → problems with that field. */
  fieldErrors?: Record<string, string[]>;
  /** A sign-in refused because the account is locked. */
  lockedOut?: boolean;
  /** When to try again (the answer's Retry-After header). */
  retryAfterSeconds?: number;
  /** A refused template copy: the records the vendor's ServiceM8 account lacks, with candidates. */
  unresolved?: UnresolvedReference[];
};

/** The one error type services throw for expected failures; the error handler maps its code to a status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: AppErrorDetails;

  constructor(code: ErrorCode, message: string, details: AppErrorDetails = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }
}

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  EMAIL_NOT_VERIFIED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  ACCOUNT_LOCKED: 423,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
};

/** A VALIDATION_FAILED error about one field, for rules a schema cannot express. */
export function invalidField(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { fieldErrors: { [field]: [message] } });
}

export function notFound(what: string): AppError {
  return new AppError('NOT_FOUND', `${what} was not found.`);
}
