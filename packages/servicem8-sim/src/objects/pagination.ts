/**
 * Cursor pagination: `cursor=-1` starts; a page holds up to 5,000 records; the
 * next page's token comes back in `x-next-cursor` until the last page. The token is a UUID in the
 * real API; here it is the uuid of the page's last record, with records ordered by uuid, so a cursor
 * stays valid across calls and records created meanwhile are not skipped.
 */
export const FIRST_CURSOR = '-1';

export type Page<T> = { records: T[]; nextCursor: string | undefined };

export function takePage<T extends { uuid: string }>(records: readonly T[], cursor: string, pageSize: number): Page<T> {
  const ordered = [...records].sort((a, b) => (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0));
  const after = cursor === FIRST_CURSOR ? ordered : ordered.filter((record) => record.uuid > cursor.toLowerCase());
  const page = after.slice(0, pageSize);
  const last = page.at(-1);
  return { records: page, nextCursor: after.length > pageSize && last ? last.uuid : undefined };
}
