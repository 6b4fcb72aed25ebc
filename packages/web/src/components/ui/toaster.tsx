import { lazy, Suspense, useEffect, useState } from 'react';
import { onToastRequested, toastsRequested } from '@/lib/toasts.ts';

const ToastHost = lazy(() => import('./toast-host.tsx').then((module) => ({ default: module.ToastHost })));

/**
 * Where toasts show. It renders nothing until the first toast is asked for, then loads the toast host,
 * which shows that toast and every later one. Sits beside the app's pages, not around them.
 */
export function Toaster() {
  const [wanted, setWanted] = useState(toastsRequested);
  useEffect(() => onToastRequested(() => setWanted(true)), []);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}
