import {
  type ClientMessagingSettings as Settings,
  ClientMessagingSettings as SettingsSchema,
  WEEKDAY_NAMES,
} from '@automate/contract';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useState } from 'react';
import { LoadError } from '@/components/ui/load-error.tsx';
import { SaveUndoButtons } from '@/components/ui/save-undo-buttons.tsx';
import { getErrorMessage } from '@/lib/api-client.ts';
import type { FieldErrorMap } from '@/lib/form-errors.ts';
import { useNotifications } from '@/lib/notifications.ts';
import { useSaveVendor, useVendor } from '@/lib/vendor-time.ts';
import { useBadges } from '../api/client-messaging.ts';

/**
 * The Client messages settings (vendor Admins): quiet hours (emails and texts to clients go out only in
 * business hours, in the business's time zone), contact limits per client, and the ServiceM8 badge that
 * opts a client out. Badges, notes and the other internal actions are never held or limited.
 */
export function ClientMessagingSettings({ vendorId }: { vendorId: string }) {
  const vendor = useVendor(vendorId);
  if (vendor.isError) {
    return (
      <LoadError error={vendor.error} fallback="The settings could not be loaded." onRetry={() => vendor.refetch()} />
    );
  }
  if (!vendor.data) return <Skeleton variant="rounded" height={320} />;
  return <SettingsForm vendorId={vendorId} timeZone={vendor.data.timeZone} saved={vendor.data.clientMessaging} />;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Stack spacing={2}>{children}</Stack>
    </Paper>
  );
}

type FieldProps<T> = {
  label: string;
  value: T;
  error: string | undefined;
  onChange: (text: string) => void;
};

function TimeField({ label, value, error, onChange, disabled }: FieldProps<string> & { disabled: boolean }) {
  return (
    <TextField
      label={label}
      type="time"
      size="small"
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      error={error !== undefined}
      helperText={error}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

/** A limit's input: empty is no limit. */
function LimitField({ label, value, error, onChange, help }: FieldProps<number | null> & { help?: string }) {
  return (
    <TextField
      label={label}
      type="number"
      size="small"
      value={value === null ? '' : String(value)}
      onChange={(event) => onChange(event.target.value)}
      error={error !== undefined}
      helperText={error ?? help}
      slotProps={{ htmlInput: { min: 1, max: 100 } }}
    />
  );
}

const limitValue = (text: string) => (text.trim() === '' ? null : Number(text));

function SettingsForm({ vendorId, timeZone, saved }: { vendorId: string; timeZone: string; saved: Settings }) {
  const save = useSaveVendor(vendorId);
  const badges = useBadges(vendorId);
  const { toast } = useNotifications();
  const [values, setValues] = useState(saved);
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);
  const hours = values.quietHours;
  const setHours = (change: Partial<Settings['quietHours']>) =>
    setValues({ ...values, quietHours: { ...hours, ...change } });
  const setLimit = (key: 'perDay' | 'perWeek', text: string) =>
    setValues({ ...values, contactLimits: { ...values.contactLimits, [key]: limitValue(text) } });
  const error = (path: string) => errors[path];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = SettingsSchema.safeParse(values);
    if (!parsed.success) {
      // The first problem of each input, by its path (`quietHours.end`).
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(
      { clientMessaging: values },
      {
        onSuccess: () => toast('Saved.', 'success'),
        onError: (failure) => {
          toast(getErrorMessage(failure, 'The settings could not be saved.'), 'error');
        },
      },
    );
  };

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      spacing={2}
      aria-label="Client messages"
      sx={{ maxWidth: 760 }}
    >
      <Section title="Quiet hours">
        <FormControlLabel
          control={<Switch checked={hours.enabled} onChange={(event) => setHours({ enabled: event.target.checked })} />}
          label="Hold emails and texts to clients outside business hours"
        />
        <Typography variant="body2" color="text.secondary">
          A message due outside them waits for the next opening (the run shows “Waiting for business hours — sends Mon
          08:00”); badges, notes and status changes go ahead at once. Times are in {timeZone}. A trigger can ignore
          quiet hours for urgent messages.
        </Typography>
        <Stack direction="row" spacing={2}>
          <TimeField
            label="Business hours start"
            value={hours.start}
            disabled={!hours.enabled}
            error={error('quietHours.start')}
            onChange={(start) => setHours({ start })}
          />
          <TimeField
            label="Business hours end"
            value={hours.end}
            disabled={!hours.enabled}
            error={error('quietHours.end')}
            onChange={(end) => setHours({ end })}
          />
        </Stack>
        <fieldset style={{ border: 0, margin: 0, padding: 0 }} disabled={!hours.enabled}>
          <FormLabel component="legend">Business days</FormLabel>
          <FormGroup row>
            {WEEKDAY_NAMES.map((name, index) => {
              const day = index + 1;
              return (
                <FormControlLabel
                  key={name}
                  label={name}
                  control={
                    <Checkbox
                      checked={hours.days.includes(day)}
                      disabled={!hours.enabled}
                      onChange={(event) =>
                        setHours({
                          days: event.target.checked
                            ? [...hours.days, day].sort((a, b) => a - b)
                            : hours.days.filter((other) => other !== day),
                        })
                      }
                    />
                  }
                />
              );
            })}
          </FormGroup>
          {error('quietHours.days') && <FormHelperText error>{error('quietHours.days')}</FormHelperText>}
        </fieldset>
      </Section>

      <Section title="Contact limits">
        <Typography variant="body2" color="text.secondary">
          At most this many automated emails and texts per client, across all automations. A message over the limit is
          skipped with the reason; the run does its other actions. Empty: no limit.
        </Typography>
        <Stack direction="row" spacing={2}>
          <LimitField
            label="Messages per client per day"
            value={values.contactLimits.perDay}
            error={error('contactLimits.perDay')}
            onChange={(text) => setLimit('perDay', text)}
          />
          <LimitField
            label="Messages per client per week"
            value={values.contactLimits.perWeek}
            error={error('contactLimits.perWeek')}
            help="Weeks start on Monday."
            onChange={(text) => setLimit('perWeek', text)}
          />
        </Stack>
      </Section>

      <Section title="Opt-out badge">
        <TextField
          select
          label="Clients with this ServiceM8 badge get no automated messages"
          size="small"
          value={values.optOutBadgeUuid ?? ''}
          onChange={(event) => setValues({ ...values, optOutBadgeUuid: event.target.value || null })}
          helperText={
            badges.isError
              ? getErrorMessage(badges.error, 'The badges could not be loaded.')
              : 'For example a badge “No automated messages”. Clients who used the unsubscribe link are on the Opt-outs page.'
          }
        >
          <MenuItem value="">None</MenuItem>
          {(badges.data ?? []).map((badge) => (
            <MenuItem key={badge.uuid} value={badge.uuid}>
              {badge.name}
            </MenuItem>
          ))}
          {values.optOutBadgeUuid && !badges.data?.some((badge) => badge.uuid === values.optOutBadgeUuid) && (
            <MenuItem value={values.optOutBadgeUuid}>A badge no longer in ServiceM8</MenuItem>
          )}
        </TextField>
      </Section>

      <SaveUndoButtons dirty={dirty} saving={save.isPending} onUndo={() => setValues(saved)} />
    </Stack>
  );
}
