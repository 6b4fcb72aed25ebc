import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/database.ts';
import { createTestDatabase } from './support/test-database.ts';

async function withTestDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const testDatabase = await createTestDatabase();
  const database = await openDatabase(testDatabase.target);
  try {
    await database.migrate();
    return await work(database);
  } finally {
    await database.close();
    await testDatabase.drop();
  }
}

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** What a file could leave behind that the next one would notice. */
const traces = (database: Database) =>
  Promise.all([
    rows<{ users: number; jobs: number; queues: number }>(
      database,
      sql`select (select count(*) from users)::int as users, (select count(*) from pgboss.job)::int as jobs,
                 (select count(*) from pgboss.queue)::int as queues`,
    ),
    rows<{ invoice: number }>(database, sql`select last_number as invoice from invoice_number_counter`),
    rows<{ tables: number }>(
      database,
      sql`select count(*)::int as tables from pg_tables where tablename = 'left_behind'`,
    ),
  ]).then(([[counts], [next], [left]]) => ({ ...counts, ...next, ...left }));

// Files of one worker may be handed the embedded database an earlier file used, put back to the
// snapshot's state: whatever that file wrote or created must be gone.
describe('a test file’s database', () => {
  it('starts as the migrated template, whatever the file before it wrote', async () => {
    const clean = await withTestDatabase(traces);
    await withTestDatabase(async (database) => {
      await database.db.execute(sql`insert into users (email, user_name, first_name, last_name, roles)
        values ('left@example.com', 'left@example.com', 'Left', 'Behind', '{}')`);
      await database.db.execute(sql`update invoice_number_counter set last_number = last_number + 1`);
      await database.db.execute(sql`insert into pgboss.job (name, data) values ('system.ping', '{}')`);
      await database.db.execute(sql`update pgboss.queue set retry_limit = retry_limit + 1`);
    });
    expect(await withTestDatabase(traces)).toEqual(clean);
    expect(clean).toMatchObject({ users: 0, jobs: 0, invoice: 0, tables: 0 });
  });

  it('has none of the tables or functions a file before it created', async () => {
    await withTestDatabase(async (database) => {
      await database.db.execute(sql`create table left_behind (id int)`);
      await database.db.execute(sql`create temporary table scratch (id int)`);
    });
    const after = await withTestDatabase(traces);
    expect(after).toMatchObject({ users: 0, jobs: 0, invoice: 0, tables: 0 });
  });
});
