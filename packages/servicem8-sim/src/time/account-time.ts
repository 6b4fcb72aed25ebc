/**
 * ServiceM8 datetimes are `YYYY-MM-DD HH:MM:SS` with no zone, in the account's time zone;
 * webhook `time` values are UTC.
 */
export const EMPTY_DATETIME = '0000-00-00 00:00:00';
export const EMPTY_DATE = '0000-00-00';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** `YYYY-MM-DD HH:MM:SS` of `at` in `timeZone` (an IANA name). */
export function formatDateTimeIn(at: Date, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(at)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** `YYYY-MM-DD HH:MM:SS` in UTC. */
export function formatUtcDateTime(at: Date): string {
  return at.toISOString().slice(0, 19).replace('T', ' ');
}
