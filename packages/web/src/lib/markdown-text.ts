/** Small text operations for Markdown editors. */

export type Insertion = {
  text: string;
  /** Where the cursor goes: just after the inserted snippet. */
  cursor: number;
};

/**
 * Puts `snippet` in place of the selection `start`–`end` of `text` as a paragraph of its own: blank lines
 * are added before and after where the neighbouring text would otherwise run into it.
 */
export function insertBlock(text: string, start: number, end: number, snippet: string): Insertion {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  const before = text.slice(0, from);
  const after = text.slice(to);
  const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail = after === '' || after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  const inserted = `${lead}${snippet}${trail}`;
  return { text: `${before}${inserted}${after}`, cursor: before.length + lead.length + snippet.length };
}

/** Markdown showing an uploaded image. */
export function imageMarkdown(url: string, alt = ''): string {
  const escaped = url.replace(/[()\s]/g, (c) => (c === '(' ? '%28' : c === ')' ? '%29' : encodeURIComponent(c)));
  return `![${alt.replace(/[[\]]/g, '')}](${escaped})`;
}

/** "1.5 MB", "820 KB", "12 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

export type ImageLimits = { maxBytes: number; types: readonly string[] };

const TYPE_NAMES: Readonly<Record<string, string>> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
};

function listTypes(types: readonly string[]): string {
  const names = types.map((type) => TYPE_NAMES[type] ?? type);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/**
 * Why a chosen file cannot be uploaded as an image, or null when it can (the server checks again, by the
 * file's bytes).
 */
export function checkImageFile(file: { name: string; type: string; size: number }, limits: ImageLimits): string | null {
  if (!limits.types.includes(file.type)) {
    return `“${file.name}” is not an image that can be uploaded: choose a ${listTypes(limits.types)} file.`;
  }
  if (file.size > limits.maxBytes) {
    return `“${file.name}” is ${formatBytes(file.size)}: images can be at most ${formatBytes(limits.maxBytes)}. Make it smaller and try again.`;
  }
  if (file.size === 0) return `“${file.name}” is empty.`;
  return null;
}
