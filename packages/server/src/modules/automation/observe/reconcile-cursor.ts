/** Where a listing of changes starts, from the newest `edit_date` seen (the cursor). */

/** How far before the newest change seen a listing starts again. */
export const LISTING_OVERLAP_MS = 60_000;

/** ServiceM8's `YYYY-MM-DD HH:MM:SS` `ms` earlier (the baseline's zero date stays as it is). */
export function editDateBefore(editDate: string, ms: number): string {
  const time = Date.parse(`${editDate.replace(' ', 'T')}Z`);
  if (Number.isNaN(time)) return editDate;
  return new Date(time - ms).toISOString().slice(0, 19).replace('T', ' ');
}
