import { randomBytes } from 'node:crypto';
import { CaptureTag, type Context, type Liquid, type LiquidOptions, toValue } from 'liquidjs';
import { createLiquid } from '../../engine/messages/liquid-engine.ts';
import { escapeHtml } from '../../http/escape-html.ts';

export type StandInRenderer = {
  /** Renders like Liquid, except that each printed value comes out as a word standing in for it. */
  liquid: Liquid;
  /** The HTML with every stand-in replaced by its value, HTML-escaped. */
  fill(html: string): string;
};

/**
 * Renders the Markdown of an email's HTML part with stand-ins for the merge values, so that a value (a
 * vendor's name, an invitee's) is never read as Markdown or HTML: `[x](https://…)` in a name stays those
 * characters, not a link. A stand-in is a word of letters and digits, which Markdown leaves as it is
 * wherever it stands (text, emphasis, a link's address), with a random part per render so that no value
 * can imitate one. A capture keeps the real values, so filters act on them; printed, it is one value.
 */
export function createStandInRenderer(options: LiquidOptions): StandInRenderer {
  const nonce = randomBytes(8).toString('hex');
  const values: string[] = [];
  let capturing = 0;
  const liquid = createLiquid({
    ...options,
    outputEscape: (value: unknown) => {
      if (capturing > 0) return textOf(value);
      values.push(textOf(value));
      return `mv${nonce}n${values.length - 1}e`;
    },
  });
  liquid.registerTag(
    'capture',
    class extends CaptureTag {
      override *render(context: Context): Generator<unknown, void, string> {
        capturing++;
        try {
          yield* super.render(context);
        } finally {
          capturing--;
        }
      }
    },
  );
  const standIn = new RegExp(`mv${nonce}n(\\d+)e`, 'g');
  return {
    liquid,
    fill: (html) => html.replace(standIn, (_, index: string) => escapeHtml(values[Number(index)] ?? '')),
  };
}

/** A value as Liquid prints it: nothing for null, arrays joined. */
function textOf(value: unknown): string {
  const plain = toValue(value);
  if (plain === null || plain === undefined) return '';
  if (Array.isArray(plain)) return plain.map(textOf).join('');
  return String(plain);
}
