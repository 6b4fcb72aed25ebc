import { type Column, type SQL, sql } from 'drizzle-orm';

/**
 * A value another module provides for each row, as an SQL expression: `values` maps the text of `key`
 * (a column of the query) to it, and a key it does not name gives null. A query can then show, sort
 * and filter by what another module owns without reading that module's tables.
 */
export function lookupValue(values: ReadonlyMap<string, string>, key: Column): SQL<string | null> {
  return sql<string | null>`(${JSON.stringify(Object.fromEntries(values))}::jsonb ->> ${key}::text)`;
}
