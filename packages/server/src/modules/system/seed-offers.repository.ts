import type { Db } from '../../db/database.ts';
import { seedOffers } from './system.schema.ts';

/** The keys of the built-in items already offered to this installation. */
export async function listSeedOffers(db: Db): Promise<Set<string>> {
  const rows = await db.select({ key: seedOffers.key }).from(seedOffers);
  return new Set(rows.map((row) => row.key));
}

export async function recordSeedOffers(db: Db, keys: readonly string[], offeredAt: Date): Promise<void> {
  if (keys.length === 0) return;
  await db
    .insert(seedOffers)
    .values(keys.map((key) => ({ key, offeredAt })))
    .onConflictDoNothing();
}
