import { afterAll, beforeAll } from 'vitest';

/**
 * Emotion's style tags are kept out of the test DOM. With them in, every accessible-name lookup
 * (`getByRole(…, { name })`), MUI's text-area measuring and every popper placement makes happy-dom
 * recompute styles from hundreds of rules: a third of the web tests' time. The tags are held aside
 * instead, with their rules, for the tests about layout (a width, something hidden by CSS), which put
 * them back with `applyStyles()`.
 */
const held: HTMLStyleElement[] = [];
let applying = false;

export function holdEmotionStyles(): void {
  const insertBefore = Node.prototype.insertBefore;
  Node.prototype.insertBefore = function <T extends Node>(this: Node, node: T, child: Node | null): T {
    if (node instanceof HTMLStyleElement && node.hasAttribute('data-emotion')) {
      held.push(node);
      if (!applying) return node;
    }
    return insertBefore.call(this, node, child) as T;
  };
}

/** In a file or a `describe` whose tests read what CSS decides (sizes, `display`): the styles apply there. */
export function applyStyles(): void {
  beforeAll(() => {
    applying = true;
    for (const tag of held) document.head.appendChild(tag);
  });
  afterAll(() => {
    applying = false;
    for (const tag of held) tag.remove();
  });
}
