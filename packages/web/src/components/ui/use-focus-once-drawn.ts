import { type RefObject, useEffect, useRef } from 'react';

/**
 * A ref that focuses its element in the frame after the element is first drawn, when `focus` is true then.
 * `autoFocus` focuses in React's commit instead: the browser lays the new page out there and then, and the
 * field's form control draws again synchronously, both inside the one task that draws the page (on a phone,
 * the trigger editor's longest).
 */
export function useFocusOnceDrawn<T extends HTMLElement>(focus: boolean): RefObject<T | null> {
  const ref = useRef<T>(null);
  const focusWhenDrawn = useRef(focus);
  useEffect(() => {
    if (!focusWhenDrawn.current) return;
    const frame = requestAnimationFrame(() => ref.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  return ref;
}
