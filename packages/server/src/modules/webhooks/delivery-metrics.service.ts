import type { Db } from '../../db/database.ts';
import { countDeliveriesByBucket } from './webhooks.repository.ts';

/** ServiceM8 deliveries received in each day or week (`buckets`, their first day and the instants they cover). */
export async function deliveriesPerBucket(
  db: Db,
  buckets: ReadonlyArray<{ start: string; from: Date; to: Date }>,
): Promise<Array<{ start: string; count: number }>> {
  const counted = new Map((await countDeliveriesByBucket(db, buckets)).map((row) => [row.start, row.count]));
  return buckets.map(({ start }) => ({ start, count: counted.get(start) ?? 0 }));
}
