import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { preparedStatement, type ValueOf } from '../../db/prepared-statement.ts';
import { sm8RateBuckets } from './rate-buckets.schema.ts';

export type RateLimits = { perMinute: number; perDay: number };

/**
 * A token bucket per ServiceM8 account, kept in the database so every process shares it. The bucket
 * holds an eighteenth of the minute's allowance (10 of ServiceM8's 180) and refills with the rest over
 * the minute, so no sliding minute ever sees more than `perMinute` calls, and a busy account keeps
 * 170 of its 180 a minute: a burst's writes are what pace it, not a reserve kept for the next minute.
 * Ten in hand still let a quiet account's change (a listing and a write or two) go at once. The day
 * is a 24-hour window from its first call.
 */
export function bucketShape(limits: RateLimits): { capacity: number; refillPerSecond: number } {
  const capacity = Math.max(1, Math.floor(limits.perMinute / 18));
  return { capacity, refillPerSecond: Math.max(limits.perMinute - capacity, 1) / 60 };
}

export type Take = { granted: true } | { granted: false; retryAfterMs: number; reason: 'minute' | 'day' };

/** Takes one call from the account's allowance, atomically; says how long to wait when there is none. */
export async function takeRateToken(db: Db, accountUuid: string, now: Date, limits: RateLimits): Promise<Take> {
  const { capacity, refillPerSecond } = bucketShape(limits);
  if (await takeFromBucket(db, accountUuid, now, limits)) return { granted: true };

  const [bucket] = await db.select().from(sm8RateBuckets).where(eq(sm8RateBuckets.accountUuid, accountUuid));
  if (!bucket) {
    // The account's first call: the bucket starts full.
    await db
      .insert(sm8RateBuckets)
      .values({ accountUuid, tokens: capacity, refilledAt: now, dayStartedAt: now, dayCount: 0 })
      .onConflictDoNothing();
    if (await takeFromBucket(db, accountUuid, now, limits)) return { granted: true };
    return { granted: false, retryAfterMs: 1000, reason: 'minute' };
  }
  const dayEndsAt = bucket.dayStartedAt.getTime() + 86_400_000;
  if (bucket.dayCount >= limits.perDay && dayEndsAt > now.getTime()) {
    return { granted: false, retryAfterMs: dayEndsAt - now.getTime(), reason: 'day' };
  }
  const elapsed = Math.max(0, (now.getTime() - bucket.refilledAt.getTime()) / 1000);
  const tokens = Math.min(capacity, bucket.tokens + elapsed * refillPerSecond);
  return { granted: false, retryAfterMs: Math.ceil(((1 - tokens) / refillPerSecond) * 1000), reason: 'minute' };
}

/** One statement: takes a token when the bucket exists and has one (refilled to `now`) and the day allows it. */
async function takeFromBucket(db: Db, accountUuid: string, now: Date, limits: RateLimits): Promise<boolean> {
  const taken = await takeOneStatement.execute(db, { accountUuid, now: now.toISOString(), ...limitValues(limits) });
  return taken.length > 0;
}

/** What a statement on the bucket is given: the account, the time, and the allowance's shape. */
type BucketValues = { accountUuid: string; now: string; capacity: number; refillPerSecond: number; perDay: number };

function limitValues(limits: RateLimits): Pick<BucketValues, 'capacity' | 'refillPerSecond' | 'perDay'> {
  return { ...bucketShape(limits), perDay: limits.perDay };
}

/** Every ServiceM8 call runs this, but a batch's, whose calls are taken together (`takeRateTokens`). */
const takeOneStatement = preparedStatement<BucketValues, { tokens: number }>('sm8_take_rate_token', (value) => {
  const available = tokensAt(value);
  const dayOver = dayOverAt(value);
  return sql`update ${sm8RateBuckets} set
      tokens = ${available} - 1,
      -- Never back in time: a take stamped earlier that lands after a later one would otherwise have the
      -- next take credit the refill between them a second time.
      refilled_at = greatest(${sm8RateBuckets.refilledAt}, ${value('now')}::timestamptz),
      day_started_at = case when ${dayOver} then ${value('now')}::timestamptz else ${sm8RateBuckets.dayStartedAt} end,
      day_count = case when ${dayOver} then 1 else ${sm8RateBuckets.dayCount} + 1 end,
      day_throttled_ms = case when ${dayOver} then 0 else ${sm8RateBuckets.dayThrottledMs} end
    where ${sm8RateBuckets.accountUuid} = ${value('accountUuid')}::text and ${available} >= 1
      and (${dayOver} or ${sm8RateBuckets.dayCount} < ${value('perDay')}::int)
    returning ${sm8RateBuckets.tokens}`;
});

/**
 * ServiceM8 answered 429: by its count the account's allowance is used up (another app may share it),
 * whatever our bucket held. The bucket is emptied, and held below empty for `pauseMs` (ServiceM8's
 * `Retry-After`, when it sends one), so every process's next call for the account waits its turn.
 */
export async function holdRateBucket(
  db: Db,
  accountUuid: string,
  now: Date,
  limits: RateLimits,
  pauseMs: number,
): Promise<void> {
  await holdStatement.execute(db, { accountUuid, now: now.toISOString(), ...limitValues(limits), pauseMs });
}

const holdStatement = preparedStatement<BucketValues & { pauseMs: number }>('sm8_hold_rate_bucket', (value) => {
  const available = tokensAt(value);
  return sql`update ${sm8RateBuckets} set
      tokens = least(${available}, 0) - ${value('pauseMs')}::float8 / 1000 * ${value('refillPerSecond')}::float8,
      refilled_at = greatest(${sm8RateBuckets.refilledAt}, ${value('now')}::timestamptz)
    where ${sm8RateBuckets.accountUuid} = ${value('accountUuid')}::text`;
});

/** The bucket's tokens refilled up to `now` (at most its capacity), as SQL. */
function tokensAt(value: ValueOf<Omit<BucketValues, 'perDay'>>): SQL {
  const elapsedSeconds = sql`greatest(0, extract(epoch from (${value('now')}::timestamptz - ${sm8RateBuckets.refilledAt})))`;
  return sql`least(${value('capacity')}::float8, ${sm8RateBuckets.tokens} + ${elapsedSeconds} * ${value('refillPerSecond')}::float8)`;
}

/** Whether the bucket's day window has ended by `now`, as SQL. */
function dayOverAt(value: ValueOf<Pick<BucketValues, 'now'>>): SQL {
  return sql`${sm8RateBuckets.dayStartedAt} <= ${value('now')}::timestamptz - interval '1 day'`;
}

/**
 * Adds how long a call waited for the account's allowance to the day window's total (only a call that
 * had to wait costs this statement).
 */
export async function recordThrottledWait(db: Db, accountUuid: string, waitedMs: number): Promise<void> {
  if (waitedMs <= 0) return;
  await db
    .update(sm8RateBuckets)
    .set({ dayThrottledMs: sql`${sm8RateBuckets.dayThrottledMs} + ${waitedMs}::float8` })
    .where(eq(sm8RateBuckets.accountUuid, accountUuid));
}

/**
 * Each account's use of its allowance at `now`: requests in the current day window, the minute's tokens
 * left, and how long calls waited for the allowance in the day window.
 */
export async function readAllowanceUse(
  db: Db,
  accountUuids: readonly string[],
  now: Date,
  limits: RateLimits,
): Promise<Map<string, { callsToday: number; minuteHeadroom: number; throttledMsToday: number }>> {
  if (accountUuids.length === 0) return new Map();
  const { capacity, refillPerSecond } = bucketShape(limits);
  const rows = await db
    .select()
    .from(sm8RateBuckets)
    .where(inArray(sm8RateBuckets.accountUuid, [...accountUuids]));
  return new Map(
    rows.map((bucket) => {
      const dayOver = bucket.dayStartedAt.getTime() + 86_400_000 <= now.getTime();
      const elapsed = Math.max(0, (now.getTime() - bucket.refilledAt.getTime()) / 1000);
      const tokens = Math.min(capacity, bucket.tokens + elapsed * refillPerSecond);
      return [
        bucket.accountUuid,
        {
          callsToday: dayOver ? 0 : bucket.dayCount,
          minuteHeadroom: Math.max(0, Math.floor(tokens)),
          throttledMsToday: dayOver ? 0 : Math.round(bucket.dayThrottledMs),
        },
      ];
    }),
  );
}

/**
 * Takes up to `wanted` calls from the account's allowance in one statement, as many as the bucket
 * (refilled to `now`) and the day allow, for a batch of work that needs several. Answers how many were
 * granted and, when fewer than wanted, how long until the bucket holds another call (the work that
 * waits for it then takes what has come in meanwhile; waiting for a bucketful would lose what a full
 * bucket cannot hold); null when the account has no bucket yet (its first call makes it).
 *
 * A batch leaves one call in the bucket (`BATCH_RESERVE`, when it holds more than one): a read that
 * work is waiting on (a listing of what changed, a record a run needs) takes it at once instead of
 * racing the batches, which wake as each call comes in. Reads are few, so the batches lose no pace:
 * the bucket refills as fast from one as from none.
 */
export async function takeRateTokens(
  db: Db,
  accountUuid: string,
  now: Date,
  limits: RateLimits,
  wanted: number,
): Promise<{ granted: number; moreAfterMs: number } | null> {
  const { capacity, refillPerSecond } = bucketShape(limits);
  const reserve = capacity > 1 ? BATCH_RESERVE : 0;
  const [row] = await takeSeveralStatement.execute(db, {
    accountUuid,
    now: now.toISOString(),
    ...limitValues(limits),
    wanted,
    reserve,
  });
  if (!row) return null;
  const granted = Number(row.granted);
  if (granted >= wanted) return { granted, moreAfterMs: 0 };
  if (Number(row.day_left) <= granted) {
    const dayEndsAt = new Date(row.day_started_at).getTime() + 86_400_000;
    return { granted, moreAfterMs: Math.max(1000, dayEndsAt - now.getTime()) };
  }
  const left = Number(row.available) - granted;
  return { granted, moreAfterMs: Math.max(0, Math.ceil(((reserve + 1 - left) / refillPerSecond) * 1000)) };
}

/** The calls a batch leaves in the bucket for reads that work waits on (see takeRateTokens). */
const BATCH_RESERVE = 1;

const takeSeveralStatement = preparedStatement<
  BucketValues & { wanted: number; reserve: number },
  { granted: number; available: number; day_left: number; day_started_at: string }
>('sm8_take_rate_tokens', (value) => {
  const available = tokensAt(value);
  const dayOver = dayOverAt(value);
  const dayLeft = sql`case when ${dayOver} then ${value('perDay')}::int else greatest(0, ${value('perDay')}::int - ${sm8RateBuckets.dayCount}) end`;
  return sql`with b as (
      select ${sm8RateBuckets.accountUuid} as account_uuid, ${available} as available, ${dayOver} as day_over,
        ${dayLeft} as day_left,
        greatest(0, least(${value('wanted')}::int, floor(${available})::int - ${value('reserve')}::int, ${dayLeft}))::int as granted
      from ${sm8RateBuckets} where ${sm8RateBuckets.accountUuid} = ${value('accountUuid')}::text for update
    )
    update ${sm8RateBuckets} as s set
      tokens = b.available - b.granted,
      refilled_at = greatest(s.refilled_at, ${value('now')}::timestamptz),
      day_started_at = case when b.day_over and b.granted > 0 then ${value('now')}::timestamptz else s.day_started_at end,
      day_count = case when b.day_over and b.granted > 0 then b.granted else s.day_count + b.granted end,
      day_throttled_ms = case when b.day_over and b.granted > 0 then 0 else s.day_throttled_ms end
    from b where s.account_uuid = b.account_uuid
    returning b.granted, b.available, b.day_left, s.day_started_at`;
});

/** Puts back calls a batch took (`takeRateTokens`) and did not make. */
export async function giveBackRateTokens(db: Db, accountUuid: string, unused: number): Promise<void> {
  if (unused <= 0) return;
  await db
    .update(sm8RateBuckets)
    .set({
      tokens: sql`${sm8RateBuckets.tokens} + ${unused}::float8`,
      dayCount: sql`greatest(0, ${sm8RateBuckets.dayCount} - ${unused}::int)`,
    })
    .where(eq(sm8RateBuckets.accountUuid, accountUuid));
}

/** Calls taken together for a batch, handed to its requests one at a time. */
export type RateTokenPool = { take(): boolean; readonly unused: number };

export function rateTokenPool(granted: number): RateTokenPool {
  let left = granted;
  return {
    take() {
      if (left <= 0) return false;
      left--;
      return true;
    },
    get unused() {
      return left;
    },
  };
}
