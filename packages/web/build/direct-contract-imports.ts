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
const specifier = ({ imported, local }: Binding) => (imported === local ? imported : `${imported} as ${local}`);

/**
 * `code` with every value it imports or re-exports from the contract taken from the file that defines
 * it (`owners`), the types left on the contract's index (the compiler drops them). Answers null when
 * the code names the contract nowhere.
 */
export function withDirectContractImports(file: string, code: string, owners: Map<string, string>): string | null {
  if (!code.includes(CONTRACT)) return null;
  const module = parse(file, code);
  const edits: Array<{ start: number; end: number; text: string }> = [];
  const fromOwners = (keyword: 'import' | 'export', bindings: Binding[], types: Binding[]) => {
    const byOwner = new Map<string, Binding[]>();
    for (const binding of bindings) {
      const owner = owners.get(binding.imported);
      if (!owner) throw new Error(`${file} takes ${binding.imported} from ${CONTRACT}, which does not export it.`);
      byOwner.set(owner, [...(byOwner.get(owner) ?? []), binding]);
    }
    const statements = [...byOwner].map(
      ([owner, named]) => `${keyword} { ${named.map(specifier).join(', ')} } from ${JSON.stringify(owner)};`,
    );
    if (types.length > 0) statements.push(`${keyword} type { ${types.map(specifier).join(', ')} } from '${CONTRACT}';`);
    return statements.join(' ');
  };

  for (const statement of module.staticImports) {
    if (statement.moduleRequest.value !== CONTRACT) continue;
    const named = statement.entries.filter((entry) => entry.importName.kind === 'Name');
    // A namespace or default import keeps the index: it may use any of it.
    if (named.length !== statement.entries.length || named.every((entry) => entry.isType)) continue;
    const binding = (entry: (typeof named)[number]) => ({
      imported: entry.importName.name ?? '',
      local: entry.localName.value,
    });
    const values = named.filter((entry) => !entry.isType).map(binding);
    const types = named.filter((entry) => entry.isType).map(binding);
    edits.push({ start: statement.start, end: statement.end, text: fromOwners('import', values, types) });
  }
  for (const statement of module.staticExports) {
    const entries = statement.entries.filter((entry) => entry.moduleRequest?.value === CONTRACT);
    if (entries.length === 0) continue;
    if (entries.some((entry) => entry.importName.kind !== 'Name') || entries.length !== statement.entries.length) {
      continue;
    }
    const binding = (entry: (typeof entries)[number]) => ({
      imported: entry.importName.name ?? '',
      local: entry.exportName.name ?? '',
    });
    const values = entries.filter((entry) => !entry.isType).map(binding);
    const types = entries.filter((entry) => entry.isType).map(binding);
    if (values.length === 0) continue;
    edits.push({ start: statement.start, end: statement.end, text: fromOwners('export', values, types) });
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
