import { useRef } from 'react';

type Span = { start: number; end: number };
/** The text with something put in `start`–`end`, and where the cursor goes after it. */
type Insertion = { text: string; cursor: number };

/**
 * Putting something into a text field where the person last left the cursor (in place of a selection;
 * at the end when they have not been in the field yet), even when it arrives later (a picked merge
 * field, an uploaded image): `rememberSelection` goes on the field's select, change and blur events.
 */
export function useCursorInsertion<E extends HTMLInputElement | HTMLTextAreaElement>(
  value: string,
  onChange: (value: string) => void,
) {
  const input = useRef<E | null>(null);
  const selection = useRef<Span | null>(null);
  // The latest text, should the insertion arrive after more typing.
  const latest = useRef(value);
  latest.current = value;

  const rememberSelection = () => {
    const element = input.current;
    if (element && element.selectionStart !== null && element.selectionEnd !== null) {
      selection.current = { start: element.selectionStart, end: element.selectionEnd };
    }
  };

  /** Where an insertion goes now. */
  const target = (): Span => {
    const start = selection.current?.start ?? latest.current.length;
    return { start, end: selection.current?.end ?? start };
  };

  /** Inserts with `insertion` at `at` (where the cursor is now, by default), then puts the cursor after it. */
  const place = (insertion: (text: string, start: number, end: number) => Insertion, at: Span = target()) => {
    const next = insertion(latest.current, at.start, at.end);
    onChange(next.text);
    selection.current = { start: next.cursor, end: next.cursor };
    requestAnimationFrame(() => {
      const element = input.current;
      if (!element) return;
      element.focus();
      element.setSelectionRange(next.cursor, next.cursor);
    });
  };

  return { input, rememberSelection, target, place };
}
