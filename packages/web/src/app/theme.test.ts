import { THEME_COLORS } from '@automate/contract';
import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme, theme } from './theme.ts';

/** WCAG 2.1 AA: normal-size text needs 4.5:1 against what is behind it. */
const AA_TEXT = 4.5;

describe('theme colours', () => {
  it('keeps the brand blue, which is too light for text on white', () => {
    expect(theme.palette.primary.light).toBe(THEME_COLORS.primary);
    expect(getContrastRatio(THEME_COLORS.primary, '#fff')).toBeLessThan(AA_TEXT);
  });

  it('makes primary text, links and button labels readable on white, on grey and on primary buttons', () => {
    const { primary, background } = theme.palette;
    expect(getContrastRatio(primary.main, background.default)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(getContrastRatio(primary.main, background.paper)).toBeGreaterThanOrEqual(AA_TEXT);
    // Text on a hovered row or a selected item (action.hover is a translucent black on white).
    expect(getContrastRatio(primary.main, '#f5f5f5')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(getContrastRatio(primary.contrastText, primary.main)).toBeGreaterThanOrEqual(AA_TEXT);
  });
});

describe('placeholders', () => {
  it('are drawn in a colour readable on white, at full opacity', () => {
    const input = theme.components?.MuiInputBase?.styleOverrides?.input;
    const styles = (typeof input === 'function' ? input({ theme } as never) : input) as Record<
      string,
      { color: string; opacity: number }
    >;
    const placeholder = styles['&::placeholder'];
    expect(placeholder?.opacity).toBe(1);
    expect(getContrastRatio(placeholder?.color ?? '', theme.palette.background.paper)).toBeGreaterThanOrEqual(AA_TEXT);
  });
});

describe('the third brand colour', () => {
  it('has the shades and the text colour a ternary chip or button draws with, in either theme', () => {
    for (const made of [theme, createAppTheme({ reducedMotion: false })]) {
      const { ternary } = made.palette;
      expect(ternary.main).toBe(THEME_COLORS.ternary);
      expect(ternary.light).toMatch(/^(#|rgb)/);
      expect(ternary.dark).toMatch(/^(#|rgb)/);
      expect([ternary.light, ternary.dark]).not.toContain(ternary.main);
      expect(ternary.contrastText).toBe(made.palette.getContrastText(THEME_COLORS.ternary));
    }
  });
});

describe('theme build', () => {
  it('uses no CSS theme variables, so the build may leave MUI’s CSS-variables code out', () => {
    // build/mui-without-css-variables.ts: ThemeProvider and createTheme take that code only for such a theme.
    expect('colorSchemes' in theme).toBe(false);
    expect('vars' in theme && theme.vars).toBeFalsy();
  });
});

describe('reduced motion', () => {
  it('keeps MUI’s transitions and ripples for people who have not asked for less motion', () => {
    const moving = createAppTheme({ reducedMotion: false });
    expect(moving.transitions.duration.enteringScreen).toBeGreaterThan(0);
    expect(moving.transitions.create('opacity')).not.toBe('none');
    expect(moving.components?.MuiButtonBase?.defaultProps?.disableRipple).toBeUndefined();
    expect(moving.motion.reducedMotion).toBe('never');
  });

  it('shows everything at once, without ripples, and outlines the focused button instead', () => {
    const still = createAppTheme({ reducedMotion: true });
    expect(still.transitions.create('opacity')).toBe('none');
    expect(Object.values(still.transitions.duration)).toEqual(Object.values(still.transitions.duration).map(() => 0));
    expect(still.components?.MuiButtonBase?.defaultProps).toMatchObject({ disableRipple: true });
    // The links still route through the app's router.
    expect(still.components?.MuiButtonBase?.defaultProps?.LinkComponent).toBeDefined();
    expect(JSON.stringify(still.components?.MuiButtonBase?.styleOverrides)).toContain('outline');
    // Spinners, progress bars and skeletons stop their keyframe animations.
    expect(still.motion.reducedMotion).toBe('always');
  });
});
