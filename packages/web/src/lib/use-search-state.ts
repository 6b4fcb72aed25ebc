import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  changeSearch,
  readSearchState,
  type SearchChange,
  type SearchDefaults,
  type SearchState,
  writeSearchState,
} from './search-params.ts';

/**
 * A search screen's state in the URL (see `search-params.ts`). Paging and sorting add a history entry;
 * filter changes (typed a letter at a time) replace the current one.
 */
export function useSearchState(defaults: SearchDefaults): [SearchState, (change: SearchChange) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `params`, whose identity changes on every render
  const state = useMemo(() => readSearchState(params, defaults), [key, defaults]);

  const update = useCallback(
    (change: SearchChange) => {
      setParams((current) => writeSearchState(changeSearch(readSearchState(current, defaults), change), defaults), {
        replace: change.kind === 'filter' || change.kind === 'filters',
      });
    },
    [setParams, defaults],
  );

  return [state, update];
}
