/**
 * The one error type of the simulator. Each carries the HTTP status and the exact body the real
 * API would send for that surface: REST `{errorCode, message}`, the Webhooks API
 * `{success:false, message}`, OAuth `{error, error_description}`, or a text body (429).
 */
export class Sm8Error extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly contentType: string;
  readonly headers: Record<string, string>;

  constructor(status: number, body: unknown, options: { contentType?: string; headers?: Record<string, string> } = {}) {
    super(typeof body === 'string' ? body : JSON.stringify(body));
    this.status = status;
    this.body = body;
    this.contentType =
      options.contentType ?? (typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json');
    this.headers = options.headers ?? {};
  }
}

/** REST error `{"errorCode": status, "message": message}`. */
export function restError(status: number, message: string): Sm8Error {
  return new Sm8Error(status, { errorCode: status, message });
}

/** Webhooks / platform error `{"success": false, "message": message}`. */
export function platformError(status: number, message: string): Sm8Error {
  return new Sm8Error(status, { success: false, message });
}

/** OAuth token endpoint error (RFC 6749 §5.2 shape; ServiceM8's exact body is not in the sources). */
export function oauthError(status: number, error: string, description: string): Sm8Error {
  return new Sm8Error(status, { error, error_description: description });
}

/** The standard REST success body for create, update and delete (`Result`). */
export const OK_RESULT = { errorCode: 0, message: 'OK' } as const;
