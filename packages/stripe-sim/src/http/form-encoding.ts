/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` (and query strings) with bracket
 * paths, `line_items[0][price]=price_1&metadata[vendorId]=v1&expand[]=latest_invoice`. Numeric keys
 * make arrays. Values stay strings, as Stripe receives them; the routes coerce what they read.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export function parseStripeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const path = keyPath(rawKey);
    if (path.length === 0) continue;
    assign(root, path, value);
  }
  return arraysFromNumericKeys(root) as FormObject;
}

function keyPath(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return [key];
  const rest = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1] ?? '');
  return [match[1] ?? key, ...rest];
}

function assign(target: { [key: string]: FormValue }, path: string[], value: string): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  const key = rest[0] === '' ? String(Object.keys(asObject(target, head)).length) : undefined;
  const child = asObject(target, head);
  if (key !== undefined) assign(child, [key, ...rest.slice(1)], value);
  else assign(child, rest, value);
}

function asObject(target: { [key: string]: FormValue }, key: string): { [key: string]: FormValue } {
  const existing = target[key];
  if (existing && typeof existing === 'object' && !Array.isArray(existing)) return existing;
  const created: { [key: string]: FormValue } = {};
  target[key] = created;
  return created;
}

function arraysFromNumericKeys(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((key) => [key, arraysFromNumericKeys(value[key] as FormValue)]));
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((index) => converted[String(index)] as FormValue);
  }
  return converted;
}
