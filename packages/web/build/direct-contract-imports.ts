import fs from 'node:fs';
import path from 'node:path';
import { type Plugin, parseSync } from 'vite';

const CONTRACT = '@automate/contract';

type ModuleInfo = ReturnType<typeof parseSync>['module'];
const parse = (file: string, code: string): ModuleInfo => parseSync(file, code, { lang: 'tsx' }).module;

/**
 * Which of the contract's files exports each name, read from its index (`export * from './x.ts'` lines)
 * and those files' own exports.
 */
export function contractExports(indexFile: string): Map<string, string> {
  const owners = new Map<string, string>();
  const index = parse(indexFile, fs.readFileSync(indexFile, 'utf8'));
  for (const statement of index.staticExports) {
    for (const entry of statement.entries) {
      if (entry.importName.kind !== 'AllButDefault' || !entry.moduleRequest) {
        throw new Error(`${indexFile} should only re-export whole files (export * from './x.ts').`);
      }
      const file = path.resolve(path.dirname(indexFile), entry.moduleRequest.value);
      for (const own of parse(file, fs.readFileSync(file, 'utf8')).staticExports) {
        for (const exported of own.entries) if (exported.exportName.name) owners.set(exported.exportName.name, file);
      }
    }
  }
  return owners;
}

type Binding = { imported: string; local: string };
type Entry = Binding & { isType: boolean };
const specifier = ({ imported, local }: Binding) => (imported === local ? imported : `${imported} as ${local}`);

/** The import or re-export statements that take names from the contract, each with what it takes. */
function contractStatements(module: ModuleInfo) {
  const statements: Array<{ start: number; end: number; keyword: 'import' | 'export'; entries: Entry[] }> = [];
  for (const { start, end, moduleRequest, entries } of module.staticImports) {
    if (moduleRequest.value !== CONTRACT) continue;
    // A namespace or default import keeps the index: it may use any of it.
    if (entries.some((entry) => entry.importName.kind !== 'Name')) continue;
    const taken = entries.map((entry) => ({
      imported: entry.importName.name ?? '',
      local: entry.localName.value,
      isType: entry.isType,
    }));
    statements.push({ start, end, keyword: 'import', entries: taken });
  }
  for (const { start, end, entries } of module.staticExports) {
    if (!entries.every((entry) => entry.moduleRequest?.value === CONTRACT && entry.importName.kind === 'Name')) {
      continue;
    }
    const taken = entries.map((entry) => ({
      imported: entry.importName.name ?? '',
      local: entry.exportName.name ?? '',
      isType: entry.isType,
    }));
    statements.push({ start, end, keyword: 'export', entries: taken });
  }
  return statements;
}

/**
 * `code` with every value it imports or re-exports from the contract taken from the file that defines
 * it (`owners`), the types left on the contract's index (the compiler drops them). Answers null when
 * the code names the contract nowhere.
 */
export function withDirectContractImports(file: string, code: string, owners: Map<string, string>): string | null {
  if (!code.includes(CONTRACT)) return null;
  const edits: Array<{ start: number; end: number; text: string }> = [];
  for (const { start, end, keyword, entries } of contractStatements(parse(file, code))) {
    const types = entries.filter((entry) => entry.isType);
    const byOwner = new Map<string, Binding[]>();
    for (const value of entries.filter((entry) => !entry.isType)) {
      const owner = owners.get(value.imported);
      if (!owner) throw new Error(`${file} takes ${value.imported} from ${CONTRACT}, which does not export it.`);
      byOwner.set(owner, [...(byOwner.get(owner) ?? []), value]);
    }
    if (byOwner.size === 0) continue;
    const statements = [...byOwner].map(
      ([owner, named]) => `${keyword} { ${named.map(specifier).join(', ')} } from ${JSON.stringify(owner)};`,
    );
    if (types.length > 0) statements.push(`${keyword} type { ${types.map(specifier).join(', ')} } from '${CONTRACT}';`);
    edits.push({ start, end, text: statements.join(' ') });
  }
  if (edits.length === 0) return null;
  let rewritten = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    rewritten = rewritten.slice(0, edit.start) + edit.text + rewritten.slice(edit.end);
  }
  return rewritten;
}

/**
 * The app imports the contract through its index, which re-exports every file of it; to the bundler, a
 * module that imports one constant from there then imports the whole contract, zod's schemas included.
 * That is not what ends in the bundle (unused exports are dropped), but the module graph the page chunks
 * and the bundler's splitting read is that one: the app's entry seemed to reach every schema, so no
 * schema could be grouped for the pages that use them. Importing each value from the file that defines
 * it makes the graph say what each module really uses.
 */
export function directContractImports(contractIndex: string): Plugin {
  let owners = new Map<string, string>();
  return {
    name: 'automate-direct-contract-imports',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      owners = contractExports(contractIndex);
    },
    transform(code, id) {
      if (!/\.tsx?$/.test(id) || id.includes('node_modules')) return null;
      try {
        const rewritten = withDirectContractImports(id, code, owners);
        return rewritten === null ? null : { code: rewritten, map: null };
      } catch (error) {
        this.error(error instanceof Error ? error.message : String(error));
      }
    },
  };
}
