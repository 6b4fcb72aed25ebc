import type { z } from 'zod';
import { isApiError } from './api-error.ts';

/** Field name → the sentence to show under it. */
export type FieldErrorMap = Readonly<Record<string, string>>;

/**
 * The field a problem's path belongs to: its top-level name, or for a group of fields named in
 * `groups` (an object of several inputs, such as a plan's `limits`) the group and the field,
 * `limits.runsPerMonth`.
 */
function fieldOf(path: ReadonlyArray<PropertyKey>, groups: readonly string[]): string {
  const [top, inner] = path.map(String);
  if (top === undefined) return '';
  return inner !== undefined && groups.includes(top) ? `${top}.${inner}` : top;
}

/** The first problem with each top-level field (or grouped field) of a failed zod parse (the contract's own sentences). */
export function zodFieldErrors(error: z.ZodError, groups: readonly string[] = []): FieldErrorMap {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = fieldOf(issue.path, groups);
    if (field !== '' && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/** The server's first complaint about each field of a refused request (400 validation, 409 conflicts). */
export function apiFieldErrors(error: unknown, groups: readonly string[] = []): FieldErrorMap {
  if (!isApiError(error)) return {};
  const errors: Record<string, string> = {};
  for (const [path, problems] of Object.entries(error.fieldErrors)) {
    const field = fieldOf(path.replace(/^body\./, '').split('.'), groups);
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
