import Box from '@mui/material/Box';
import { type ReactNode, useEffect, useRef } from 'react';
import { useHydrated } from '@/lib/use-hydrated.ts';
import { VISUALLY_HIDDEN } from './visually-hidden.ts';

/**
 * A form's fields on a page the build prerenders: shown at once, taking input only once the page's code
 * has hydrated them. Typed into earlier, a field would keep text its form does not know of, and the
 * browser would send the form itself (the password in the address) on Enter. `legend` names the group
 * for screen readers (a fieldset needs one); the form's heading already says it on screen.
 */
export function HydratedFieldset({ legend, children }: { legend: string; children: ReactNode }) {
  const hydrated = useHydrated();
  const fieldset = useRef<HTMLFieldSetElement>(null);

  useEffect(() => {
    // The browser skipped the prerendered markup's `autofocus` while the fields were disabled.
    const focused = document.activeElement;
    if (!hydrated || (focused !== null && focused !== document.body)) return;
    fieldset.current?.querySelector<HTMLElement>('[autofocus]')?.focus();
  }, [hydrated]);

  return (
    <Box ref={fieldset} component="fieldset" disabled={!hydrated} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Box component="legend" sx={VISUALLY_HIDDEN}>
        {legend}
      </Box>
      {children}
    </Box>
  );
}
