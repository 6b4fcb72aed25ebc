import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/database.ts';
import {
  bucketShape,
  giveBackRateTokens,
  holdRateBucket,
  takeRateToken,
  takeRateTokens,
} from '../src/integrations/servicem8/rate-limiter.ts';
import { createTestDatabase, type TestDatabase } from './support/test-database.ts';

let testDatabase: TestDatabase;
let database: Database;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await openDatabase(testDatabase.target);
  await database.migrate();
});
afterAll(async () => {
  await database.close();
  await testDatabase.drop();
});

describe('the shared ServiceM8 rate limit', () => {
  it('never lets more than the per-minute limit through in any minute', async () => {
    const limits = { perMinute: 60, perDay: 20_000 };
    const start = Date.parse('2026-06-01T00:00:00Z');
    const grantedAt: number[] = [];
    // Ask every 250 ms for three minutes: four times what is allowed.
    for (let t = 0; t < 180_000; t += 250) {
      const take = await takeRateToken(database.db, 'acct-minute', new Date(start + t), limits);
      if (take.granted) grantedAt.push(t);
    }
    for (let i = 0; i < grantedAt.length; i++) {
      const from = grantedAt[i] ?? 0;
      const inWindow = grantedAt.filter((t) => t >= from && t < from + 60_000).length;
      expect(inWindow).toBeLessThanOrEqual(60);
    }
    // A full bucket (3) and the refill of 57 a minute: 174 in three minutes, all of it used.
    expect(grantedAt.length).toBeGreaterThan(170);
  });

  it('credits each moment’s refill once when callers’ clocks arrive out of order', async () => {
    // Two processes, or two calls that read the clock before their turn: a take stamped earlier can land
    // after one stamped later. Capacity 10, refill 170 a minute (8.5 every 3 s).
    const limits = { perMinute: 180, perDay: 20_000 };
    const start = Date.parse('2026-06-03T00:00:00Z');
    const at = (seconds: number) => new Date(start + seconds * 1000);
    for (let i = 0; i < 10; i++)
      expect((await takeRateToken(database.db, 'acct-order', at(0), limits)).granted).toBe(true);
    expect((await takeRateToken(database.db, 'acct-order', at(3), limits)).granted).toBe(true);
    expect((await takeRateToken(database.db, 'acct-order', at(1.5), limits)).granted).toBe(true);
    // Three seconds brought 8.5 tokens, two of which are spent: 6 more at 3 s, not the 1.5 s between
    // counted twice (which would fill the bucket: 10).
    let granted = 0;
    while ((await takeRateToken(database.db, 'acct-order', at(3), limits)).granted) granted++;
    expect(granted).toBe(6);
  });

  it('gives a batch all the calls the bucket holds but one in one take, and says when the next comes', async () => {
    // Capacity 10, refill 170 a minute (one every 353 ms).
    const limits = { perMinute: 180, perDay: 20_000 };
    const now = new Date('2026-06-05T00:00:00Z');
    const later = (ms: number) => new Date(now.getTime() + ms);
    // The account's first call makes its bucket (full).
    expect(await takeRateTokens(database.db, 'acct-batch', now, limits, 50)).toBeNull();
    expect(await takeRateToken(database.db, 'acct-batch', now, limits)).toEqual({ granted: true });
    // Nine are left of ten: a batch of 50 gets all but one, and hears when the next comes.
    expect(await takeRateTokens(database.db, 'acct-batch', now, limits, 50)).toEqual({ granted: 8, moreAfterMs: 353 });
    expect(await takeRateTokens(database.db, 'acct-batch', now, limits, 50)).toEqual({ granted: 0, moreAfterMs: 353 });
    // The one left is for a read that work waits on: it goes at once, whatever the batches want.
    expect(await takeRateToken(database.db, 'acct-batch', now, limits)).toEqual({ granted: true });
    // Three seconds bring 8.5; a batch of 5 takes 5 of them and needs no more.
    expect(await takeRateTokens(database.db, 'acct-batch', later(3000), limits, 5)).toEqual({
      granted: 5,
      moreAfterMs: 0,
    });
    // Calls taken and not made go back: two unused make the 3.5 left 5.5, of which a batch takes 4.
    await giveBackRateTokens(database.db, 'acct-batch', 2);
    expect((await takeRateTokens(database.db, 'acct-batch', later(3000), limits, 50))?.granted).toBe(4);
  });

  it('says how long to wait when the bucket is empty', async () => {
    const limits = { perMinute: 6, perDay: 100 };
    const now = new Date('2026-06-01T00:00:00Z');
    expect(bucketShape(limits)).toEqual({ capacity: 1, refillPerSecond: 5 / 60 });
    expect(await takeRateToken(database.db, 'acct-wait', now, limits)).toEqual({ granted: true });
    const refused = await takeRateToken(database.db, 'acct-wait', now, limits);
    expect(refused).toEqual({ granted: false, reason: 'minute', retryAfterMs: 12_000 });
    expect((await takeRateToken(database.db, 'acct-wait', new Date(now.getTime() + 12_000), limits)).granted).toBe(
      true,
    );
  });

  it('holds the account back for ServiceM8’s Retry-After after a 429, however full the bucket was', async () => {
    const limits = { perMinute: 180, perDay: 20_000 };
    const start = Date.parse('2026-06-04T00:00:00Z');
    const at = (seconds: number) => new Date(start + seconds * 1000);
    expect((await takeRateToken(database.db, 'acct-held', at(0), limits)).granted).toBe(true);
    await holdRateBucket(database.db, 'acct-held', at(0), limits, 5_000);
    const refused = await takeRateToken(database.db, 'acct-held', at(4.5), limits);
    expect(refused).toMatchObject({ granted: false, reason: 'minute' });
    expect(refused.granted ? 0 : refused.retryAfterMs).toBeGreaterThan(500);
    expect((await takeRateToken(database.db, 'acct-held', at(5.4), limits)).granted).toBe(true);
  });

  it('stops at the daily limit until the day is over', async () => {
    const limits = { perMinute: 600, perDay: 3 };
    const start = Date.parse('2026-06-01T00:00:00Z');
    const results = [];
    for (let i = 0; i < 4; i++)
      results.push(await takeRateToken(database.db, 'acct-day', new Date(start + i * 1000), limits));
    expect(results.map((r) => r.granted)).toEqual([true, true, true, false]);
    expect(results[3]).toMatchObject({ reason: 'day', retryAfterMs: 86_400_000 - 3000 });
    expect((await takeRateToken(database.db, 'acct-day', new Date(start + 86_400_000), limits)).granted).toBe(true);
  });

  it('keeps accounts apart', async () => {
    const limits = { perMinute: 6, perDay: 100 };
    const now = new Date('2026-06-02T00:00:00Z');
    expect((await takeRateToken(database.db, 'acct-a', now, limits)).granted).toBe(true);
    expect((await takeRateToken(database.db, 'acct-b', now, limits)).granted).toBe(true);
  });
});
