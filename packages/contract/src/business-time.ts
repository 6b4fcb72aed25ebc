/**
 * Every time Automate shows is on the business's clock: its own time zone, not the reader's. One
 * formatter for the web app and for the sentences the server writes into run logs and messages, so a
 * run due at 8 am reads "8:00 am" on every page. The zone is named ("NZDT", "GMT+5:30") where the
 * reader's clock differs; text written before anyone reads it (a step log, an email) always names it.
 */

/** New Zealand English, falling back to English where a runtime lacks its data. */
export const BUSINESS_TIME_LOCALES: readonly string[] = ['en-NZ', 'en'];

const STYLES = {
  /** `Mon, 30 Nov 2026, 8:00 am` */
  dateTime: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** `Mon, 30 Nov 2026, 8:00:05 am`: a log's exact time. */
  exact: {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  },
  /** `30 Nov 2026` */
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  /** `8:00 am` */
  time: { hour: 'numeric', minute: '2-digit' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type BusinessTimeStyle = keyof typeof STYLES;

const formats = new Map<string, Intl.DateTimeFormat>();

/** Formatters are made once per style, zone and label, and reused: making one costs far more than using it. */
function formatFor(style: BusinessTimeStyle, timeZone: string, labelled: boolean): Intl.DateTimeFormat {
  const key = `${style}|${timeZone}|${labelled}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(BUSINESS_TIME_LOCALES, {
      ...STYLES[style],
      timeZone,
      ...(labelled ? { timeZoneName: 'short' } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

/** A zone this runtime knows; UTC for one it does not (a typo in synced data), rather than failing. */
export function knownTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** The offset of `timeZone` from UTC at `date`, in minutes. */
function offsetMinutes(date: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((item) => item.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return Math.round((wall - Math.floor(date.getTime() / 60_000) * 60_000) / 60_000);
}

/** Whether a reader in `readerTimeZone` sees another wall-clock time than the business's at `date`. */
export function clockDiffers(date: Date, timeZone: string, readerTimeZone: string | null | undefined): boolean {
  if (!readerTimeZone) return true;
  if (readerTimeZone === timeZone) return false;
  return offsetMinutes(date, timeZone) !== offsetMinutes(date, knownTimeZone(readerTimeZone));
}

/**
 * `value` on the business's clock (`timeZone`), in `style`, with the zone's short name when the reader's
 * clock (`readerTimeZone`) shows another time; always with it when the reader is not known (null).
 * Answers '' for a value that is not a time.
 */
export function formatBusinessTime(
  value: Date | string | number,
  timeZone: string | null | undefined,
  options: { style?: BusinessTimeStyle; readerTimeZone?: string | null } = {},
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const zone = knownTimeZone(timeZone);
  const labelled = clockDiffers(date, zone, options.readerTimeZone ?? null);
  return formatFor(options.style ?? 'dateTime', zone, labelled).format(date);
}
