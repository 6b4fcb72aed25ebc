import { type FormEvent, useState } from 'react';
import { serverFieldError } from './form-rules.ts';
import { checkEmail } from './schema-rules.ts';

type EmailMutation = { mutate(email: string): void; error: unknown };

/** The email field of a "send me a link" form: checked here first, then the server's field error. */
export function useEmailRequest(mutation: EmailMutation) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkEmail(email);
    setError(problem);
    if (problem === undefined) mutation.mutate(email.trim());
  };

  return { email, setEmail, submit, fieldError: error ?? serverFieldError(mutation.error, 'email') };
}
