import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * `column = any($1)`, the column or an expression (a JSON field), with the values as one array
 * parameter: a list of any length (a month of a busy business's changes) fits where `in (…)`, one
 * parameter a value, stops at PostgreSQL's 65,535.
 */
export function anyOf(column: SQLWrapper, values: readonly string[]): SQL {
  return sql`${column} = any(${sql.param([...values])}::text[])`;
}
