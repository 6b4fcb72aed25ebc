import { NOTICE_KINDS, type Notice } from '@automate/contract';
import type { Deps } from '../../../deps.ts';
import type { Caller } from '../../../http/access.ts';
import { notFound } from '../../../http/app-error.ts';
import { deleteNotices, listUnreadNotices, markNoticesRead, noticeExists } from './notices.repository.ts';

/**
 * The bell in the header: what was emailed to an Admin (failures they can fix, the daily digest) and
 * the changes a restore did not automate, until read.
 */

const SHOWN = 50;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A read notice has done its work; it stays a month, in case someone looks for what the bell said. */
const READ_KEPT_MS = 30 * DAY_MS;
/** An unread one stays a year: the emails said the same, and the run log keeps the detail. */
const UNREAD_KEPT_MS = 365 * DAY_MS;

const isNoticeKind = (kind: string): kind is Notice['kind'] => (NOTICE_KINDS as readonly string[]).includes(kind);

export async function unreadNotices(deps: Deps, caller: Caller, vendorId: string): Promise<Notice[]> {
  const rows = await listUnreadNotices(deps.database.db, { vendorId, userId: caller.id }, SHOWN);
  return rows.map((row) => ({
    id: row.id,
    kind: isNoticeKind(row.kind) ? row.kind : 'failure',
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

/** The nightly clean-up: notices read over a month ago and any over a year old; answers how many went. */
export function removeExpiredNotices(deps: Pick<Deps, 'database' | 'clock'>): Promise<number> {
  const now = deps.clock.now().getTime();
  return deleteNotices(deps.database.db, {
    readBefore: new Date(now - READ_KEPT_MS),
    createdBefore: new Date(now - UNREAD_KEPT_MS),
  });
}
