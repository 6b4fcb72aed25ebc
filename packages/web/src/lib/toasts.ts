import type { NotificationType } from '@automate/contract';

/** One toast: its sentence, its colour and, when not the usual top-right, where it shows. */
export type ToastRequest = {
  message: string;
  variant: NotificationType;
  anchorOrigin?: { vertical: 'top' | 'bottom'; horizontal: 'left' | 'center' | 'right' };
};

type ShowToast = (request: ToastRequest) => void;

/**
 * The toast library is not part of any page's first load: the first toast asked for loads it. Until the
 * host (`toast-host.tsx`) is on the page, toasts wait here, in order, and it shows them once it is.
 */
let host: ShowToast | null = null;
let waiting: ToastRequest[] = [];
const requestListeners = new Set<() => void>();

export function showToast(request: ToastRequest): void {
  if (host) {
    host(request);
    return;
  }
  waiting.push(request);
  for (const listener of requestListeners) listener();
}

/** Whether a toast has been asked for, so the host should be on the page. */
export function toastsRequested(): boolean {
  return host !== null || waiting.length > 0;
}

/** Calls `listener` when a toast is asked for while no host shows them. */
export function onToastRequested(listener: () => void): () => void {
  requestListeners.add(listener);
  return () => {
    requestListeners.delete(listener);
    // Nobody left to load the host (the app is gone, or a test ended): what waits would show in the next
    // one. Checked a moment later, as React's development mode unmounts and remounts effects at once.
    queueMicrotask(() => {
      if (requestListeners.size === 0 && host === null) waiting = [];
    });
  };
}

/** The loaded host shows the toasts that waited, then every later one, until it detaches. */
export function attachToastHost(show: ShowToast): () => void {
  host = show;
  const pending = waiting;
  waiting = [];
  for (const request of pending) show(request);
  return () => {
    if (host === show) host = null;
  };
}
