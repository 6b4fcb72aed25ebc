import { useEffect, useState } from 'react';

/**
 * False until the first frame after the component mounted has been painted, then true. For requests the
 * page can do without at first: started once the page is on screen, they neither delay its drawing nor
 * hold a connection its own scripts and requests wait for on a slow network. A page opened in a background
 * tab paints nothing until it is looked at, so there it is true at once.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (document.visibilityState === 'hidden') {
      setPainted(true);
      return;
    }
    let afterPaint: ReturnType<typeof setTimeout> | undefined;
    // A frame's callbacks run before it is painted; a timer set from one runs after the paint.
    const frame = requestAnimationFrame(() => {
      afterPaint = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(afterPaint);
    };
  }, []);
  return painted;
}
