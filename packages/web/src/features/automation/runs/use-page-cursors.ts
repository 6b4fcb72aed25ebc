import type { SearchQueryInput } from '@automate/contract';
import { useEffect, useRef, useState } from 'react';
import { type SearchState, toSearchQuery } from '@/lib/search-params.ts';

/**
 * The `nextCursor` of each page seen, so the next page is asked for after the last run shown (keyset
 * paging: as fast on page 400 as on page 1, and nothing repeated when new runs arrive) instead of by
 * offset. A page reached otherwise (a link, Back after a reload, a jump) goes by its number. The
 * cursors belong to one sort, filter and page size (`searchKey`) and are forgotten when it changes.
 */
function usePageCursors(searchKey: string) {
  const seen = useRef({ key: searchKey, pages: new Map<number, string>() });
  if (seen.current.key !== searchKey) seen.current = { key: searchKey, pages: new Map() };
  const [cursors] = useState(() => ({
    forPage: (page: number) => (page > 1 ? seen.current.pages.get(page) : undefined),
    remember: (page: number, cursor: string | null) => {
      if (cursor) seen.current.pages.set(page, cursor);
    },
  }));
  return cursors;
}

type CursorPage = { pageNumber: number; nextCursor: string | null };

/**
 * The query for the search shown in the URL (`state`, within `scope`, e.g. one automation), with the
 * cursor of its page when the page before was seen; hand the search's result to `useShownPage`.
 */
export function useCursorQuery(state: SearchState, scope = '') {
  const cursors = usePageCursors(
    `${scope}${JSON.stringify([state.SortBy, state.SortDir, state.PageSize, state.Filters])}`,
  );
  const cursor = cursors.forPage(state.PageNumber);
  const query: SearchQueryInput & { Cursor?: string } = {
    ...toSearchQuery(state),
    ...(cursor ? { Cursor: cursor } : {}),
  };
  return { query, cursors };
}

/** The page the search answered for the query asked (not a placeholder), remembering its next cursor. */
export function useShownPage<Page extends CursorPage>(
  search: { data?: Page | undefined; isPlaceholderData: boolean },
  { cursors }: ReturnType<typeof useCursorQuery>,
): Page | undefined {
  const shown = search.isPlaceholderData ? undefined : search.data;
  useEffect(() => {
    if (shown) cursors.remember(shown.pageNumber + 1, shown.nextCursor);
  }, [shown, cursors]);
  return shown;
}
