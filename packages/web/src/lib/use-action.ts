import { useCallback, useEffect, useRef, useState } from 'react';

type ActionState<T> =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'success'; data: T }
  | { status: 'error'; error: unknown };

export type Action<I, T> = {
  /** Starts the request; `onSuccess` runs with its answer unless a later start or unmounting overtook it. */
  mutate(input: I, options?: { onSuccess?(data: T): void }): void;
  isPending: boolean;
  isSuccess: boolean;
  data: T | undefined;
  error: unknown;
};

/**
 * A request the person starts (signing in, sending a new link): under way, answered or failed, the latest
 * start winning. Named as TanStack's mutations are; for the sign-in page, which loads without the query
 * library.
 */
export function useAction<I, T>(run: (input: I) => Promise<T>): Action<I, T> {
  const [state, setState] = useState<ActionState<T>>({ status: 'idle' });
  const latest = useRef(0);
  useEffect(
    () => () => {
      latest.current += 1;
    },
    [],
  );

  const mutate = useCallback(
    (input: I, options?: { onSuccess?(data: T): void }) => {
      latest.current += 1;
      const call = latest.current;
      setState({ status: 'pending' });
      run(input).then(
        (data) => {
          if (call !== latest.current) return;
          setState({ status: 'success', data });
          options?.onSuccess?.(data);
        },
        (error: unknown) => {
          if (call === latest.current) setState({ status: 'error', error });
        },
      );
    },
    [run],
  );

  return {
    mutate,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    data: state.status === 'success' ? state.data : undefined,
    error: state.status === 'error' ? state.error : null,
  };
}
