import type { ErrorCode } from '@automate/contract';

/** The one error type services throw for expected failures; the error handler maps its code to a status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fieldErrors: Record<string, string[]> | undefined;

  constructor(code: ErrorCode, message: string, fieldErrors?: Record<string, string[]>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
};

/** Builds a VALIDATION_FAILED error for one field, as services report a rule the schema cannot express. */
export function invalidField(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { [field]: [message] });
}
