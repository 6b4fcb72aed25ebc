import { STORAGE_KEYS } from '@automate/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { parseTimestamp } from '@/lib/format.ts';

/**
 * What the changelog shows of its article (the contract's `Article` fits). Read leniently: a missing title
 * falls back to "What's new" and an unparseable `updated` is ignored.
 */
export type ChangelogArticle = {
  title?: string | null;
  /** Markdown. */
  content?: string | null;
  /** A timestamp string; may not parse. */
  updated?: string | null;
};

export const CHANGELOG_LOAD_FAILED = 'Failed to load changelog article';

type LastSeenStorage = Pick<Storage, 'getItem' | 'setItem'>;

export type UseChangelogOptions = {
  /** Whether the changelog may open at all; the app shell enables it for a signed-in, non-automatic session. */
  enabled: boolean;
  /** Fetches the changelog article (null when there is none). */
  loadArticle: () => Promise<ChangelogArticle | null>;
  /** Where the last-seen `updated` value lives; localStorage unless told. */
  storage?: LastSeenStorage;
};

export type ChangelogState = {
  open: boolean;
  article: ChangelogArticle | null;
  loading: boolean;
  /** True once a load succeeded (even with no article); stays false after a failure so the next open retries. */
  loaded: boolean;
  /** Opening by hand ("What's new") loads the article if it is not loaded yet. */
  openChangelog: () => void;
  /** Closing after having been open saves `updated` as last seen. */
  closeChangelog: () => void;
};

function defaultStorage(): LastSeenStorage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

function readLastSeen(storage: LastSeenStorage | null): string | null {
  try {
    return storage?.getItem(STORAGE_KEYS.changelogLastSeen) ?? null;
  } catch {
    return null;
  }
}

/** Whether an article updated at `updated` is news to someone who last saw `lastSeen`. */
export function isNewerThanLastSeen(updated: string | null | undefined, lastSeen: string | null): boolean {
  const updatedTime = parseTimestamp(updated);
  if (updatedTime === null) return false;
  if (lastSeen === null) return true;
  const seenTime = parseTimestamp(lastSeen);
  return seenTime === null || updatedTime > seenTime;
}

/**
 * The changelog dialog's state machine:
 * - When `enabled` becomes true it loads the article once; a load is skipped while another is in
 *   progress.
 * - When `enabled` becomes false it closes, clears the article and resets the loaded flag.
 * - After loading, and whenever `updated` changes, it reads the stored last-seen value and opens by
 *   itself if enabled, closed, `updated` parses as a date, and there is no last-seen value, the stored
 *   value does not parse, or `updated` is later than it.
 * - When it closes after having been open, `updated` is saved as last seen.
 * - Opening by hand loads the article if it is not loaded yet.
 * - A failed load logs the warning 'Failed to load changelog article' and shows nothing.
 */
export function useChangelog({ enabled, loadArticle, storage }: UseChangelogOptions): ChangelogState {
  const [open, setOpen] = useState(false);
  const [article, setArticle] = useState<ChangelogArticle | null>(null);
  const [loading, setLoading] = useState(false);
  const [loaded, setLoaded] = useState(false);

  // Values the effects and callbacks read without re-running on them.
  const store = useRef<LastSeenStorage | null>(null);
  store.current = storage ?? defaultStorage();
  const loader = useRef(loadArticle);
  loader.current = loadArticle;
  const enabledRef = useRef(enabled);
  const openRef = useRef(false);
  const loadedRef = useRef(false);
  const loadingRef = useRef(false);
  const articleRef = useRef<ChangelogArticle | null>(null);
  /** Bumped when the gate closes, so a load still in flight is dropped when it lands. */
  const generation = useRef(0);

  const changeOpen = useCallback((next: boolean) => {
    openRef.current = next;
    setOpen(next);
  }, []);

  const load = useCallback(async () => {
    if (loadingRef.current) return;
    loadingRef.current = true;
    setLoading(true);
    const started = generation.current;
    try {
      const result = await loader.current();
      if (started !== generation.current) return;
      articleRef.current = result;
      loadedRef.current = true;
      setArticle(result);
      setLoaded(true);
    } catch (error) {
      if (started !== generation.current) return;
      console.warn(CHANGELOG_LOAD_FAILED, error);
    } finally {
      if (started === generation.current) {
        loadingRef.current = false;
        setLoading(false);
      }
    }
  }, []);

  useEffect(() => {
    enabledRef.current = enabled;
    if (enabled) {
      if (!loadedRef.current) void load();
      return;
    }
    generation.current += 1;
    loadingRef.current = false;
    loadedRef.current = false;
    articleRef.current = null;
    changeOpen(false);
    setArticle(null);
    setLoaded(false);
    setLoading(false);
  }, [enabled, load, changeOpen]);

  const updated = article?.updated ?? null;
  useEffect(() => {
    if (!loaded || !enabledRef.current || openRef.current) return;
    // Read now, not when the load began: another tab, or this shell before a remount, may have closed
    // the same article meanwhile.
    if (isNewerThanLastSeen(updated, readLastSeen(store.current))) changeOpen(true);
  }, [loaded, updated, changeOpen]);

  const openChangelog = useCallback(() => {
    changeOpen(true);
    if (!loadedRef.current) void load();
  }, [changeOpen, load]);

  const closeChangelog = useCallback(() => {
    if (!openRef.current) return;
    changeOpen(false);
    const seen = articleRef.current?.updated;
    if (typeof seen === 'string' && seen !== '') {
      try {
        store.current?.setItem(STORAGE_KEYS.changelogLastSeen, seen);
      } catch {
        // storage full or disabled: the dialog may show again next time, nothing worse
      }
    }
  }, [changeOpen]);

  return { open, article, loading, loaded, openChangelog, closeChangelog };
}
