import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';

/**
 * `POST /api/Auth/servicem8/link/email`: mails the address the person gives (their own Automate address)
 * a link that proves it and links the claimed ServiceM8 login. Answers the server's sentence, the same
 * whether or not the address has an account.
 */
async function emailLink(input: { claim: string; email: string }): Promise<string> {
  const { message } = await apiRequest('POST', '/Auth/servicem8/link/email', z.null(), { body: input });
  return message ?? 'If an Automate account uses that address, we have emailed it a link.';
}

export function useEmailLink() {
  return useMutation({ mutationFn: emailLink });
}
