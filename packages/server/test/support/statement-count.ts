import type { Database } from '../../src/db/database.ts';

/**
 * Counts the statements the server sends through its database connection (`database.db`) while
 * `work` runs: every query, BEGIN and COMMIT included. `failBefore` stops the work at the first
 * statement it picks, which is not sent. pg-boss's own polling and upkeep use their own
 * connection (a pool on PostgreSQL; on the embedded database the PGlite instance itself, not the
 * Drizzle session) and are not counted; a job sent in a transaction goes through it and is. Nothing
 * else may use the connection meanwhile: start the services with `role: 'api'` (no workers).
 */
export async function countStatements<T>(
  database: Database,
  work: () => Promise<T>,
  options: { failBefore?: (statement: string) => boolean } = {},
): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const record = (text: unknown) => {
    const statement = typeof text === 'string' ? text : String((text as { text?: unknown } | undefined)?.text);
    const oneLine = statement.replace(/\s+/g, ' ').trim();
    // As if the process died before the statement reached the database.
    if (options.failBefore?.(oneLine)) throw new Error(`The process stopped before: ${oneLine.slice(0, 80)}`);
    statements.push(oneLine);
  };
  const session = (database.db as unknown as { session: { client: object } }).session;
  const original = session.client;
  session.client = database.driver === 'pglite' ? countingPglite(original, record) : countingPool(original, record);
  try {
    return { result: await work(), statements };
  } finally {
    session.client = original;
  }
}

type Recorder = (text: unknown) => void;

/** A PGlite (or one of its transactions) whose query, exec and transaction are counted. */
function countingPglite<T extends object>(client: T, record: Recorder): T {
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (property === 'query' || property === 'exec') {
        return (...args: unknown[]) => {
          record(args[0]);
          return value.apply(target, args);
        };
      }
      if (property === 'transaction') {
        return (callback: (tx: object) => Promise<unknown>) =>
          value.call(target, async (tx: object) => {
            record('BEGIN');
            const result = await callback(countingPglite(tx, record));
            record('COMMIT');
            return result;
          });
      }
      return value.bind(target);
    },
  });
}

/** A `pg` pool whose queries, and the queries of the clients it lends, are counted. */
function countingPool<T extends object>(pool: T, record: Recorder): T {
  const countingClient = (client: object) =>
    new Proxy(client, {
      get(target, property) {
        const value = Reflect.get(target, property, target);
        if (typeof value !== 'function') return value;
        if (property === 'query') {
          return (...args: unknown[]) => {
            record(args[0]);
            return value.apply(target, args);
          };
        }
        return value.bind(target);
      },
    });
  return new Proxy(pool, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (property === 'query') {
        return (...args: unknown[]) => {
          record(args[0]);
          return value.apply(target, args);
        };
      }
      if (property === 'connect') {
        return async () => countingClient(await value.call(target));
      }
      return value.bind(target);
    },
  });
}
