import type { Db } from '../../db/database.ts';
import { countDeliveriesByBucket } from './webhooks.repository.ts';

/** ServiceM8 deliveries received per day or week of the range, every bucket listed (quiet ones as zero). */
export async function deliveriesPerBucket(
  db: Db,
  range: { from: Date; to: Date; unit: 'day' | 'week' },
  starts: readonly string[],
): Promise<Array<{ start: string; count: number }>> {
  const counted = new Map((await countDeliveriesByBucket(db, range)).map((row) => [row.start, row.count]));
  return starts.map((start) => ({ start, count: counted.get(start) ?? 0 }));
}
