import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/database.ts';
import { preparedStatement } from '../src/db/prepared-statement.ts';
import { createTestDatabase, type TestDatabase } from './support/test-database.ts';

let testDatabase: TestDatabase;
let database: Database;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await openDatabase(testDatabase.target);
  await database.db.execute(sql`create table prepared_probe (id int primary key, label text not null)`);
});
afterAll(async () => {
  await database.db.execute(sql`drop table prepared_probe`);
  await database.close();
  await testDatabase.drop();
});

const insertProbe = preparedStatement<{ id: number; label: string }, { id: number; label: string }>(
  'test_insert_probe',
  (value) => sql`insert into prepared_probe (id, label) values (${value('id')}::int, ${value('label')}::text)
                 on conflict (id) do update set label = excluded.label returning id, label`,
);
const probesFrom = preparedStatement<{ from: number }, { id: number; label: string }>(
  'test_probes_from',
  (value) => sql`select id, label from prepared_probe where id >= ${value('from')}::int order by id`,
);

describe('a prepared statement', () => {
  it('runs again with other values and answers each run’s rows', async () => {
    expect(await insertProbe.execute(database.db, { id: 1, label: 'one' })).toEqual([{ id: 1, label: 'one' }]);
    expect(await insertProbe.execute(database.db, { id: 2, label: 'two' })).toEqual([{ id: 2, label: 'two' }]);
    expect(await insertProbe.execute(database.db, { id: 1, label: 'uno' })).toEqual([{ id: 1, label: 'uno' }]);
    expect(await probesFrom.execute(database.db, { from: 1 })).toEqual([
      { id: 1, label: 'uno' },
      { id: 2, label: 'two' },
    ]);
    expect(await probesFrom.execute(database.db, { from: 2 })).toEqual([{ id: 2, label: 'two' }]);
  });

  it('runs inside a transaction, on its connection: what it wrote goes when the transaction rolls back', async () => {
    const rolledBack = new Error('rolled back on purpose');
    await expect(
      database.db.transaction(async (tx) => {
        await insertProbe.execute(tx, { id: 10, label: 'ten' });
        // Seen by the transaction that wrote it, so sent on that transaction's connection.
        expect(await probesFrom.execute(tx, { from: 10 })).toEqual([{ id: 10, label: 'ten' }]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await probesFrom.execute(database.db, { from: 10 })).toEqual([]);
  });

  it('is kept by PostgreSQL under its name on the connection that ran it (the embedded database parses each query)', async () => {
    await database.db.transaction(async (tx) => {
      await probesFrom.execute(tx, { from: 1 });
      await probesFrom.execute(tx, { from: 2 });
      const result = await tx.execute(
        sql`select name, statement from pg_prepared_statements where name = 'test_probes_from'`,
      );
      const rows = (result as unknown as { rows: Array<{ name: string; statement: string }> }).rows;
      if (database.driver === 'postgres') {
        expect(rows).toHaveLength(1);
        expect(rows[0]?.statement).toContain('where id >= $1::int');
      } else {
        expect(rows).toEqual([]);
      }
    });
  });
});
