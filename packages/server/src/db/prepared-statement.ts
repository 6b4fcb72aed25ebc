import { type Placeholder, type Query, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './database.ts';

/** The statement's own values, each sent as a parameter: `value('id')` stands where `values.id` goes. */
export type ValueOf<Values> = (key: keyof Values & string) => Placeholder;

export type PreparedStatement<Values extends Record<string, unknown>, Row> = {
  /** Runs the statement on `db` or a transaction on it, with `values` for its parameters. */
  execute(db: Db, values: Values): Promise<Row[]>;
};

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * A statement run on every delivery or run, built once and, on PostgreSQL, parsed and planned once per
 * connection: its text is made on first use from `build`, where `value(key)` marks each parameter,
 * and it is sent as the named statement `name` (PostgreSQL keeps it per connection; the embedded
 * database parses each query anyway, and gains only the text built once). Works in a transaction as
 * on the database. `name` must be unique to this statement. Its rows come as the driver answers them:
 * timestamps as text.
 */
export function preparedStatement<Values extends Record<string, unknown>, Row = Record<string, unknown>>(
  name: string,
  build: (value: ValueOf<Values>) => SQL,
): PreparedStatement<Values, Row> {
  let query: Query | undefined;
  return {
    async execute(db, values) {
      query ??= dialect.sqlToQuery(build((key) => sql.placeholder(key)));
      // The session's client now, not when the statement was built: a transaction's own connection.
      const prepared = db._.session.prepareQuery(query, undefined, name, false);
      const result = (await prepared.execute(values)) as { rows: Row[] };
      return result.rows;
    },
  };
}
