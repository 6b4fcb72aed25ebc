import type { WeekResults } from '@automate/contract';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatCurrency, formatNumber } from '@/lib/format.ts';
import { useWeekResults } from '../api/week-results.ts';

const counted = (count: number, one: string, many: string) => `${formatNumber(count)} ${count === 1 ? one : many}`;

/**
 * The week in one sentence: "Last 7 days: sent 84 emails and 31 texts, added 120 notes; 12 quotes approved
 * after a follow-up, $18,400."
 */
export function weekSentence(week: WeekResults): string {
  const done = [
    week.emailsSent || week.textsSent
      ? `sent ${[week.emailsSent ? counted(week.emailsSent, 'email', 'emails') : '', week.textsSent ? counted(week.textsSent, 'text', 'texts') : ''].filter(Boolean).join(' and ')}`
      : '',
    week.notesAdded ? `added ${counted(week.notesAdded, 'note', 'notes')}` : '',
  ].filter(Boolean);
  if (done.length === 0 && week.quotesApprovedAfterFollowUp === 0) {
    return 'Last 7 days: your automations sent no messages and added no notes.';
  }
  const quotes = week.quotesApprovedAfterFollowUp
    ? `${counted(week.quotesApprovedAfterFollowUp, 'quote', 'quotes')} approved after a follow-up, ${formatCurrency(week.quotesApprovedValue)}`
    : 'no quotes approved after a follow-up';
  return `Last 7 days: ${done.length > 0 ? `${done.join(', ')}; ` : ''}${quotes}.`;
}

/** The dashboard's line about the business's last 7 days. */
export function WeekSummary({ vendorId }: { vendorId: string }) {
  const week = useWeekResults(vendorId);
  if (week.isPending)
    return (
      <Skeleton
        variant="text"
        sx={{ width: '100%', maxWidth: 420 }}
        role="status"
        aria-label="Loading the last 7 days"
      />
    );
  if (week.isError) return null;
  return (
    <Typography data-testid="week-summary" color="text.secondary">
      {weekSentence(week.data)}
    </Typography>
  );
}
