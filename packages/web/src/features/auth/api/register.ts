import { type RegisterRequest, RegisterResponse } from '@automate/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** `POST /api/Auth/register`: creates the user and their business; answers the server's sentence to show. */
async function register(input: RegisterRequest): Promise<{ email: string; message: string }> {
  const { data, message } = await apiRequest('POST', '/Auth/register', RegisterResponse, { body: input });
  return {
    email: data.email,
    message: message ?? `We sent a confirmation link to ${data.email}. Open it to finish signing up.`,
  };
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
