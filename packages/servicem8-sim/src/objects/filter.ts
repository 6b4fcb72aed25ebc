/**
 * `$filter`: `<field> <op> <value>` joined by `and`, at most 10 conditions;
 * operators eq, ne, gt, lt; strings in single quotes, numbers bare. Field names are case-sensitive.
 * The real API ignores a filter it cannot read and returns every record, so parsing never throws:
 * it says why the filter is unusable and the caller decides.
 */
const FILTER_OPERATORS = ['eq', 'ne', 'gt', 'lt'] as const;
type FilterOperator = (typeof FILTER_OPERATORS)[number];
const MAX_FILTER_CONDITIONS = 10;

export type FilterCondition = { field: string; operator: FilterOperator; value: string | number };

export type ParsedFilter = { ok: true; conditions: FilterCondition[] } | { ok: false; reason: string };

const NUMBER = /^-?\d+(\.\d+)?$/;
const FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Reads one token at `position`: a quoted string (`''` escapes a quote) or a run of non-spaces. */
function readToken(text: string, start: number): { token: string; quoted: boolean; end: number } | undefined {
  let position = start;
  while (position < text.length && /\s/.test(text.charAt(position))) position++;
  if (position >= text.length) return undefined;
  if (text[position] === "'") {
    let value = '';
    position++;
    while (position < text.length) {
      if (text[position] === "'") {
        if (text[position + 1] === "'") {
          value += "'";
          position += 2;
          continue;
        }
        return { token: value, quoted: true, end: position + 1 };
      }
      value += text[position];
      position++;
    }
    return undefined; // unterminated string
  }
  let end = position;
  while (end < text.length && !/\s/.test(text.charAt(end))) end++;
  return { token: text.slice(position, end), quoted: false, end };
}

export function parseFilter(expression: string, knownField: (field: string) => boolean): ParsedFilter {
  const text = expression.trim();
  if (text === '') return { ok: false, reason: 'empty filter' };
  const conditions: FilterCondition[] = [];
  let position = 0;
  for (;;) {
    const field = readToken(text, position);
    const operator = field && readToken(text, field.end);
    const value = operator && readToken(text, operator.end);
    if (!field || !operator || !value) return { ok: false, reason: 'expected <field> <operator> <value>' };
    if (field.quoted || !FIELD.test(field.token)) return { ok: false, reason: `"${field.token}" is not a field name` };
    if (!knownField(field.token)) return { ok: false, reason: `unknown field "${field.token}"` };
    const op = operator.token.toLowerCase();
    if (operator.quoted || !(FILTER_OPERATORS as readonly string[]).includes(op)) {
      return { ok: false, reason: `unsupported operator "${operator.token}" (eq, ne, gt, lt only)` };
    }
    if (!value.quoted && !NUMBER.test(value.token)) {
      return { ok: false, reason: `value ${value.token} must be a quoted string or a number` };
    }
    if (value.token.length > 255) return { ok: false, reason: 'values are limited to 255 characters' };
    conditions.push({
      field: field.token,
      operator: op as FilterOperator,
      value: value.quoted ? value.token : Number(value.token),
    });
    const next = readToken(text, value.end);
    if (!next) break;
    if (next.quoted || next.token.toLowerCase() !== 'and') {
      return { ok: false, reason: `conditions combine with "and" only (found "${next.token}")` };
    }
    position = next.end;
  }
  if (conditions.length > MAX_FILTER_CONDITIONS) {
    return { ok: false, reason: `at most ${MAX_FILTER_CONDITIONS} conditions` };
  }
  return { ok: true, conditions };
}

/** How text compares: `exact` character by character, `fold` regardless of case (the `textComparison` assumption). */
export type TextComparison = 'exact' | 'fold';

function compare(actual: unknown, expected: string | number, text: TextComparison): number {
  if (typeof expected === 'number') {
    const number = typeof actual === 'number' ? actual : Number(actual);
    if (actual !== '' && actual !== null && Number.isFinite(number)) return Math.sign(number - expected);
    return String(actual ?? '') < String(expected) ? -1 : 1;
  }
  const fold = (value: string) => (text === 'fold' ? value.toLowerCase() : value);
  const left = fold(String(actual ?? ''));
  const right = fold(expected);
  if (left === right) return 0;
  return left < right ? -1 : 1;
}

/** True when `record` satisfies every condition. */
export function matchesFilter(
  record: Record<string, unknown>,
  conditions: readonly FilterCondition[],
  text: TextComparison = 'exact',
): boolean {
  return conditions.every((condition) => {
    const order = compare(record[condition.field], condition.value, text);
    switch (condition.operator) {
      case 'eq':
        return order === 0;
      case 'ne':
        return order !== 0;
      case 'gt':
        return order > 0;
      case 'lt':
        return order < 0;
    }
    return false;
  });
}
