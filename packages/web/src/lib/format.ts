import { LOCALE } from '@automate/contract';

/**
 * The default locale is `nz` with English as the fallback. Dates and numbers are formatted
 * for New Zealand English, falling back to English where a runtime lacks en-NZ data.
 */
const LANGUAGE_TAGS: Readonly<Record<string, string>> = { nz: 'en-NZ', en: 'en' };

export const LOCALES: readonly string[] = [
  LANGUAGE_TAGS[LOCALE.default] ?? LOCALE.default,
  LANGUAGE_TAGS[LOCALE.fallback] ?? LOCALE.fallback,
];

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Whether a timestamp string parses as a date (unparseable changelog times are ignored). */
export function parseTimestamp(value: string | null | undefined): number | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

/*
 * Formatters are made once per set of options and reused: building one loads locale data, and costs
 * far more than formatting (a page of rows formats hundreds of values as it renders).
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** The formatter `cache` holds for `options`, made by `create` the first time they are asked for. */
function cachedFormat<F>(cache: Map<string, F>, options: object, create: () => F): F {
  const key = JSON.stringify(options);
  let format = cache.get(key);
  if (!format) {
    format = create();
    cache.set(key, format);
  }
  return format;
}

/** The app's one date formatter for `options`. */
export function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cachedFormat(dateFormats, options, () => new Intl.DateTimeFormat(LOCALES, options));
}

function numberFormat(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cachedFormat(numberFormats, options, () => new Intl.NumberFormat(LOCALES, options));
}

/** Local date and time, e.g. `3 Mar 2026, 2:05 pm`; null when the value does not parse. */
export function formatDateTime(value: Date | string | number): string | null {
  const date = toDate(value);
  return date ? dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(date) : null;
}

/** Local date, e.g. `3 Mar 2026`; null when the value does not parse. */
export function formatDate(value: Date | string | number): string | null {
  const date = toDate(value);
  return date ? dateFormat({ dateStyle: 'medium' }).format(date) : null;
}

export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return numberFormat(options).format(value);
}

/** Money in New Zealand dollars unless told otherwise. */
export function formatCurrency(value: number, currency = 'NZD'): string {
  return numberFormat({ style: 'currency', currency }).format(value);
}

/** An amount in cents as money: `formatCents(7900)` is `$79.00` (NZD unless another currency is named). */
export const formatCents = (cents: number, currency = 'NZD') => formatCurrency(cents / 100, currency.toUpperCase());
