import { afterEach } from 'vitest';

/**
 * Test setup for the `web` project. In DOM files (happy-dom): unmount what each test rendered, clear
 * storage, and stub the scrolling the test DOM does not do.
 */
if (typeof window !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  const { holdEmotionStyles } = await import('./styles.ts');
  holdEmotionStyles();
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

  window.scrollTo = (() => {}) as typeof window.scrollTo;
  Element.prototype.scrollIntoView = () => {};
}
