import type { UserEvent } from '@testing-library/user-event';

/**
 * Clicks into a field and pastes `text` there: one input event, for where the keystrokes are not what
 * the test is about (a form re-renders on every keystroke, so typing a sentence costs a render a letter).
 */
export async function write(user: UserEvent, field: Element, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}
