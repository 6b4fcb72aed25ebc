import Link from '@mui/material/Link';
import type { MouseEvent } from 'react';

/** The id of each layout's main region, where "Skip to content" takes keyboard and screen-reader users. */
const MAIN_CONTENT_ID = 'main-content';

/** The main region's props: the skip link's target, focusable by script but not in the tab order. */
export const mainContentProps = { id: MAIN_CONTENT_ID, tabIndex: -1 } as const;

/**
 * The first thing a keyboard reaches on every page: it appears when focused and moves focus past the
 * header and the navigation to the page's main region.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
  };
  return (
    // A plain anchor: through the router the fragment would be resolved against the page the link was
    // first drawn on, which the root layout does not redraw on navigation.
    <Link
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skip}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        borderRadius: 1,
        boxShadow: 3,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      Skip to content
    </Link>
  );
}
