// @vitest-environment happy-dom
import { STORAGE_KEYS } from '@automate/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '@/testing/sessions.ts';
import {
  CHANGELOG_LOAD_FAILED,
  type ChangelogArticle,
  isNewerThanLastSeen,
  type UseChangelogOptions,
  useChangelog,
} from './use-changelog.ts';

const KEY = STORAGE_KEYS.changelogLastSeen;
const MARCH = '2026-03-01T09:00:00.000Z';
const APRIL = '2026-04-01T09:00:00.000Z';
const article = (updated: string | null, title = 'Release 1.8'): ChangelogArticle => ({
  title,
  content: '## New\n- faster runs',
  updated,
});

/** A loader whose answers the test hands out one at a time. */
function controlledLoader() {
  const pending: Array<{ resolve: (value: ChangelogArticle | null) => void; reject: (error: unknown) => void }> = [];
  const load = vi.fn(
    () =>
      new Promise<ChangelogArticle | null>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  );
  return {
    load,
    async resolveNext(value: ChangelogArticle | null) {
      const next = pending.shift();
      if (!next) throw new Error('no load is waiting');
      await act(async () => next.resolve(value));
    },
    async rejectNext(error: unknown) {
      const next = pending.shift();
      if (!next) throw new Error('no load is waiting');
      await act(async () => next.reject(error));
    },
  };
}

function setup(initial: Partial<UseChangelogOptions> & { stored?: string } = {}) {
  const storage = memoryStorage(initial.stored === undefined ? {} : { [KEY]: initial.stored });
  const loader = controlledLoader();
  const hook = renderHook(
    (props: { enabled: boolean }) => useChangelog({ ...props, loadArticle: loader.load, storage }),
    {
      initialProps: { enabled: initial.enabled ?? true },
    },
  );
  return { storage, loader, hook };
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  warn.mockRestore();
});

describe('the changelog state machine', () => {
  describe('when enabled becomes true', () => {
    it('loads the article once, and reads the last-seen value when it has loaded', async () => {
      const { storage, loader, hook } = setup({ stored: APRIL });
      const getItem = vi.spyOn(storage, 'getItem');
      expect(loader.load).toHaveBeenCalledTimes(1);
      expect(hook.result.current.loading).toBe(true);
      expect(getItem).not.toHaveBeenCalled();
      await loader.resolveNext(article(MARCH));
      expect(getItem).toHaveBeenCalledWith(KEY);
      expect(hook.result.current).toMatchObject({ loaded: true, loading: false, open: false });

      hook.rerender({ enabled: true });
      expect(loader.load).toHaveBeenCalledTimes(1);
      hook.rerender({ enabled: false });
      hook.rerender({ enabled: true });
      expect(loader.load).toHaveBeenCalledTimes(2);
    });

    it('does not load while disabled', () => {
      const { loader } = setup({ enabled: false });
      expect(loader.load).not.toHaveBeenCalled();
    });

    it('skips loading while a load is in progress', async () => {
      const { loader, hook } = setup();
      expect(loader.load).toHaveBeenCalledTimes(1);
      act(() => hook.result.current.openChangelog());
      act(() => hook.result.current.openChangelog());
      expect(loader.load).toHaveBeenCalledTimes(1);
      await loader.resolveNext(article(MARCH));
      expect(hook.result.current.loaded).toBe(true);
    });
  });

  describe('when enabled becomes false', () => {
    it('closes, clears the article and resets the loaded flag', async () => {
      const { loader, hook } = setup();
      await loader.resolveNext(article(MARCH));
      expect(hook.result.current.open).toBe(true);

      hook.rerender({ enabled: false });
      expect(hook.result.current).toMatchObject({ open: false, article: null, loaded: false, loading: false });

      // Enabled again: it loads again.
      hook.rerender({ enabled: true });
      expect(loader.load).toHaveBeenCalledTimes(2);
    });

    it('drops an answer that arrives after the gate closed', async () => {
      const { loader, hook } = setup();
      hook.rerender({ enabled: false });
      await loader.resolveNext(article(MARCH));
      expect(hook.result.current).toMatchObject({ open: false, article: null, loaded: false });
    });

    it('does not save last-seen when it closes because it was disabled', async () => {
      const { storage, loader, hook } = setup();
      await loader.resolveNext(article(MARCH));
      expect(hook.result.current.open).toBe(true);
      hook.rerender({ enabled: false });
      expect(storage.getItem(KEY)).toBeNull();
    });
  });

  describe('auto-open after loading', () => {
    it('opens when there is no last-seen value', async () => {
      const { loader, hook } = setup();
      await loader.resolveNext(article(MARCH));
      expect(hook.result.current.open).toBe(true);
      expect(hook.result.current.article?.title).toBe('Release 1.8');
    });

    it('opens when the stored value does not parse', async () => {
      const { loader, hook } = setup({ stored: 'sometime last week' });
      await loader.resolveNext(article(MARCH));
      expect(hook.result.current.open).toBe(true);
    });

    it('opens when updated is later than the stored value', async () => {
      const { loader, hook } = setup({ stored: MARCH });
      await loader.resolveNext(article(APRIL));
      expect(hook.result.current.open).toBe(true);
    });

    it('stays closed when updated is the stored value or earlier', async () => {
      for (const stored of [APRIL, '2026-05-01T00:00:00Z']) {
        const { loader, hook } = setup({ stored });
        await loader.resolveNext(article(APRIL));
        expect(hook.result.current.open).toBe(false);
        hook.unmount();
      }
    });

    it('ignores an updated value that does not parse, or a missing article', async () => {
      for (const answer of [article('not a date'), article(null), null]) {
        const { loader, hook } = setup();
        await loader.resolveNext(answer);
        expect(hook.result.current).toMatchObject({ loaded: true, open: false });
        hook.unmount();
      }
    });

    it('stays closed when the article was seen while it loaded (another tab, or the shell before a remount, closed it)', async () => {
      const { storage, loader, hook } = setup();
      storage.setItem(KEY, APRIL);
      await loader.resolveNext(article(APRIL));
      expect(hook.result.current).toMatchObject({ loaded: true, open: false });
    });

    it('opens when updated changes to a newer value on a later load', async () => {
      const { loader, hook } = setup({ stored: APRIL });
      await loader.resolveNext(article(APRIL));
      expect(hook.result.current.open).toBe(false);
      hook.rerender({ enabled: false });
      hook.rerender({ enabled: true });
      await loader.resolveNext(article('2026-05-02T00:00:00Z'));
      expect(hook.result.current.open).toBe(true);
    });
  });

  describe('closing', () => {
    it('saves updated as last-seen when it closes after having been open, and does not reopen', async () => {
      const { storage, loader, hook } = setup();
      await loader.resolveNext(article(APRIL));
      expect(hook.result.current.open).toBe(true);
      act(() => hook.result.current.closeChangelog());
      expect(hook.result.current.open).toBe(false);
      expect(storage.getItem(KEY)).toBe(APRIL);

      // Disabled and enabled again (e.g. sign out and in): the same article does not open again.
      hook.rerender({ enabled: false });
      hook.rerender({ enabled: true });
      await loader.resolveNext(article(APRIL));
      expect(hook.result.current.open).toBe(false);
    });

    it('saves nothing when closed without having been open', async () => {
      const { storage, loader, hook } = setup({ stored: APRIL });
      await loader.resolveNext(article(APRIL));
      act(() => hook.result.current.closeChangelog());
      expect(storage.getItem(KEY)).toBe(APRIL);
      const setItem = vi.spyOn(storage, 'setItem');
      act(() => hook.result.current.closeChangelog());
      expect(setItem).not.toHaveBeenCalled();
    });
  });

  describe('opening by hand', () => {
    it('loads the article if not yet loaded', async () => {
      const { loader, hook } = setup();
      await loader.rejectNext(new Error('offline'));
      expect(loader.load).toHaveBeenCalledTimes(1);
      act(() => hook.result.current.openChangelog());
      expect(hook.result.current.open).toBe(true);
      expect(loader.load).toHaveBeenCalledTimes(2);
      await loader.resolveNext(article(MARCH));
      expect(hook.result.current.article?.updated).toBe(MARCH);
    });

    it('does not load again once loaded', async () => {
      const { loader, hook } = setup({ stored: APRIL });
      await loader.resolveNext(article(APRIL));
      act(() => hook.result.current.openChangelog());
      expect(hook.result.current.open).toBe(true);
      expect(loader.load).toHaveBeenCalledTimes(1);
    });
  });

  describe('a failed load', () => {
    it('logs the warning, keeps loaded false, shows nothing, and the next open retries', async () => {
      const { loader, hook } = setup();
      const failure = new Error('404');
      await loader.rejectNext(failure);
      expect(warn).toHaveBeenCalledWith(CHANGELOG_LOAD_FAILED, failure);
      expect(CHANGELOG_LOAD_FAILED).toBe('Failed to load changelog article');
      expect(hook.result.current).toMatchObject({ loaded: false, loading: false, open: false, article: null });

      act(() => hook.result.current.openChangelog());
      await waitFor(() => expect(loader.load).toHaveBeenCalledTimes(2));
    });
  });
});

describe('isNewerThanLastSeen', () => {
  it('follows the auto-open rule', () => {
    expect(isNewerThanLastSeen(APRIL, null)).toBe(true);
    expect(isNewerThanLastSeen(APRIL, 'garbage')).toBe(true);
    expect(isNewerThanLastSeen(APRIL, MARCH)).toBe(true);
    expect(isNewerThanLastSeen(APRIL, APRIL)).toBe(false);
    expect(isNewerThanLastSeen(MARCH, APRIL)).toBe(false);
    expect(isNewerThanLastSeen('garbage', null)).toBe(false);
    expect(isNewerThanLastSeen(undefined, null)).toBe(false);
  });
});
