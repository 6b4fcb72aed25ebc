import { afterEach } from 'vitest';

/**
 * Test setup for the `web` project. In DOM files (happy-dom): unmount what each test rendered, clear
 * storage, stub the scrolling the test DOM does not do, and skip React's owner stacks.
 */
if (typeof window !== 'undefined') {
  const { skipReactOwnerStacks } = await import('./react-owner-stacks.ts');
  await skipReactOwnerStacks();
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
