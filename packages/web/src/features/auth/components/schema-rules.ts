import { EmailAddress, newPassword } from '@automate/contract';
import { MESSAGES } from './form-rules.ts';

/**
 * The checks made with the contract's schemas, apart from `form-rules.ts` so the sign-in page, which
 * needs none of them, does not load zod to show itself.
 */

export function checkEmail(value: string): string | undefined {
  if (value.trim() === '') return MESSAGES.emailRequired;
  return EmailAddress.safeParse(value).success ? undefined : MESSAGES.emailInvalid;
}

/** The password policy of the contract (at least 10 characters, a letter and a digit), named by the input's label. */
export function checkNewPassword(value: string, label = 'Password'): string | undefined {
  if (value === '') return MESSAGES.passwordRequired;
  const parsed = newPassword(label).safeParse(value);
  return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? MESSAGES.passwordRequired);
}
