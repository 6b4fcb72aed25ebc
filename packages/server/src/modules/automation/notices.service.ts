import type { Notice } from '@automate/contract';
import type { Deps } from '../../deps.ts';
import type { Caller } from '../../http/access.ts';
import { notFound } from '../../http/app-error.ts';
import { listUnreadNotices, markNoticesRead } from './notices.repository.ts';

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

/** Marks one notice read (404 when it is not the caller's unread one), or all of them without `noticeId`. */
export async function readNotices(
  deps: Deps,
  caller: Caller,
  vendorId: string,
  noticeId?: string,
): Promise<{ read: number }> {
  const read = await markNoticesRead(
    deps.database.db,
    { vendorId, userId: caller.id, ...(noticeId ? { noticeId } : {}) },
    deps.clock.now(),
  );
  if (noticeId && read === 0) throw notFound('The notice');
  return { read };
}
