import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * What the documentation names in `code spans` — files, folders and exported symbols — checked against the
 * repository, so a rename cannot leave a doc pointing at something that no longer exists.
 */

export interface DocReference {
  doc: string;
  line: number;
  text: string;
  kind: 'file' | 'symbol';
}

const FILE_EXTENSIONS = /\.(ts|tsx|js|cjs|mjs|json|md|sql|css|html|yml|yaml|sh)$/;
/** camelCase with a capital inside (`storeAndQueueDelivery`), PascalCase with two humps, or SCREAMING_CASE. */
const SYMBOL = /^(?:[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*|[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*|[A-Z][A-Z0-9]*_[A-Z0-9_]+)$/;
/** Places named in docs that are made at run time, not kept in the repository. */
const RUNTIME_PLACES = /^(node_modules|test-results|\.vite|\.cache|\/|\.\.)|(^|\/)dist\//;
/** Code files a doc may name by their file name alone (`queue.ts`); a bare `note.json` is an API address. */
const CODE_FILE = /^[\w.-]+\.(ts|tsx|js|cjs|mjs|md|sql|css|sh)$/;
/** The web app's import alias for its src/ folder. */
const WEB_ALIAS = '@/';

/** The repository's tracked files, relative to its root. */
function trackedFiles(root: string): string[] {
  return execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  })
    .split('\0')
    .filter(Boolean);
}

/** Every documentation file a person reads: the README files and everything under docs/. */
function documentationFiles(files: string[]): string[] {
  return files.filter(
    (file) => file.endsWith('.md') && (file.startsWith('docs/') || /(^|\/)(README|SECURITY)\.md$/.test(file)),
  );
}

/** A code span that names a file or folder (`src/queue/queue.ts`, `features/automation/`), or undefined. */
function asFileReference(span: string): string | undefined {
  let text = span
    .replace(/:\d+(-\d+)?$/, '')
    .replace(/\(\)$/, '')
    .replace(/^\.\//, '');
  if (text.startsWith(WEB_ALIAS)) text = `packages/web/src/${text.slice(WEB_ALIAS.length)}`;
  if (/[\s{}<>*…|=,;'"`$()[\]]/.test(text) || text.includes('://') || text.includes('...')) return undefined;
  if (RUNTIME_PLACES.test(text)) return undefined;
  const first = text.split('/')[0] ?? '';
  if (/^[A-Z][A-Z0-9_]+$/.test(first)) return undefined; // DATA_DIR/spool: a place under a configured directory
  const named = text.includes('/') || CODE_FILE.test(text);
  if (named && FILE_EXTENSIONS.test(text) && !text.startsWith('.')) return text;
  // A folder is named with at least two segments (`src/engine/`); a bare `uploads/` is a place at run time.
  if (/^[a-z0-9@._-]+(\/[a-z0-9@._-]+)+\/$/.test(text)) return text;
  return undefined;
}

function asSymbolReference(span: string): string | undefined {
  const text = span.replace(/\(\)$/, '');
  return SYMBOL.test(text) ? text : undefined;
}

/** The references one document makes, outside fenced code blocks (which show commands and output). */
export function referencesIn(doc: string, markdown: string): DocReference[] {
  const references: DocReference[] = [];
  let fenced = false;
  markdown.split('\n').forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    for (const match of line.matchAll(/`([^`\n]+)`/g)) {
      const span = (match[1] ?? '').trim();
      const file = asFileReference(span);
      if (file) references.push({ doc, line: index + 1, text: file, kind: 'file' });
      else {
        const symbol = asSymbolReference(span);
        if (symbol) references.push({ doc, line: index + 1, text: symbol, kind: 'symbol' });
      }
    }
  });
  return references;
}

/**
 * Whether a named file or folder exists: from the repository root, from the document's folder, from a
 * package or its src/, or as the end of a tracked path (docs often shorten `packages/server/src/` away).
 */
export function fileExists(reference: string, doc: string, files: string[]): boolean {
  const wanted = reference;
  const isFolder = wanted.endsWith('/');
  const matches = (file: string) => (isFolder ? file.startsWith(wanted) : file === wanted);
  const docFolder = path.posix.dirname(doc);
  const bases = ['', `${docFolder}/`];
  for (const base of bases) {
    const joined = path.posix.normalize(base + wanted) + (isFolder ? '/' : '');
    if (files.some((file) => (isFolder ? file.startsWith(joined) : file === joined))) return true;
  }
  return files.some((file) => {
    if (isFolder) return file.includes(`/${wanted}`) || file.startsWith(wanted);
    return matches(file) || file.endsWith(`/${wanted}`);
  });
}

/** Every identifier written in the code (not the docs): the names a doc may mention. */
function identifiersInCode(root: string, files: string[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    if (!/\.(ts|tsx|js|cjs|mjs|json|sql|css|html|sh)$/.test(file) && !file.startsWith('.ci/')) continue;
    if (file.endsWith('package-lock.json')) continue;
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    for (const match of text.matchAll(/[A-Za-z_$][A-Za-z0-9_$]*/g)) names.add(match[0]);
  }
  return names;
}

/** The references in the documentation that name nothing the repository holds. */
export function danglingReferences(root: string): DocReference[] {
  const files = trackedFiles(root);
  const identifiers = identifiersInCode(root, files);
  return documentationFiles(files).flatMap((doc) =>
    referencesIn(doc, fs.readFileSync(path.join(root, doc), 'utf8')).filter((reference) =>
      reference.kind === 'file' ? !fileExists(reference.text, doc, files) : !identifiers.has(reference.text),
    ),
  );
}
