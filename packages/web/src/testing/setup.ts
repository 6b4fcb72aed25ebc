import { afterEach } from 'vitest';

/**
 * Test setup for the `web` project. In DOM files (happy-dom): unmount what each test rendered, clear
 * storage, make the scrolling the test DOM does not do a no-op, skip React's owner stacks, and spare the work
 * nothing reads: element strings as HTML, DOM dumps in the errors of retried queries.
 */
if (typeof window !== 'undefined') {
  const { skipReactOwnerStacks } = await import('./react-owner-stacks.ts');
  await skipReactOwnerStacks();
  const { cleanup } = await import('@testing-library/react');
  const { holdEmotionStyles } = await import('./styles.ts');
  holdEmotionStyles();
  const { elementToStringAsInBrowsers } = await import('./dom-strings.ts');
  elementToStringAsInBrowsers();
  const { dumpTheDomOnlyInFinalErrors } = await import('./element-errors.ts');
  dumpTheDomOnlyInFinalErrors();
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

  window.scrollTo = (() => {}) as typeof window.scrollTo;
  Element.prototype.scrollIntoView = () => {};
}
