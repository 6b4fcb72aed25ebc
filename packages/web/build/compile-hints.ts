import path from 'node:path';
import type { Plugin } from 'vite';
import { reachable } from './reachable.ts';

/**
 * V8's explicit compile hint: a file that starts with it has all its functions compiled while it streams
 * in, on a background thread, instead of each on the main thread the first time it is called. A first
 * visit to the dashboard compiled some 1,700 functions that way, 125 ms of main-thread time with the CPU
 * unthrottled; with the hint, under 10 ms. Browsers without it read a comment.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** A chunk of the bundle, as much of it as the choice reads. */
export type BundleChunk = { fileName: string; isEntry: boolean; facadeModuleId: string | null; imports: string[] };

/**
 * The chunks a first visit to one of `pages` (module ids) runs: the entry's, and each page's with what it
 * imports statically. Their functions nearly all run as the page draws; a chunk loaded later (a dialog,
 * the schemas zod reads answers with, most of which a page never calls) keeps V8's lazy compiling.
 */
export function chunksToHint(chunks: readonly BundleChunk[], pages: readonly string[]): Set<string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const roots = chunks
    .filter((chunk) => chunk.isEntry || (chunk.facadeModuleId !== null && pages.includes(chunk.facadeModuleId)))
    .map((chunk) => chunk.fileName);
  const missing = pages.filter((page) => !chunks.some((chunk) => chunk.facadeModuleId === page));
  if (missing.length > 0) throw new Error(`No chunk starts at ${missing.join(', ')}: update the compile hints' pages.`);
  return reachable(roots, (file) => byFile.get(file)?.imports ?? []);
}

/** Puts the hint at the top of the chunks a first visit to `pages` (files relative to `root`) runs. */
export function compileHints(root: string, pages: readonly string[]): Plugin {
  const pageIds = pages.map((page) => path.join(root, page));
  return {
    name: 'automate-compile-hints',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      const hinted = chunksToHint(chunks, pageIds);
      for (const chunk of chunks) {
        if (hinted.has(chunk.fileName)) chunk.code = COMPILE_HINT + chunk.code;
      }
    },
  };
}
