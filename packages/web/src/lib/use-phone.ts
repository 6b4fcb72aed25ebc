import useMediaQuery from '@mui/material/useMediaQuery';

/** Below the theme's `sm` breakpoint (600 px), as MUI writes `breakpoints.down('sm')`. */
const PHONE_QUERY = '(max-width: 599.95px)';

/**
 * Whether the window is phone-sized (narrower than 600 px): lists show their rows as cards and fold
 * their filters behind one button there.
 */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY, { noSsr: true });
}
