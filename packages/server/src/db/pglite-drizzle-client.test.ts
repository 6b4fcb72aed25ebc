import type { PGlite, QueryOptions } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { pgliteForDrizzle } from './pglite-drizzle-client.ts';

/** Drizzle's parsers for a query: dates, timestamps and intervals kept as text. */
const drizzleParsers = Object.fromEntries(
  [1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231].map((type) => [type, (value: string) => value]),
);

/** An embedded database that records the options each query reaches it with. */
function recordingClient() {
  const received: Array<QueryOptions | undefined> = [];
  const query = async (_query: string, _params?: unknown[], options?: QueryOptions) => {
    received.push(options);
    return { rows: [], fields: [] };
  };
  const client = {
    parsers: {} as PGlite['parsers'],
    query,
    transaction: async <T>(callback: (tx: { query: typeof query }) => Promise<T>) => callback({ query }),
  };
  return { client: client as unknown as PGlite, parsers: client.parsers, received };
}

describe('the embedded database as Drizzle is given it', () => {
  it('applies Drizzle’s text parsers once, on the instance, and sends its queries without them', async () => {
    const { client, parsers, received } = recordingClient();
    const given = pgliteForDrizzle(client);
    expect(parsers[1184]?.('2026-03-04 05:06:07+00')).toBe('2026-03-04 05:06:07+00');
    await given.query('select 1', [], { rowMode: 'array', parsers: drizzleParsers });
    await given.transaction((tx) => tx.query('select 2', [], { rowMode: 'object', parsers: drizzleParsers }));
    expect(received).toEqual([{ rowMode: 'array' }, { rowMode: 'object' }]);
  });

  it('passes on the parsers of a query that brings others', async () => {
    const { client, received } = recordingClient();
    const own = { ...drizzleParsers, 23: (value: string) => Number(value) + 1 };
    await pgliteForDrizzle(client).query('select 41', [], { parsers: own });
    expect(received).toEqual([{ parsers: own }]);
  });
});
