import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';

/**
 * `POST /api/Auth/servicem8/link/email`: mails the owner of the claimed address a link to confirm the
 * ServiceM8 link. Answers the server's sentence, the same whether or not the address has an account.
 */
async function emailLink(claim: string): Promise<string> {
  const { message } = await apiRequest('POST', '/Auth/servicem8/link/email', z.null(), { body: { claim } });
  return message ?? 'If an Automate account uses that address, we have emailed it a link.';
}

export function useEmailLink() {
  return useMutation({ mutationFn: emailLink });
}
