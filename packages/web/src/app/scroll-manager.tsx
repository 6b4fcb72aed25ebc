import { useEffect } from 'react';
import { useLocation } from 'react-router';

const HASH_WAIT_MS = 1500;
const HASH_POLL_MS = 50;

function scrollToTop(): void {
  try {
    window.scrollTo({ top: 0, left: 0, behavior: 'smooth' });
  } catch {
    // environments without scrolling (tests)
  }
}

/**
 * Navigation scrolls smoothly to the top, or to the element the hash names. The element may
 * arrive with the page's code or data, so it is looked for a little while before giving up.
 */
export function ScrollManager() {
  const { pathname, hash } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is a navigation and scrolls, even with the same hash
  useEffect(() => {
    const id = hash.length > 1 ? decodeURIComponent(hash.slice(1)) : '';
    if (id === '') {
      scrollToTop();
      return;
    }
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const find = () => {
      const target = document.getElementById(id);
      if (target) {
        target.scrollIntoView({ behavior: 'smooth', block: 'start' });
        return;
      }
      if (Date.now() - started < HASH_WAIT_MS) timer = setTimeout(find, HASH_POLL_MS);
      else scrollToTop();
    };
    find();
    return () => clearTimeout(timer);
  }, [pathname, hash]);

  return null;
}
