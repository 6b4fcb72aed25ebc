/** Every node `next` leads to from `roots`, the roots included (a module graph, a build manifest). */
export function reachable(roots: readonly string[], next: (node: string) => readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (seen.has(node)) continue;
    seen.add(node);
    stack.push(...next(node));
  }
  return seen;
}
