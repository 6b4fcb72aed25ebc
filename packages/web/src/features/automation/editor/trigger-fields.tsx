import {
  BOOKING_EVENT,
  type DelayBase,
  EVENT_HELP,
  TARGET_KINDS,
  type TargetKind,
  TIME_UNITS,
  type TimeUnit,
  TRIGGER_EVENTS,
  TRIGGER_LIMITS,
  type TriggerEvent,
} from '@automate/contract';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { TextArea } from '@/components/ui/text-area.tsx';
import { useFocusOnceDrawn } from '@/components/ui/use-focus-once-drawn.ts';
import { eventLabel } from '../list/event-labels.ts';
import { useEditorContext } from './editor-context.tsx';
import { TARGET_KIND_WORDS, TIME_UNIT_WORDS } from './labels.ts';
import { type TriggerDraft, targetKindForEvent } from './trigger-draft.ts';

type SetField = <K extends keyof TriggerDraft>(field: K, value: TriggerDraft[K]) => void;

/** Name, description, the enabled switch, the event and the record the trigger works on. */
export function TriggerBasics({ draft, setField }: { draft: TriggerDraft; setField: SetField }) {
  const { errors, namedReferences } = useEditorContext();
  // A new trigger starts at its name.
  const nameInput = useFocusOnceDrawn<HTMLInputElement>(draft.name === '');
  const chooseEvent = (event: TriggerEvent) => {
    setField('event', event);
    // The record follows the event (a client event works on the client); it can still be changed after.
    if (targetKindForEvent(event) !== targetKindForEvent(draft.event))
      setField('targetKind', targetKindForEvent(event));
  };
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 8 }}>
        <TextField
          label="Name"
          value={draft.name}
          onChange={(event) => setField('name', event.target.value)}
          error={errors.name !== undefined}
          helperText={errors.name}
          required
          fullWidth
          inputRef={nameInput}
          slotProps={{ htmlInput: { maxLength: TRIGGER_LIMITS.nameMax } }}
        />
      </Grid>
      {namedReferences ? null : (
        <Grid size={{ xs: 12, md: 4 }}>
          <FormControlLabel
            control={<Switch checked={draft.enabled} onChange={(event) => setField('enabled', event.target.checked)} />}
            label="Enabled"
          />
          <FormHelperText error={errors.enabled !== undefined} sx={{ mt: 0 }}>
            {errors.enabled ??
              (draft.enabled ? 'It runs when its event happens.' : 'Switched off: it never runs until you enable it.')}
          </FormHelperText>
        </Grid>
      )}
      <Grid size={12}>
        <TextArea
          label="Description"
          value={draft.description}
          onChange={(event) => setField('description', event.target.value)}
          error={errors.description !== undefined}
          helperText={errors.description ?? 'For your team: what it is for (optional).'}
          rows={2}
          fullWidth
          slotProps={{ htmlInput: { maxLength: TRIGGER_LIMITS.descriptionMax } }}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 8 }}>
        <TextField
          select
          label="When"
          value={draft.event}
          onChange={(event) => chooseEvent(event.target.value as TriggerEvent)}
          error={errors.event !== undefined}
          helperText={errors.event ?? EVENT_HELP[draft.event]}
          fullWidth
        >
          {TRIGGER_EVENTS.map((event) => (
            <MenuItem key={event} value={event}>
              {eventLabel(event)}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <TextField
          select
          label="Works on"
          value={draft.targetKind}
          onChange={(event) => setField('targetKind', event.target.value as TargetKind)}
          error={errors.targetKind !== undefined}
          helperText={errors.targetKind ?? TARGET_KIND_WORDS[draft.targetKind].help}
          fullWidth
        >
          {TARGET_KINDS.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {TARGET_KIND_WORDS[kind].label}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
    </Grid>
  );
}

/**
 * The delay before the actions (none, or an amount of a unit; for “A job is scheduled”, after the event
 * or before the booking starts) and the re-check before running.
 */
export function TriggerTiming({
  draft,
  setField,
  setDelay,
}: {
  draft: TriggerDraft;
  setField: SetField;
  setDelay: (delay: TriggerDraft['delay']) => void;
}) {
  const { errors } = useEditorContext();
  const delay = draft.delay;
  // Only a booking has a start to count back from; a base chosen before the event changed stays shown with its problem.
  const showBase = draft.event === BOOKING_EVENT || delay?.from === 'BookingStart';
  return (
    <Stack spacing={2}>
      <RadioGroup
        row
        value={delay ? 'later' : 'now'}
        onChange={(event) => setDelay(event.target.value === 'later' ? { amount: '1', unit: 'Day' } : null)}
        aria-label="When the actions run"
      >
        <FormControlLabel value="now" control={<Radio />} label="Straight away" />
        <FormControlLabel value="later" control={<Radio />} label="After a delay" />
      </RadioGroup>
      {delay ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label="Wait"
            value={delay.amount}
            onChange={(event) => setDelay({ ...delay, amount: event.target.value })}
            error={errors['delay.amount'] !== undefined}
            helperText={errors['delay.amount']}
            required
            sx={{ width: 160 }}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            select
            size="small"
            label="Unit"
            value={delay.unit}
            onChange={(event) => setDelay({ ...delay, unit: event.target.value as TimeUnit })}
            error={errors['delay.unit'] !== undefined}
            helperText={errors['delay.unit'] ?? (showBase ? undefined : 'after the event')}
            sx={{ width: 180 }}
          >
            {TIME_UNITS.map((unit) => (
              <MenuItem key={unit} value={unit}>
                {TIME_UNIT_WORDS[unit]}
              </MenuItem>
            ))}
          </TextField>
          {showBase ? (
            <TextField
              select
              size="small"
              label="Counted from"
              value={delay.from ?? 'Event'}
              onChange={(event) => setDelay({ ...delay, from: event.target.value as DelayBase })}
              error={errors['delay.from'] !== undefined}
              helperText={errors['delay.from']}
              sx={{ width: 260 }}
            >
              <MenuItem value="Event">
                {draft.event === BOOKING_EVENT ? 'after the job is scheduled' : 'after the event'}
              </MenuItem>
              <MenuItem value="BookingStart">before the booking starts</MenuItem>
            </TextField>
          ) : null}
        </Stack>
      ) : null}
      <SwitchWithHelp
        label="Re-check conditions before running"
        checked={draft.recheckBeforeRun}
        onChange={(checked) => setField('recheckBeforeRun', checked)}
        help={
          draft.recheckBeforeRun
            ? 'When the time comes, the conditions are checked again; if they no longer hold, the run is skipped (e.g. the quote was already accepted).'
            : 'The actions run when the time comes, even if the conditions no longer hold.'
        }
      />
      <SwitchWithHelp
        label="Ignore quiet hours"
        checked={draft.ignoreQuietHours}
        onChange={(checked) => setField('ignoreQuietHours', checked)}
        help={
          draft.ignoreQuietHours
            ? 'Urgent: the emails and texts go out as soon as they are due, at any hour.'
            : 'Emails and texts to clients due outside your business hours wait until the next opening (Account › Client messages); the other actions go ahead at once.'
        }
      />
    </Stack>
  );
}

/** A switch with a line under it saying what the current choice does. */
function SwitchWithHelp(props: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  help: string;
}) {
  return (
    <div>
      <FormControlLabel
        control={<Switch checked={props.checked} onChange={(event) => props.onChange(event.target.checked)} />}
        label={props.label}
      />
      <FormHelperText sx={{ mt: 0 }}>{props.help}</FormHelperText>
    </div>
  );
}
