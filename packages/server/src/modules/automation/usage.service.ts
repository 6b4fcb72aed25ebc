import type { Db } from '../../db/database.ts';
import { countRunUsageSince, MESSAGE_ACTIONS } from './usage.repository.ts';

/** What the vendor's automations used since `since`: runs, and emails and texts sent. */
export function runUsageSince(db: Db, vendorId: string, since: Date): Promise<{ runs: number; messages: number }> {
  return countRunUsageSince(db, vendorId, since);
}

/** Whether the action sends an email or a text message (what a plan's messages a month count). */
export function isMessageAction(type: string): boolean {
  return MESSAGE_ACTIONS.includes(type);
}
