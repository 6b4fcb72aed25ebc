import { formatRelativeTime, formatVendorTime, readerClock } from '@/lib/vendor-time.ts';

/**
 * A time as the run log shows every time: relative ("2 hours ago"), with the exact time on hover in the
 * business's time zone, or, for a time that belongs to no one business (`timeZone` undefined: a list of
 * every business's runs, or a business whose zone is not known yet), in the viewer's zone with its label;
 * "—" when there is none.
 */
export function VendorTime({ value, timeZone }: { value: string | null; timeZone: string | undefined }) {
  if (!value) return <>—</>;
  const exact = timeZone ? formatVendorTime(value, timeZone, 'exact') : readerClock(value, 'exact');
  return (
    <time dateTime={value} title={exact}>
      {formatRelativeTime(value)}
    </time>
  );
}
