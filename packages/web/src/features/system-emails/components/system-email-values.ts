import { type SystemEmail, SystemEmailInput } from '@automate/contract';
import { type FieldErrorMap, zodFieldErrors } from '@/lib/form-errors.ts';

/** What the system email editor holds while someone types (the key only for a new template). */
export type SystemEmailValues = { key: string; name: string; description: string; subject: string; body: string };

export function systemEmailValues(email: SystemEmail | null): SystemEmailValues {
  if (!email) return { key: '', name: '', description: '', subject: '', body: '' };
  const { key, name, description, subject, body } = email;
  return { key, name, description, subject, body };
}

export const sameSystemEmailValues = (a: SystemEmailValues, b: SystemEmailValues) =>
  a.key === b.key &&
  a.name === b.name &&
  a.description === b.description &&
  a.subject === b.subject &&
  a.body === b.body;

export function validateSystemEmail(values: SystemEmailValues, isNew: boolean): FieldErrorMap {
  const parsed = SystemEmailInput.safeParse(isNew ? values : { ...values, key: 'existing' });
  return parsed.success ? {} : zodFieldErrors(parsed.error);
}
