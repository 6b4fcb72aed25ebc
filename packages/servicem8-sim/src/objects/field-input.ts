import { restError } from '../http/sm8-error.ts';
import { hasField, type ObjectType } from './object-types.ts';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

export type NormalisedInput = {
  values: Record<string, string | number>;
  /** Fields the simulator dropped (unknown or read-only); recorded in the call log. */
  warnings: string[];
};

function invalid(message: string): never {
  throw restError(400, message);
}

function coerceNumber(field: string, value: unknown): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === null || value === '') return 0;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return invalid(`${field} must be a number`);
}

function coerceString(field: string, value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value === null) return '';
  return invalid(`${field} must be a string`);
}

/** Parses a JSON-encoded array of strings, e.g. `badges`; undefined if it is not one. */
export function parseJsonStringArray(value: string): string[] | undefined {
  if (value.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string')) return parsed;
  } catch {
    // not JSON
  }
  return undefined;
}

/**
 * Turns a request body into field values for `type`: coerces each value to its field's type,
 * checks enums and JSON-string arrays, and drops what the API would not store (unknown and
 * read-only fields, `edit_date`). `uuid` is kept only for creates.
 */
export function normaliseInput(
  type: ObjectType,
  input: Record<string, unknown>,
  mode: 'create' | 'update',
): NormalisedInput {
  const values: Record<string, string | number> = {};
  const warnings: string[] = [];
  for (const [field, raw] of Object.entries(input)) {
    if (field === 'uuid') {
      if (mode === 'create' && raw !== undefined && raw !== '') {
        const uuid = coerceString(field, raw);
        if (!isUuid(uuid)) invalid('uuid must be a valid UUID');
        values.uuid = uuid.toLowerCase();
      }
      continue;
    }
    if (field === 'edit_date' || !hasField(type, field) || type.readOnly.includes(field)) {
      warnings.push(
        hasField(type, field)
          ? `${field} is read only and was ignored`
          : `${field} is not a field of ${type.name} and was ignored`,
      );
      continue;
    }
    if (field === 'active') {
      const active = coerceNumber(field, raw);
      if (active !== 0 && active !== 1) invalid('active must be 0 or 1');
      values.active = active;
      continue;
    }
    if (type.jsonStringArrays.includes(field)) {
      if (typeof raw !== 'string' || parseJsonStringArray(raw) === undefined) {
        invalid(`${field} must be a JSON array encoded string, e.g. "[\\"uuid-a\\",\\"uuid-b\\"]"`);
      }
      values[field] = raw;
      continue;
    }
    const fallback = type.fields[field];
    const value = typeof fallback === 'number' ? coerceNumber(field, raw) : coerceString(field, raw);
    const allowed = type.enums[field];
    if (allowed && !allowed.includes(String(value))) {
      invalid(`${field} must be one of: ${allowed.join(', ')}`);
    }
    values[field] = value;
  }
  return { values, warnings };
}
