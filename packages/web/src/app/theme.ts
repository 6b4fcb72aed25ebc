import { BREAKPOINT_LG, THEME_COLORS } from '@automate/contract';
import { createTheme, responsiveFontSizes, type Theme, type ThemeOptions } from '@mui/material/styles';
import { LinkBehavior } from '@/components/ui/link-behavior.tsx';

declare module '@mui/material/styles' {
  interface Palette {
    ternary: Palette['primary'];
  }
  interface PaletteOptions {
    ternary?: PaletteOptions['primary'];
  }
}

declare module '@mui/material/Button' {
  interface ButtonPropsColorOverrides {
    ternary: true;
  }
}

declare module '@mui/material/Chip' {
  interface ChipPropsColorOverrides {
    ternary: true;
  }
}

declare module '@mui/material/SvgIcon' {
  interface SvgIconPropsColorOverrides {
    ternary: true;
  }
}

/**
 * The brand blue (#5786B3) has a contrast of 3.84:1 on white, enough for large shapes but not for text
 * (WCAG AA asks 4.5:1). Buttons, links and anything else that is text or sits behind text use this
 * darker shade of it (5.6:1); the brand blue itself is `primary.light`.
 */
const PRIMARY_FOR_TEXT = '#456B8F';

const options = {
  palette: {
    primary: { main: PRIMARY_FOR_TEXT, light: THEME_COLORS.primary },
    secondary: { main: THEME_COLORS.secondary },
    // MUI's warning orange (3.1:1 on white) and info blue (3.9:1) are too light for the text of outlined
    // buttons and chips or under white text: these shades of them reach 4.5:1.
    warning: { main: '#B45309' },
    info: { main: '#0277BD' },
  },
  breakpoints: {
    // Below lg (1280 px) the layout is treated as mobile.
    values: { xs: 0, sm: 600, md: 960, lg: BREAKPOINT_LG, xl: 1920 },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'Roboto, system-ui, -apple-system, "Segoe UI", "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    // MUI draws subtitles as h6 elements: they are not headings here (a heading says so with `component`).
    MuiTypography: { defaultProps: { variantMapping: { subtitle1: 'p', subtitle2: 'p' } } },
    MuiButtonBase: { defaultProps: { LinkComponent: LinkBehavior } },
    MuiLink: { defaultProps: { component: LinkBehavior } },
    // MUI draws a placeholder at 42 % of the text colour, 2.6:1 on white; an example in a search field
    // is text people read, so it takes the secondary text colour (5.7:1). A placeholder MUI hides behind
    // a label that has not moved up stays hidden (that rule is `!important`).
    MuiInputBase: {
      styleOverrides: {
        input: ({ theme }) => ({ '&::placeholder': { color: theme.palette.text.secondary, opacity: 1 } }),
      },
    },
  },
} satisfies ThemeOptions;

/**
 * For people whose system asks for reduced motion: no transitions (dialogs, drawers and menus appear
 * and go at once) and no ripples. A ripple is also how MUI marks the focused button, so a still theme
 * outlines it instead. Spinners, progress bars and skeletons stand still too (MUI's reduced motion):
 * they say something is loading without turning or pulsing, which also spares the browser drawing
 * every frame while one shows.
 */
const STILL: ThemeOptions = {
  motion: { reducedMotion: 'always' },
  transitions: {
    create: () => 'none',
    duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
  },
  components: {
    MuiButtonBase: {
      defaultProps: { disableRipple: true },
      styleOverrides: { root: { '&.Mui-focusVisible': { outline: '2px solid currentColor', outlineOffset: 2 } } },
    },
  },
};

/** The app's theme; `reducedMotion` makes it still (see STILL). */
export function createAppTheme({ reducedMotion }: { reducedMotion: boolean }): Theme {
  const theme = reducedMotion ? createTheme(options, STILL) : createTheme(options);
  // The third brand colour with the shades MUI derives for its own, set on the new theme rather than
  // through a second `createTheme` (each costs a phone tens of milliseconds before the first page shows).
  theme.palette.ternary = theme.palette.augmentColor({ color: { main: THEME_COLORS.ternary }, name: 'ternary' });
  return responsiveFontSizes(theme);
}

const prefersReducedMotion = () => globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

export const theme = createAppTheme({ reducedMotion: prefersReducedMotion() });
