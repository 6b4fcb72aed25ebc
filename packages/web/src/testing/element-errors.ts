import { configure, getConfig, prettyDOM } from '@testing-library/react';

/**
 * A failed query's error ends with a dump of the DOM. Inside `waitFor` and `findBy*` a query fails on
 * every retry until the page catches up, and each failure printed the whole page, which no one reads:
 * only the last error is shown, and `waitFor` appends the DOM to that one when it times out. Errors
 * made while retrying keep their sentence and leave the dump to that final one.
 */
export function dumpTheDomOnlyInFinalErrors(): void {
  configure({
    getElementError(message, container) {
      // Set by `waitFor` while it runs its callback; the query's own diagnostics are skipped there too.
      const retrying = (getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })
        ._disableExpensiveErrorDiagnostics;
      const dom = retrying ? '' : `Ignored nodes: comments, ${getConfig().defaultIgnore}\n${prettyDOM(container)}`;
      const error = new Error([message, dom].filter(Boolean).join('\n\n'));
      error.name = 'TestingLibraryElementError';
      return error;
    },
  });
}
