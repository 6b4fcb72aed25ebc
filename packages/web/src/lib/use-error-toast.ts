import { useEffect } from 'react';
import { getErrorMessage } from './api-client.ts';
import { useNotifications } from './notifications.ts';

/** Shows a failed load once as an error toast with the server's sentence (else `fallback`). */
export function useErrorToast(error: unknown, fallback: string): void {
  const { toast } = useNotifications();
  useEffect(() => {
    if (error) toast(getErrorMessage(error, fallback), 'error');
  }, [error, fallback, toast]);
}
