import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';

/** The types Drizzle reads as the database's text and converts itself: dates, timestamps, intervals and their arrays, and numeric arrays. */
const TEXT_TYPES = new Set(['1082', '1114', '1184', '1186', '1182', '1115', '1185', '1187', '1231']);
const asText = (value: string) => value;

/**
 * `client` as Drizzle should be given it. Drizzle passes PGlite, with every query, parsers that keep
 * the types above as text. PGlite merges a query's parsers into a copy of its own table of parsers,
 * which holds one for every type in the database (a row type and an array type per table, several
 * hundred), and that copy was a third of the CPU of a one-row select. Those parsers are set once on the
 * instance instead, and a query that brings only those goes without them. pg-boss, which shares the
 * instance, reads its timestamps as text from its own `*_text` columns whatever the parsers, and
 * computes its times in SQL.
 */
export function pgliteForDrizzle(client: PGlite): PGlite {
  for (const type of TEXT_TYPES) client.parsers[Number(type)] = asText;
  return withoutTextParsers(client);
}

/** A query's options without parsers the instance already applies; unchanged when it brings others. */
function instanceParsersSuffice(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  for (const type of Object.keys(options.parsers)) if (!TEXT_TYPES.has(type)) return options;
  const { parsers: _applied, ...rest } = options;
  return rest;
}

function withoutTextParsers<T extends PGlite | Transaction>(client: T): T {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (property === 'query') {
        return (query: string, params?: unknown[], options?: QueryOptions) =>
          target.query(query, params, instanceParsersSuffice(options));
      }
      if (property === 'transaction' && 'transaction' in target) {
        return <R>(callback: (tx: Transaction) => Promise<R>) =>
          target.transaction((tx) => callback(withoutTextParsers(tx)));
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
