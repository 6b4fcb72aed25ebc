import { type ReactElement, type RefObject, useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useConfirm } from './confirm-dialog.tsx';

const LEAVE_MESSAGE = 'You have unsaved changes. Leave without saving them?';

/**
 * Asks before leaving a form with unsaved changes: navigating inside the app opens the confirm dialog,
 * closing or reloading the tab asks the browser's question. Being sent to sign in is never held up.
 * Answers `release()`: call it just before navigating away on purpose (after saving or deleting); and
 * `prompt`, the element that asks, for the form to render. It is an element of its own because the
 * router's blocker keeps state and follows every navigation: held by the form, it drew the whole form
 * again as it started, which on a phone blocked the editor's first visit for a few hundred milliseconds.
 */
export function useUnsavedChanges(
  dirty: boolean,
  message = LEAVE_MESSAGE,
): { release: () => void; prompt: ReactElement } {
  const released = useRef(false);
  const release = useCallback(() => {
    released.current = true;
  }, []);
  return { release, prompt: <LeavePrompt dirty={dirty} released={released} message={message} /> };
}

function LeavePrompt({ dirty, released, message }: { dirty: boolean; released: RefObject<boolean>; message: string }) {
  const confirm = useConfirm();
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

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

  return null;
}
