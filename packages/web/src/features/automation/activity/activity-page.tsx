import { ACTIVITY_KEPT_DAYS, TRIGGER_EVENTS, type TriggerEvent, type VendorMembership } from '@automate/contract';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { FilterBar } from '@/components/ui/filter-bar.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import type { ActivityFilters } from '../api/list-activity.ts';
import { AUTOMATION_LOGS_PATH } from '../list/automation-paths.ts';
import { eventLabel } from '../list/event-labels.ts';
import { endOfLocalDay, startOfLocalDay } from '../runs/run-format.ts';
import { ActivityTimeline } from './activity-timeline.tsx';

/** The day after a local day given as `2026-03-03`, where a range that includes it ends. */
function dayAfter(day: string): string | undefined {
  const end = endOfLocalDay(day);
  return end ? new Date(end.getTime() + 1).toISOString() : undefined;
}

/**
 * /app/automation/activity: every change ServiceM8 reported for the business over the last 30 days,
 * newest first, searchable by job number, client, event and day: what changed, the events it made and,
 * for each automation listening to one of them, the run it started or why it did not run.
 */
export function ActivityPage({ vendor }: { vendor: VendorMembership }) {
  const [job, setJob] = useState('');
  const [client, setClient] = useState('');
  const [event, setEvent] = useState<TriggerEvent | ''>('');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const typedJob = useDebouncedValue(job, 300);
  const typedClient = useDebouncedValue(client, 300);
  const filters: ActivityFilters = {
    job: typedJob,
    client: typedClient,
    event,
    from: startOfLocalDay(fromDay)?.toISOString(),
    to: dayAfter(toDay),
  };
  const active = [job, client, event, fromDay, toDay].filter(Boolean).length;

  return (
    <>
      <title>Activity · Automate</title>
      <PageHeader
        title="Activity"
        subtitle={`Every change ServiceM8 reported in the last ${ACTIVITY_KEPT_DAYS} days, and what each automation did about it — or why it did not run.`}
        actions={<Button href={AUTOMATION_LOGS_PATH}>Logs</Button>}
      />
      <Paper variant="outlined" sx={{ mb: 2 }}>
        <FilterBar active={active}>
          <TextField size="small" label="Job number" value={job} onChange={(e) => setJob(e.target.value)} />
          <TextField size="small" label="Client" value={client} onChange={(e) => setClient(e.target.value)} />
          <TextField
            select
            size="small"
            label="Event"
            value={event}
            onChange={(e) => setEvent(e.target.value as TriggerEvent | '')}
            sx={{ minWidth: 220 }}
          >
            <MenuItem value="">Any event</MenuItem>
            {TRIGGER_EVENTS.map((name) => (
              <MenuItem key={name} value={name}>
                {eventLabel(name)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="date"
            size="small"
            label="From"
            value={fromDay}
            onChange={(e) => setFromDay(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            size="small"
            label="To"
            value={toDay}
            onChange={(e) => setToDay(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </FilterBar>
      </Paper>
      <ActivityTimeline
        vendorId={vendor.vendorId}
        filters={filters}
        {...(active > 0 ? { emptyText: 'No change matches these filters.' } : {})}
      />
    </>
  );
}
