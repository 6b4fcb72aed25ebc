import path from 'node:path';
import type { Plugin } from 'vite';
import { reachable } from './reachable.ts';

/** The module graph as the grouping reads it. */
export type ModuleGraph = {
  ids: readonly string[];
  staticImports: (id: string) => readonly string[];
  dynamicImports: (id: string) => readonly string[];
  isEntry: (id: string) => boolean;
  /** Imported with `import()` somewhere: a page, a layout or a component loaded on demand. */
  isLazy: (id: string) => boolean;
};

/**
 * One file for what `pages` import, named `name`, which no visitor of a page that `keepOutOf` names ever
 * downloads (nor of what that page loads later).
 */
export type PageChunk<Id = string> = {
  name: string;
  pages: readonly Id[];
  keepOutOf?: (page: Id) => boolean;
  /** Pages that may load the chunk later (a form sent, a dialog opened) but not on their first visit. */
  keepOutOfFirstLoad?: (page: Id) => boolean;
  /**
   * Takes only what each of these pages imports too (a page with its layout): a page that loads the chunk
   * then uses all of it.
   */
  sharedWith?: ReadonlyArray<readonly Id[]>;
};

/** The pages (lazily loaded modules) `chunk` is kept out of: ever, then on their first visit only. */
function keptOutPages(graph: ModuleGraph, chunk: PageChunk): [KeptOut, KeptOut] {
  const pages = (rule: ((page: string) => boolean) | undefined) =>
    graph.ids.filter((id) => graph.isLazy(id) && rule?.(id) === true);
  return [
    { chunk: chunk.name, pages: pages(chunk.keepOutOf), later: true },
    { chunk: chunk.name, pages: pages(chunk.keepOutOfFirstLoad), later: false },
  ];
}

/**
 * The chunk each module goes into, for the modules the page chunks take (the bundler splits the rest).
 *
 * Split by the bundler's default, a module shared by a different set of lazily loaded pages than its
 * neighbours gets a file of its own: the dashboard's first visit fetched 67 files, most under 2 KB, and on
 * a phone's HTTP/1.1 connection (six requests at a time, a round trip each) the requests cost more than the
 * bytes. A chunk takes every module its pages import that the app's entry does not and that no page it is
 * kept out of can reach, following lazy imports too (with `keepOutOfFirstLoad`, that no such page imports on
 * its first visit). Chunks are filled in order (a module goes to the first that takes it), and lazily loaded
 * modules keep their own file, which is what the router fetches.
 */
export function pageChunkMembers(graph: ModuleGraph, chunks: readonly PageChunk[]): Map<string, string> {
  const inEntry = reachable(graph.ids.filter(graph.isEntry), graph.staticImports);
  const anyImport = (id: string) => [...graph.staticImports(id), ...graph.dynamicImports(id)];
  const members = new Map<string, string>();
  for (const chunk of chunks) {
    const named = [...chunk.pages, ...(chunk.sharedWith ?? []).flat()];
    const missing = named.filter((page) => !graph.ids.includes(page));
    if (missing.length > 0) {
      throw new Error(`The page chunk ${chunk.name} names ${missing.join(', ')}, which the build does not have.`);
    }
    const [ever, onFirstVisit] = keptOutPages(graph, chunk);
    const keptOut = reachable(ever.pages, anyImport);
    const firstLoadsKeptOut = reachable(onFirstVisit.pages, graph.staticImports);
    const alsoImportedBy = (chunk.sharedWith ?? []).map((pages) => reachable(pages, graph.staticImports));
    for (const id of reachable(chunk.pages, graph.staticImports)) {
      if (inEntry.has(id) || keptOut.has(id) || firstLoadsKeptOut.has(id) || graph.isLazy(id) || members.has(id)) {
        continue;
      }
      if (!alsoImportedBy.every((imported) => imported.has(id))) continue;
      members.set(id, chunk.name);
    }
  }
  return members;
}

/** An output chunk, as much of it as `misplacedPageChunks` reads. */
export type BuiltChunk = {
  name: string;
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: readonly string[];
  dynamicImports: readonly string[];
};

/** A page chunk and the pages that must not load it: on their first visit, or (`later`) ever. */
export type KeptOut = { chunk: string; pages: readonly string[]; later: boolean };

/**
 * What the built chunks break of the page chunks' promises, a sentence each: a page a chunk is kept out of
 * that loads it (at once, or later too where the rule says so), or the app's entry loading a page chunk
 * (then every page would). The grouping reads the module graph before the bundler drops unused imports,
 * and this checks the result.
 */
export function misplacedPageChunks(
  built: readonly BuiltChunk[],
  keptOut: readonly KeptOut[],
  describe: (page: string) => string = (page) => page,
): string[] {
  const byFile = new Map(built.map((chunk) => [chunk.fileName, chunk]));
  const loads = (roots: readonly BuiltChunk[], later: boolean) => {
    const files = reachable(
      roots.map((chunk) => chunk.fileName),
      (file) => {
        const chunk = byFile.get(file);
        // The entry is loaded before any page, and what it loads later is the router's pages (navigation).
        if (!chunk || (chunk.isEntry && !roots.includes(chunk))) return [];
        return [...chunk.imports, ...(later ? chunk.dynamicImports : [])];
      },
    );
    return new Set([...files].map((file) => byFile.get(file)?.name));
  };
  const pageChunkNames = new Set(keptOut.map((rule) => rule.chunk));
  const problems: string[] = [];
  for (const name of loads(
    built.filter((chunk) => chunk.isEntry),
    false,
  )) {
    if (name && pageChunkNames.has(name))
      problems.push(`The app's entry loads the page chunk ${name}, so every page would.`);
  }
  for (const rule of keptOut) {
    for (const page of rule.pages) {
      const own = built.filter((chunk) => chunk.facadeModuleId === page);
      if (loads(own, rule.later).has(rule.chunk))
        problems.push(`${describe(page)} loads the page chunk ${rule.chunk}, which is kept out of it.`);
    }
  }
  return problems;
}

/**
 * The page chunks as a build plugin and the bundler's group name function: the plugin reads the module
 * graph once every module is loaded (`buildEnd`), which is before the bundler splits the code and asks
 * `chunkOf`, and fails the build when the chunks written break a promise (`misplacedPageChunks`). Pages
 * are files relative to `root`, with `/` separators.
 */
export function pageChunks(root: string, chunks: readonly PageChunk[]) {
  let members = new Map<string, string>();
  let keptOut: KeptOut[] = [];
  const file = (id: string) => path.relative(root, id).split(path.sep).join('/');
  const plugin: Plugin = {
    name: 'automate-page-chunks',
    apply: 'build',
    buildEnd(error) {
      if (error) return;
      const info = (id: string) => this.getModuleInfo(id);
      const graph: ModuleGraph = {
        ids: [...this.getModuleIds()],
        staticImports: (id) => info(id)?.importedIds ?? [],
        dynamicImports: (id) => info(id)?.dynamicallyImportedIds ?? [],
        isEntry: (id) => info(id)?.isEntry === true,
        isLazy: (id) => (info(id)?.dynamicImporters.length ?? 0) > 0,
      };
      const resolved = chunks.map(
        (chunk): PageChunk => ({
          ...chunk,
          pages: chunk.pages.map((page) => path.join(root, page)),
          keepOutOf: (id) => chunk.keepOutOf?.(file(id)) === true,
          keepOutOfFirstLoad: (id) => chunk.keepOutOfFirstLoad?.(file(id)) === true,
          sharedWith: chunk.sharedWith?.map((pages) => pages.map((page) => path.join(root, page))),
        }),
      );
      members = pageChunkMembers(graph, resolved);
      keptOut = resolved.flatMap((chunk) => keptOutPages(graph, chunk));
    },
    writeBundle(_options, bundle) {
      const built = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      const problems = misplacedPageChunks(built, keptOut, file);
      if (problems.length > 0)
        this.error(`The page chunks are not where build/page-chunks.ts puts them:\n${problems.join('\n')}`);
    },
  };
  return { plugin, chunkOf: (id: string): string | null => members.get(id) ?? null };
}
