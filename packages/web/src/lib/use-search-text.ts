import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from './use-debounced-value.ts';

/**
 * A search box's text kept in the URL parameter `param` (so a search can be shared and Back restores it).
 * Answers the text as typed, its setter, and the settled text (trimmed, after a pause in typing) to
 * search with; the URL follows the settled text, replacing the current history entry.
 */
export function useSearchText(param: string, delayMs = 300): [string, (text: string) => void, string] {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get(param) ?? '';
  const [text, setText] = useState(fromUrl);
  const settled = useDebouncedValue(text.trim(), delayMs);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a newly settled text is written; the URL's own changes are followed below
  useEffect(() => {
    if (settled === fromUrl) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (settled === '') next.delete(param);
        else next.set(param, settled);
        return next;
      },
      { replace: true },
    );
  }, [settled]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the URL when it changes from elsewhere (Back, a link)
  useEffect(() => {
    if (fromUrl !== settled) setText(fromUrl);
  }, [fromUrl]);

  return [text, setText, settled];
}
