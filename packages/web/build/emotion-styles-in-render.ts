import type { Plugin } from 'vite';

/**
 * Emotion (under MUI) writes each new style into the page from React's insertion effects, which run in the
 * commit: one block of main-thread time React cannot split. On a phone, drawing the trigger editor spent
 * about 30 ms of a 130 ms commit compiling and inserting its styles (measured with the CPU unthrottled).
 * Emotion's fallback for Reacts without insertion effects writes the style while the component renders:
 * rendering a page is a transition here, which React cuts into slices of a few milliseconds with the
 * browser free in between, so the same work no longer blocks a tap. A style written for a render that
 * is then thrown away stays in the sheet unused, as it would after the component unmounts. `<Global>`
 * styles, which emotion inserts and removes as they mount, get a layout effect, emotion's other fallback.
 */
const INSERTION_EFFECT_MODULE = '@emotion/use-insertion-effect-with-fallbacks/dist/';
const INSERTION_EFFECT_DETECTION =
  "var useInsertionEffect = React['useInsertion' + 'Effect'] ? React['useInsertion' + 'Effect'] : false;";

/** The module's code with React's insertion effect taken as absent; throws when emotion changed the line. */
export function withStylesInRender(code: string): string {
  if (!code.includes(INSERTION_EFFECT_DETECTION)) {
    throw new Error(
      `Emotion no longer has \`${INSERTION_EFFECT_DETECTION}\`: update build/emotion-styles-in-render.ts.`,
    );
  }
  return code.replace(INSERTION_EFFECT_DETECTION, 'var useInsertionEffect = false;');
}

export function emotionStylesInRender(): Plugin {
  return {
    name: 'automate-emotion-styles-in-render',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!id.replaceAll('\\', '/').includes(INSERTION_EFFECT_MODULE)) return null;
      try {
        return { code: withStylesInRender(code), map: null };
      } catch (error) {
        return this.error(error instanceof Error ? error.message : String(error));
      }
    },
  };
}
