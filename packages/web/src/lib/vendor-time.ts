import { type BusinessTimeStyle, formatBusinessTime, type UpdateVendorRequest } from '@automate/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet, apiRequest } from './api-client.ts';
import { LOCALES } from './format.ts';
import { lazySchema } from './lazy-schema.ts';
import { useCurrentVendor } from './session/session.ts';

/**
 * Times as a business reads them: in its own time zone (the one ServiceM8 has for the account, which
 * Account shows and edits), not the browser's, named where the browser's clock shows another time;
 * relative ("in 5 minutes", "2 hours ago") with the exact time to the second beside it.
 */

/** The query key of a vendor's record; saving the vendor refreshes it. */
const vendorKey = (vendorId: string) => ['vendor', vendorId] as const;

/** `GET /api/Vendor/{id}`: the business's name, time zone and ServiceM8 state. */
export function useVendor(vendorId: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: vendorKey(vendorId ?? ''),
      queryFn: ({ signal }) =>
        apiGet(`/Vendor/${encodeURIComponent(vendorId ?? '')}`, lazySchema('Vendor'), { signal }),
      enabled: Boolean(vendorId),
      staleTime: 5 * 60_000,
    }),
  );
}

/** `PATCH /api/Vendor/{id}`: saves some of the business's settings; the saved vendor replaces the cached one. */
export function useSaveVendor(vendorId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: z.input<typeof UpdateVendorRequest>) =>
      apiRequest('PATCH', `/Vendor/${encodeURIComponent(vendorId)}`, lazySchema('Vendor'), { body: patch }),
    onSuccess: ({ data }) => client.setQueryData(vendorKey(vendorId), data),
  });
}

/** The vendor's time zone; undefined until known, when the browser's is used. */
export function useVendorTimeZone(vendorId: string | undefined): string | undefined {
  return useVendor(vendorId).data?.timeZone || undefined;
}

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** The browser's time zone (the reader's clock). */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * `value` in `style` on the business's clock (`timeZone`; the browser's until it is known), named
 * ("NZDT") when the browser's clock differs: the app's one way of showing a time.
 * `Mon, 30 Nov 2026, 8:00 am` by default; the value itself when it is not a time.
 */
export function formatVendorTime(
  value: string | Date,
  timeZone: string | undefined,
  style: BusinessTimeStyle = 'dateTime',
  readerTimeZone: string = browserTimeZone(),
): string {
  return formatBusinessTime(value, timeZone ?? readerTimeZone, { style, readerTimeZone }) || String(value);
}

/** A time in a style, on the clock of the business the person works on. */
export type VendorClock = (value: string | Date, style?: BusinessTimeStyle) => string;

/**
 * A time on a page that is no one business's (a platform-wide list, an invitation not yet accepted): on
 * the reader's clock, always with its zone named, so nobody takes it for a business's time.
 */
export const readerClock: VendorClock = (value, style = 'dateTime') =>
  formatBusinessTime(value, browserTimeZone(), { style, readerTimeZone: null }) || String(value);

/** `formatVendorTime` on the clock of `vendorId`, the current business when none is named. */
export function useVendorClock(vendorId?: string): VendorClock {
  const vendor = useCurrentVendor();
  const timeZone = useVendorTimeZone(vendorId ?? vendor?.vendorId);
  return (value, style) => formatVendorTime(value, timeZone, style);
}

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** `in 5 minutes`, `2 hours ago`, `yesterday`: how far `value` is from `now`, in the largest whole unit. */
export function formatRelativeTime(value: string | Date, now: number = Date.now()): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const seconds = Math.round((date.getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(LOCALES, { numeric: 'auto' });
  if (Math.abs(seconds) < 45) return format.format(0, 'second');
  const [unit, size] = UNITS.find(([, length]) => Math.abs(seconds) >= length) ?? ['second', 1];
  return format.format(Math.round(seconds / size), unit);
}
