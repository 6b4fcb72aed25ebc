/**
 * React's development build records, for every element it creates, where it was created (an `Error`
 * captured for its stack, and a `console.createTask`): the "owner stacks" its warnings and the browser's
 * developer tools show. Nothing a test checks reads them, and capturing them was a sixth of the DOM
 * tests' time. React takes no more than a fixed number per render and falls back to "unknown" after
 * that; this makes the count read as always spent. `REACT_OWNER_STACKS=1` keeps them, for reading a
 * React warning's component stack while debugging a test.
 *
 * To be called before React renders anything.
 */
export async function skipReactOwnerStacks(): Promise<void> {
  if (process.env.REACT_OWNER_STACKS === '1') return;
  const React = (await import('react')) as unknown as Record<string, unknown>;
  const internals = React.__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE as object | undefined;
  if (!internals || !('recentlyCreatedOwnerStacks' in internals)) return;
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
    get: () => Number.POSITIVE_INFINITY,
    set: () => {},
    configurable: true,
  });
}
