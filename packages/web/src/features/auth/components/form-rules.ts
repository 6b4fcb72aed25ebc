import { apiFieldErrors } from '@/lib/form-errors.ts';

/** Messages for what people type, checked before anything is sent; the server checks again. */
export const MESSAGES = {
  emailRequired: 'Enter your email address.',
  emailInvalid: 'Enter an email address such as name@example.com.',
  passwordRequired: 'Enter your password.',
  passwordsDiffer: 'The two passwords do not match.',
  firstNameRequired: 'Enter your first name.',
  lastNameRequired: 'Enter your last name.',
  vendorNameRequired: 'Enter the name of your business.',
} as const;

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export function checkRequired(value: string, message: string): string | undefined {
  return value.trim() === '' ? message : undefined;
}

/** Only the fields that have a problem. */
export function compact<F extends string>(errors: Record<F, string | undefined>): FieldErrors<F> {
  const result: FieldErrors<F> = {};
  for (const [field, message] of Object.entries(errors) as Array<[F, string | undefined]>) {
    if (message !== undefined) result[field] = message;
  }
  return result;
}

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.keys(errors).length > 0;
}

/** The server's first complaint about `field` from a validation failure, if any. */
export function serverFieldError(error: unknown, field: string): string | undefined {
  return apiFieldErrors(error)[field];
}

/** The person's time zone, when the browser knows a valid IANA one (new businesses default to it). */
export function browserTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return typeof zone === 'string' && zone !== '' ? zone : undefined;
  } catch {
    return undefined;
  }
}
