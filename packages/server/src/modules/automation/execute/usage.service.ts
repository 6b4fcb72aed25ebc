import type { Db } from '../../../db/database.ts';
import { countActiveTriggers } from '../../triggers/trigger-lookups.service.ts';
import { countRunUsageSince } from './usage.repository.ts';

/** What a vendor uses this billing period, for its plan's limits: enabled triggers, runs, and emails and texts sent. */
export async function countPlanUsage(
  db: Db,
  vendorId: string,
  since: Date,
): Promise<{ activeTriggers: number; runs: number; messages: number }> {
  const [activeTriggers, usage] = await Promise.all([
    countActiveTriggers(db, vendorId),
    countRunUsageSince(db, vendorId, since),
  ]);
  return { activeTriggers, ...usage };
}

/** What the vendor's automations used since `since`: runs, and emails and texts sent. */
export function runUsageSince(db: Db, vendorId: string, since: Date): Promise<{ runs: number; messages: number }> {
  return countRunUsageSince(db, vendorId, since);
}
