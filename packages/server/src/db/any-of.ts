import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * `column = any($1)` with the values as one array parameter: a list of any length (a month of a busy
 * business's changes) fits where `in (…)`, one parameter a value, stops at PostgreSQL's 65,535.
 */
export function anyOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} = any(${sql.param([...values])}::text[])`;
}
