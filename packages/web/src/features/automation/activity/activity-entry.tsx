import { ACTIVITY_REASON_LABELS, type ActivityAutomation, type ActivityEntry } from '@automate/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { VendorTime } from '@/components/ui/vendor-time.tsx';
import { automationViewPath } from '../list/automation-paths.ts';
import { eventLabel } from '../list/event-labels.ts';
import { recordTitle } from '../record-title.ts';
import { RunStatusChip } from '../runs/run-status-chip.tsx';

function AutomationLine({
  automation,
  onOpenRun,
}: {
  automation: ActivityAutomation;
  onOpenRun: (runId: string) => void;
}) {
  const name = automation.triggerName ?? 'A deleted automation';
  return (
    <Box component="li" sx={{ py: 0.5 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {automation.triggerName ? (
          <Link href={automationViewPath(automation.triggerId)}>{name}</Link>
        ) : (
          <Typography variant="body2">{name}</Typography>
        )}
        {automation.run ? (
          <>
            <RunStatusChip status={automation.run.status} />
            <Link component="button" type="button" variant="body2" onClick={() => onOpenRun(automation.run?.id ?? '')}>
              Open run
            </Link>
          </>
        ) : null}
        {automation.reason ? (
          <Chip size="small" variant="outlined" color="warning" label={ACTIVITY_REASON_LABELS[automation.reason]} />
        ) : null}
      </Stack>
      {automation.explanation ? (
        <Typography variant="body2" color="text.secondary">
          {automation.explanation}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * One observed change: the record, what changed (before → after), the events it made, and per listening
 * automation its run (opened in the run panel) or why it did not run.
 */
export function ActivityEntryCard({
  entry,
  timeZone,
  onOpenRun,
}: {
  entry: ActivityEntry;
  timeZone: string | undefined;
  onOpenRun: (runId: string) => void;
}) {
  return (
    <Card variant="outlined" component="article" aria-label={recordTitle(entry)}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {recordTitle(entry)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            <VendorTime value={entry.observedAt} timeZone={timeZone} />
          </Typography>
        </Stack>
        {entry.changes.length > 0 ? (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {entry.changes.map((change) => (
              <Typography component="li" variant="body2" key={change.field}>
                {change.field === 'created'
                  ? `New ${change.after ?? 'record'}`
                  : `${change.label}: ${change.before ?? 'none'} → ${change.after ?? 'none'}`}
              </Typography>
            ))}
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Changed in a field no automation starts on.
          </Typography>
        )}
        {entry.ownWrite ? (
          <Alert severity="info" sx={{ mt: 1 }}>
            Written by {entry.ownWrite.triggerName ? `“${entry.ownWrite.triggerName}”` : 'one of your automations'}:{' '}
            <Link component="button" type="button" onClick={() => onOpenRun(entry.ownWrite?.runId ?? '')}>
              its run
            </Link>
            . The engine does not let a change start the automation that made it.
          </Alert>
        ) : null}
        {entry.events.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            This change made no event an automation can start on.
          </Typography>
        ) : (
          entry.events.map((event) => (
            <Box key={event.event} sx={{ mt: 1.5 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {eventLabel(event.event)}
                {event.seenBefore ? ' (seen before)' : ''}
              </Typography>
              {event.pending ? (
                <Typography variant="body2" color="text.secondary">
                  Being matched to your automations…
                </Typography>
              ) : event.automations.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  No automation listens to this event.
                </Typography>
              ) : (
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {event.automations.map((automation) => (
                    <AutomationLine key={automation.triggerId} automation={automation} onOpenRun={onOpenRun} />
                  ))}
                </Box>
              )}
            </Box>
          ))
        )}
      </CardContent>
    </Card>
  );
}
