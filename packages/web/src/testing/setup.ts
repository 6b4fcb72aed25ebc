import { afterEach } from 'vitest';

/**
 * Test setup for the `web` project. In DOM files (happy-dom): unmount what each test rendered, clear
 * storage, fail any request no test answers, make the scrolling the test DOM does not do a no-op, skip
 * React's owner stacks, and spare the work nothing reads: element strings as HTML, DOM dumps in the
 * errors of retried queries.
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

  // Component tests never reach a network. A request no test answers (one a page sends as its test ends,
  // after the test's own fetch was put back) fails at once, rather than trying the test DOM's localhost:3000.
  globalThis.fetch = (input: RequestInfo | URL) =>
    Promise.reject(new TypeError(`no network in component tests: ${input instanceof Request ? input.url : input}`));

  window.scrollTo = (() => {}) as typeof window.scrollTo;
  Element.prototype.scrollIntoView = () => {};
}
