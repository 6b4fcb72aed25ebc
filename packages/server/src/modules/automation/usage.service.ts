import type { Db } from '../../db/database.ts';
import { countRunUsageSince } from './usage.repository.ts';

/** What the vendor's automations used since `since`: runs, and emails and texts sent. */
export function runUsageSince(db: Db, vendorId: string, since: Date): Promise<{ runs: number; messages: number }> {
  return countRunUsageSince(db, vendorId, since);
}
