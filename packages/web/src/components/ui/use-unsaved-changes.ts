import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useConfirm } from './confirm-dialog.tsx';

/**
 * Asks before leaving a form with unsaved changes: navigating inside the app opens the confirm dialog,
 * closing or reloading the tab asks the browser's question. Being sent to sign in is never held up.
 * Answers `release()`: call it just before navigating away on purpose (after saving or deleting).
 */
export function useUnsavedChanges(dirty: boolean, message = 'You have unsaved changes. Leave without saving them?') {
  const confirm = useConfirm();
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const released = useRef(false);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current &&
      !released.current &&
      currentLocation.pathname !== nextLocation.pathname &&
      !nextLocation.pathname.startsWith('/auth/'),
  );

  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirm({ title: 'Leave this page?', message, confirmText: 'Leave', cancelText: 'Stay' }).then((leave) => {
      const current = blockerRef.current;
      if (current.state !== 'blocked') return;
      if (leave) current.proceed();
      else current.reset();
    });
  }, [blocker.state, confirm, message]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return {
    release: () => {
      released.current = true;
    },
  };
}
