import type { CurrentSubscription } from '@automate/contract';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatNumber } from '@/lib/format.ts';

type PlanUsage = NonNullable<CurrentSubscription['usage']>;

/** One limit of the plan: how much is used of it, amber from 80 %, red once it is reached. */
function UsageBar({ label, used, limit }: { label: string; used: number; limit: number }) {
  const share = limit > 0 ? Math.min(100, (used / limit) * 100) : 100;
  return (
    <div>
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Typography variant="body2">{label}</Typography>
        <Typography variant="body2" color="text.secondary">
          {formatNumber(used)} of {formatNumber(limit)}
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={share}
        color={share >= 100 ? 'error' : share >= 80 ? 'warning' : 'primary'}
        aria-label={`${label}: ${formatNumber(used)} of ${formatNumber(limit)}`}
        sx={{ height: 8, borderRadius: 4, mt: 0.5 }}
      />
    </div>
  );
}

/** The plan's usage this period against its limits: active automations, runs, emails and texts. */
export function UsageBars({ usage }: { usage: PlanUsage }) {
  return (
    <Stack spacing={2}>
      <UsageBar label="Active automations" {...usage.activeTriggers} />
      <UsageBar label="Automation runs" {...usage.runs} />
      <UsageBar label="Emails and texts" {...usage.messages} />
    </Stack>
  );
}
