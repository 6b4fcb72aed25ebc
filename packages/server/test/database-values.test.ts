import { eq, sql } from 'drizzle-orm';
import { date, interval, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/database.ts';
import { createTestDatabase, type TestDatabase } from './support/test-database.ts';

const visits = pgTable('visits', {
  id: text().primaryKey(),
  bookedAt: timestamp({ withTimezone: true }).notNull(),
  localStart: timestamp({ mode: 'string' }).notNull(),
  day: date().notNull(),
  window: interval().notNull(),
  reminders: timestamp({ withTimezone: true }).array().notNull(),
  amounts: numeric().array().notNull(),
});

const visit = {
  id: 'v1',
  bookedAt: new Date('2026-03-04T05:06:07.089Z'),
  localStart: '2026-03-04 16:06:07',
  day: '2026-03-04',
  window: '02:30:00',
  reminders: [new Date('2026-03-03T05:06:07.000Z'), new Date('2026-03-04T04:06:07.000Z')],
  amounts: ['12.50', '3'],
};

let testDatabase: TestDatabase;
let database: Database;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await openDatabase(testDatabase.target);
  await database.db.execute(sql`
    create temporary table visits (id text primary key, booked_at timestamptz not null, local_start timestamp not null,
      day date not null, "window" interval not null, reminders timestamptz[] not null, amounts numeric[] not null)`);
  await database.db.insert(visits).values(visit);
});
afterAll(async () => {
  await database.close();
  await testDatabase.drop();
});

describe('values as the server reads them, on either database', () => {
  it('reads dates, timestamps, intervals and arrays back as they were written, in and out of transactions', async () => {
    expect(await database.db.select().from(visits).where(eq(visits.id, 'v1'))).toEqual([visit]);
    expect(await database.db.transaction((tx) => tx.select().from(visits))).toEqual([visit]);
    const raw = (await database.db.execute(sql`select day, "window" from visits`)) as unknown as { rows: unknown[] };
    expect(raw.rows).toEqual([{ day: '2026-03-04', window: '02:30:00' }]);
  });
});
