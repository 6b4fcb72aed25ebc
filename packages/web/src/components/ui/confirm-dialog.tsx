import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ConfirmOptions } from './confirm-prompt.tsx';

/** Loaded when something first asks: MUI's dialog is not part of any page's first load. */
const ConfirmDialog = lazy(() => import('./confirm-prompt.tsx').then((module) => ({ default: module.ConfirmDialog })));

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/** Lets any component ask `await confirm({ message })`: true when confirmed, false when cancelled. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<{ options: ConfirmOptions; open: boolean } | null>(null);
  const resolveRef = useRef<((confirmed: boolean) => void) | null>(null);

  const confirm = useCallback<Confirm>(
    (options) =>
      new Promise<boolean>((resolve) => {
        resolveRef.current?.(false);
        resolveRef.current = resolve;
        setRequest({ options, open: true });
      }),
    [],
  );

  const close = useCallback((confirmed: boolean) => {
    resolveRef.current?.(confirmed);
    resolveRef.current = null;
    setRequest((current) => (current ? { ...current, open: false } : null));
  }, []);

  const value = useMemo(() => confirm, [confirm]);

  return (
    <ConfirmContext value={value}>
      {children}
      {request ? (
        <Suspense fallback={null}>
          <ConfirmDialog {...request.options} open={request.open} onClose={close} />
        </Suspense>
      ) : null}
    </ConfirmContext>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a <ConfirmProvider> above it.');
  return confirm;
}
