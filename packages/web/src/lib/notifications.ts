import { type NotificationType, TOASTS } from '@automate/contract';
import { showToast } from './toasts.ts';

/**
 * Toasts appear top-right (5000 ms, at most 20: the provider's defaults); notifications
 * (such as a failed vendor list) appear bottom centre. Types: success, error, warning, info, default.
 */
export type Notifier = {
  toast(message: string, type?: NotificationType): void;
  notify(message: string, type?: NotificationType): void;
};

const notifier: Notifier = {
  toast: (message, type = 'default') => showToast({ message, variant: type }),
  notify: (message, type = 'default') =>
    showToast({ message, variant: type, anchorOrigin: { ...TOASTS.notificationPosition } }),
};

export function useNotifications(): Notifier {
  return notifier;
}
