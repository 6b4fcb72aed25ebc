import type { HelpSearchHit } from '@automate/contract';

/**
 * The text side of searching the help (`help-search.repository.ts` asks the database): the query made
 * of the words typed, and the snippet the database marked up, as parts.
 */

/** Marks around matched words in `ts_headline`'s text, turned into snippet parts here. */
export const HEADLINE_START = '\u2039\u2039';
export const HEADLINE_STOP = '\u203a\u203a';
const START = HEADLINE_START;
const STOP = HEADLINE_STOP;

/**
 * `connect servicem8 badg` → `connect:* & servicem8:* & badg:*`: every word required, each also as the
 * start of a longer one (results come while typing); only letters and digits reach the query.
 */
export function toPrefixQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length === 0 ? null : words.map((word) => `${word}:*`).join(' & ');
}

/** Without the markdown markup that would read oddly in a snippet (link targets, emphasis, headings, code ticks). */
function plain(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`#>]+/g, '')
    .replace(/\s+/g, ' ');
}

/** A headline from the search as parts: the words between the marks are the matches. */
export function snippetParts(headline: string): HelpSearchHit['snippet'] {
  const pieces = headline.trim().split(new RegExp(`${START}|${STOP}`));
  return pieces.flatMap((piece, index) => {
    const text = plain(piece);
    return text === '' ? [] : [{ text, match: index % 2 === 1 }];
  });
}
