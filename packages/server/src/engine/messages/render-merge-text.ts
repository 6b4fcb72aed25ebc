import {
  isMergeField,
  MERGE_FIELD_GROUPS,
  MERGE_FIELD_NAMES,
  type MergeFieldGroup,
  type MergeFieldName,
  unknownMergeFieldMessage,
} from '@automate/contract';
import type { FS, Template, Variable } from 'liquidjs';
import { createLiquid, LIQUID_LIMITS, liquidLimitProblem } from './liquid-engine.ts';
import type { MergeValues } from './merge-values.ts';

/**
 * Action texts (email subject and body, SMS, notes) are Liquid templates whose variables are the
 * merge fields: `Hi {{ contact.first_name }}, job {{ job.number | upcase }} is booked.` Liquid only
 * reads the data it is given; this engine also has no files to read (include, render and layout are
 * refused when a text is parsed), reads own properties only, and has the limits of every engine
 * (`liquid-engine.ts`), so a vendor's text cannot reach the server or keep a worker busy.
 */

/** A file system with no files: even if a tag tried to load one, there would be nothing to find. */
const NO_FILES: FS = {
  exists: async () => false,
  existsSync: () => false,
  readFile: async (file) => {
    throw new Error(`Texts cannot read files (${file}).`);
  },
  readFileSync: (file) => {
    throw new Error(`Texts cannot read files (${file}).`);
  },
  resolve: (_dir, file) => file,
  contains: async () => false,
  containsSync: () => false,
};

const liquid = createLiquid({
  fs: NO_FILES,
  root: [],
  partials: [],
  layouts: [],
  relativeReference: false,
  dynamicPartials: false,
  ownPropertyOnly: true,
  strictFilters: true,
  strictVariables: false,
  cache: false,
});
for (const tag of ['include', 'render', 'layout']) {
  liquid.registerTag(tag, {
    parse() {
      throw new Error(`{% ${tag} %} cannot be used: texts cannot include other files`);
    },
    render() {
      return '';
    },
  });
}

/** A text that does not parse, or could not be rendered (e.g. it ran past the time or memory limit). */
export class MergeTextError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MergeTextError';
  }
}

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0];

function parseText(text: string): Template[] {
  try {
    return liquid.parse(text);
  } catch (error) {
    const limit = liquidLimitProblem(error);
    throw new MergeTextError(
      limit ? `The text cannot be used: ${limit}.` : `The text has a template error: ${firstLine(error)}`,
    );
  }
}

/** The variables the text reads from outside (not its own `assign`s and loop variables), in order of appearance. */
function variablesIn(templates: Template[]): Variable[] {
  const { globals } = liquid.analyzeSync(templates, { partials: false });
  return Object.values(globals)
    .flat()
    .sort((a, b) => a.location.row - b.location.row || a.location.col - b.location.col);
}

/** `job.number` for `{{ job.number }}` or `{{ job["number"] }}`; anything else as Liquid writes it. */
function nameOf(variable: Variable): string {
  const [root, property, ...rest] = variable.segments;
  if (typeof root === 'string' && typeof property === 'string' && rest.length === 0) return `${root}.${property}`;
  return variable.toString();
}

const unique = <T>(items: T[]): T[] => [...new Set(items)];

/** The merge fields a text uses, each once, in order of appearance; [] when the text does not parse. */
export function mergeFieldsUsed(text: string): MergeFieldName[] {
  let templates: Template[];
  try {
    templates = parseText(text);
  } catch {
    return [];
  }
  return unique(variablesIn(templates).map(nameOf).filter(isMergeField));
}

/**
 * The records a text reads from (`job`, `client`, `contact`, `staff`, `vendor`), by the first part
 * of each variable it uses; empty when the text does not parse (rendering it fails anyway).
 */
export function mergeRecordsUsed(text: string): Set<MergeFieldGroup> {
  let templates: Template[];
  try {
    templates = parseText(text);
  } catch {
    return new Set();
  }
  const roots = variablesIn(templates).map((variable) => String(variable.segments[0]));
  return new Set(MERGE_FIELD_GROUPS.filter((name) => roots.includes(name)));
}

/**
 * Null when the text parses and every variable in it is a merge field (filters such as `| upcase`
 * are fine); otherwise a sentence for the vendor saying what is wrong.
 */
export function checkMergeText(text: string): string | null {
  let templates: Template[];
  try {
    templates = parseText(text);
  } catch (error) {
    return (error as Error).message;
  }
  const unknown = variablesIn(templates)
    .map(nameOf)
    .find((name) => !isMergeField(name));
  if (unknown !== undefined) return unknownMergeFieldMessage(unknown);
  return null;
}

/**
 * The values as Liquid data: `{ job: { number: '1042', … }, … }`. A field without a value is null, so
 * it prints as empty and is false in `{% if %}` (an empty string would be true in Liquid).
 */
function scopeOf(values: MergeValues): Record<string, Record<string, string | null>> {
  const scope: Record<string, Record<string, string | null>> = {};
  for (const name of MERGE_FIELD_NAMES) {
    const [root = '', property = ''] = name.split('.');
    scope[root] ??= {};
    scope[root][property] = values[name as MergeFieldName] || null;
  }
  return scope;
}

/**
 * Renders a text with the merge values. A field without a value renders as empty and is listed in
 * `missing` (each once, in order of appearance, also when it sits in a branch that did not render),
 * as is a variable that is not a merge field. Throws a MergeTextError with a sentence when the text
 * does not parse or cannot be rendered within the limits; `renderLimitMs` may shorten the time limit.
 */
export function renderMergeText(
  template: string,
  values: MergeValues,
  options: { renderLimitMs?: number } = {},
): { text: string; missing: string[] } {
  const templates = parseText(template);
  const missing = unique(
    variablesIn(templates)
      .map(nameOf)
      .filter((name) => !isMergeField(name) || !values[name]),
  );
  let text: unknown;
  try {
    text = liquid.renderSync(
      templates,
      scopeOf(values),
      options.renderLimitMs === undefined
        ? {}
        : { renderLimit: Math.min(options.renderLimitMs, LIQUID_LIMITS.renderLimit) },
    );
  } catch (error) {
    const limit = liquidLimitProblem(error);
    throw new MergeTextError(
      limit ? `The text cannot be filled in: ${limit}.` : `The text could not be rendered: ${firstLine(error)}`,
    );
  }
  return { text: String(text), missing };
}
