import { type NotificationType, TOASTS } from '@automate/contract';
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';

/**
 * Toasts appear top-right (5000 ms, at most 20: the provider's defaults); notifications
 * (such as a failed vendor list) appear bottom centre. Types: success, error, warning, info, default.
 */
export type Notifier = {
  toast(message: string, type?: NotificationType): void;
  notify(message: string, type?: NotificationType): void;
};

export function useNotifications(): Notifier {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      toast: (message, type = 'default') => {
        enqueueSnackbar(message, { variant: type });
      },
      notify: (message, type = 'default') => {
        enqueueSnackbar(message, { variant: type, anchorOrigin: { ...TOASTS.notificationPosition } });
      },
    }),
    [enqueueSnackbar],
  );
}
