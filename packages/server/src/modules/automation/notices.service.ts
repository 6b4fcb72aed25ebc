import type { Notice } from '@automate/contract';
import type { Deps } from '../../deps.ts';
import type { Caller } from '../../http/access.ts';
import { notFound } from '../../http/app-error.ts';
import { listUnreadNotices, markNoticesRead, noticeExists } from './notices.repository.ts';

/** The bell in the header: what was emailed to an Admin (failures they can fix, the daily digest), until read. */

const SHOWN = 50;

export async function unreadNotices(deps: Deps, caller: Caller, vendorId: string): Promise<Notice[]> {
  const rows = await listUnreadNotices(deps.database.db, { vendorId, userId: caller.id }, SHOWN);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind === 'digest' ? 'digest' : 'failure',
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * Marks the caller's unread notices read: one with `noticeId` (404 when the vendor has no such notice;
 * someone else's, or one already read, counts 0), all of them without.
 */
export async function readNotices(
  deps: Deps,
  caller: Caller,
  vendorId: string,
  noticeId?: string,
): Promise<{ read: number }> {
  const db = deps.database.db;
  if (noticeId && !(await noticeExists(db, { vendorId, noticeId }))) throw notFound('The notice');
  const read = await markNoticesRead(
    db,
    { vendorId, userId: caller.id, ...(noticeId ? { noticeId } : {}) },
    deps.clock.now(),
  );
  return { read };
}
