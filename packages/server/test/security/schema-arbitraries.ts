import fc from 'fast-check';
import type { JsonSchema } from './api-fixtures.ts';

const SURROGATES_START = 0xd800;
const SURROGATES = 0x800;

/**
 * One code point outside the surrogates: fast-check's `unit: 'binary'`, value for value from the same
 * seed, shrinking alike. fast-check's own unit maps each of the 1.1 million code points back to its
 * index before the first value (for the strings it slips in, like `__proto__`): 1.5 s of the run.
 */
function anyCodePoint(): fc.Arbitrary<string> {
  return fc.nat({ max: 0x10ffff - SURROGATES }).map(
    (index) => String.fromCodePoint(index < SURROGATES_START ? index : index + SURROGATES),
    (value) => {
      const point = typeof value === 'string' ? value.codePointAt(0) : undefined;
      const isOne = point !== undefined && String.fromCodePoint(point) === value;
      if (!isOne || (point >= SURROGATES_START && point < SURROGATES_START + SURROGATES)) {
        throw new Error('not one code point outside the surrogates');
      }
      return point < SURROGATES_START ? point : point - SURROGATES;
    },
  );
}

/** Text an attacker sends: NUL, a megabyte, direction overrides, emoji, lone surrogates, SQL and HTML. */
const hostileString = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u202eevil\u202c',
    '😀👩‍👩‍👧',
    '\ud800',
    "'; drop table users; --",
    '<script>alert(1)</script>',
    '{{ 7 * 7 }}{% raw %}',
    '../../etc/passwd',
    '',
    ' ',
  ),
  fc.constant('x'.repeat(1_000_000)),
  fc.string({ unit: anyCodePoint(), maxLength: 40 }),
);

const MAX_DEPTH = 6;

// Made once and shared by every schema: building a string arbitrary maps its whole alphabet, which,
// made anew for each string property of each operation, cost seconds of the fuzz run.
const uuid = fc.uuid();
const email = fc.emailAddress();
const shortText = fc.string({ maxLength: 30 });
const anyScalar = fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.constant(null));

/**
 * Values for a JSON schema (as the OpenAPI document gives it): mostly shaped like the schema, with
 * hostile strings and wrong types mixed in, so validation and everything behind it are exercised.
 */
export function arbitraryFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > MAX_DEPTH) return fc.constantFrom(null, 'x', 0);
  const wrongType = fc.constantFrom(null, 42, 'text', true, [], {});
  const shaped = shapedArbitrary(schema, depth);
  return fc.oneof(
    { arbitrary: shaped, weight: 6 },
    { arbitrary: hostileString, weight: 2 },
    { arbitrary: wrongType, weight: 1 },
  );
}

function shapedArbitrary(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (variants && variants.length > 0) return fc.oneof(...variants.map((variant) => arbitraryFor(variant, depth + 1)));
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? (schema.type[0] as string) : (schema.type as string | undefined);
  switch (type) {
    case 'string':
      return schema.format === 'uuid' ? uuid : schema.format === 'email' ? email : shortText;
    case 'integer':
      return fc.oneof(fc.integer(), fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 2 ** 53));
    case 'number':
      return fc.oneof(fc.double({ noNaN: true }), fc.constantFrom(1e308, -1e308, 0.1));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryFor(schema.items as JsonSchema | undefined, depth + 1), { maxLength: 3 });
    case 'object':
      return objectArbitrary(schema, depth);
    default:
      return anyScalar;
  }
}

function objectArbitrary(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const shape = Object.fromEntries(
    Object.entries(properties).map(([key, value]) => [key, arbitraryFor(value, depth + 1)]),
  );
  // Required keys are sometimes left out too: a missing field must be a 400 as well.
  return fc.record(shape, { requiredKeys: Object.keys(shape).filter((key) => required.has(key) && depth % 2 === 0) });
}

/** A JSON body nested `levels` deep, as text: deeper than any parser should be asked to go. */
export function deeplyNested(levels: number): string {
  return `${'{"items":['.repeat(levels)}1${']}'.repeat(levels)}`;
}
