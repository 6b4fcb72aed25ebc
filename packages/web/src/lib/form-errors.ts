import type { z } from 'zod';
import { isApiError } from './api-error.ts';

/** Field name → the sentence to show under it. */
export type FieldErrorMap = Readonly<Record<string, string>>;

/** The first problem with each top-level field of a failed zod parse (the contract's own sentences). */
export function zodFieldErrors(error: z.ZodError): FieldErrorMap {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '';
    if (field !== '' && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/** The server's first complaint about each field of a refused request (400 validation, 409 conflicts). */
export function apiFieldErrors(error: unknown): FieldErrorMap {
  if (!isApiError(error)) return {};
  const errors: Record<string, string> = {};
  for (const [path, problems] of Object.entries(error.fieldErrors)) {
    const field = path.replace(/^body\./, '').split('.')[0] ?? path;
    const first = problems[0];
    if (field !== '' && first !== undefined && errors[field] === undefined) errors[field] = first;
  }
  return errors;
}

/** The map without `field` (its problem goes once the person changes it). */
export function withoutField(errors: FieldErrorMap, field: string): FieldErrorMap {
  if (errors[field] === undefined) return errors;
  const { [field]: _removed, ...rest } = errors;
  return rest;
}
