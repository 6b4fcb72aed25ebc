import type { FormObject, FormValue } from './form-encoding.ts';
import { invalidParam, missingParam } from './stripe-error.ts';

/** Readers for Stripe's form parameters, refusing what Stripe refuses with Stripe's sentences. */
export function optionalString(params: FormObject, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidParam(name, `Invalid string: ${name} must be a string.`);
  return value;
}

export function requiredString(params: FormObject, name: string): string {
  const value = optionalString(params, name);
  if (value === undefined || value === '') throw missingParam(name);
  return value;
}

export function optionalInteger(params: FormObject, name: string): number | undefined {
  const value = optionalString(params, name);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw invalidParam(name, `Invalid integer: ${value}`);
  return Number(value);
}

export function optionalBoolean(params: FormObject, name: string): boolean | undefined {
  const value = optionalString(params, name);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw invalidParam(name, `Invalid boolean: ${value}`);
  return value === 'true';
}

export function optionalObject(params: FormObject, name: string): FormObject | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'object' || Array.isArray(value))
    throw invalidParam(name, `Invalid object: ${name} must be a hash.`);
  return value;
}

export function optionalArray(params: FormObject, name: string): FormValue[] | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (!Array.isArray(value)) throw invalidParam(name, `Invalid array: ${name} must be an array.`);
  return value;
}

/** `metadata[key]=value`; an empty value removes the key, as on Stripe. */
export function mergeMetadata(current: Record<string, string>, params: FormObject): Record<string, string> {
  const given = optionalObject(params, 'metadata');
  if (!given) return current;
  const next = { ...current };
  for (const [key, value] of Object.entries(given)) {
    if (typeof value !== 'string') throw invalidParam(`metadata[${key}]`, 'Metadata values must be strings.');
    if (value === '') delete next[key];
    else next[key] = value;
  }
  return next;
}

/** Stripe lists: newest first, `limit` (1–100, default 10) and `starting_after`. */
export function paginate<T extends { id: string; created: number }>(items: T[], query: FormObject, url: string) {
  const limit = optionalInteger(query, 'limit') ?? 10;
  if (limit < 1 || limit > 100)
    throw invalidParam('limit', 'This value must be greater than or equal to 1 and less than or equal to 100.');
  const sorted = [...items].sort((a, b) => b.created - a.created);
  const after = optionalString(query, 'starting_after');
  const start = after ? sorted.findIndex((item) => item.id === after) + 1 : 0;
  const page = sorted.slice(start, start + limit);
  return { object: 'list' as const, data: page, has_more: start + limit < sorted.length, url };
}
