/** An error answered the way Stripe answers it: `{ error: { type, code, message, param } }`. */
export class StripeError extends Error {
  readonly statusCode: number;
  readonly type: 'invalid_request_error' | 'card_error' | 'api_error' | 'authentication_error';
  readonly code: string | undefined;
  readonly declineCode: string | undefined;
  readonly param: string | undefined;

  constructor(
    statusCode: number,
    type: StripeError['type'],
    message: string,
    extra: { code?: string; declineCode?: string; param?: string } = {},
  ) {
    super(message);
    this.statusCode = statusCode;
    this.type = type;
    this.code = extra.code;
    this.declineCode = extra.declineCode;
    this.param = extra.param;
  }

  toBody() {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code ? { code: this.code } : {}),
        ...(this.declineCode ? { decline_code: this.declineCode } : {}),
        ...(this.param ? { param: this.param } : {}),
      },
    };
  }
}

export function missingParam(param: string): StripeError {
  return new StripeError(400, 'invalid_request_error', `Missing required param: ${param}.`, {
    code: 'parameter_missing',
    param,
  });
}

export function noSuchObject(kind: string, id: string, param = 'id'): StripeError {
  return new StripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, {
    code: 'resource_missing',
    param,
  });
}

export function invalidParam(param: string, message: string): StripeError {
  return new StripeError(400, 'invalid_request_error', message, { code: 'parameter_invalid', param });
}
