import { formatRelativeTime, formatVendorTime } from '@/lib/vendor-time.ts';

/**
 * A time as the run log shows every time: relative ("2 hours ago"), with the exact time in the
 * business's time zone on hover; "—" when there is none.
 */
export function VendorTime({ value, timeZone }: { value: string | null; timeZone: string | undefined }) {
  if (!value) return <>—</>;
  const exact = formatVendorTime(value, timeZone, 'exact');
  return (
    <time dateTime={value} title={exact}>
      {formatRelativeTime(value)}
    </time>
  );
}
