import { afterEach, beforeEach } from 'vitest';

type HappyDomWindow = { happyDOM: { setViewport(size: { width: number; height: number }): void } };

/** Sets happy-dom's window size, so media queries (`usePhone`) answer as at that size. */
function setViewport(width: number, height: number): void {
  (window as unknown as HappyDomWindow).happyDOM.setViewport({ width, height });
}

/** The tests of the calling `describe` run in a phone-sized window (390 × 844); the size is restored after each. */
export function onAPhone(): void {
  const wide = { width: window.innerWidth, height: window.innerHeight };
  beforeEach(() => setViewport(390, 844));
  afterEach(() => setViewport(wide.width, wide.height));
}
