/** A pino destination that keeps every line written to it, to check what the server logged. */
export function captureLogs(): { stream: { write(line: string): void }; text(): string; lines(): string[] } {
  const lines: string[] = [];
  return {
    stream: { write: (line) => void lines.push(line) },
    text: () => lines.join(''),
    lines: () => [...lines],
  };
}
