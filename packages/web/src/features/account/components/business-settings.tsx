import { SENDER_NAME_MAX, UpdateVendorRequest, type VendorMembership } from '@automate/contract';
import Autocomplete from '@mui/material/Autocomplete';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { SaveUndoButtons } from '@/components/ui/save-undo-buttons.tsx';
import { getErrorMessage } from '@/lib/api-client.ts';
import { apiFieldErrors, type FieldErrorMap, withoutField, zodFieldErrors } from '@/lib/form-errors.ts';
import { useNotifications } from '@/lib/notifications.ts';
import { useSaveVendor, useVendor } from '@/lib/vendor-time.ts';

type Settings = { name: string; timeZone: string; senderName: string; sm8StaffMayJoin: boolean };

/** Every IANA time zone the browser knows, for the picker. */
const TIME_ZONES: readonly string[] = Intl.supportedValuesOf('timeZone');

/**
 * The business's name, time zone (delays in days and the run log's times follow it) and sender name
 * (how automated messages sign off). ServiceM8's time zone replaces this one at the next sync when
 * they differ, so the form says so; ServiceM8 also sets the From line of the emails it sends, so the
 * sender name is what `{{ vendor.sender_name }}` writes, not a From name. Whether staff of the connected
 * ServiceM8 account may join as User from ServiceM8 is off unless an Admin turns it on.
 */
export function BusinessSettings({ vendor }: { vendor: VendorMembership }) {
  const current = useVendor(vendor.vendorId);
  if (!current.data)
    return current.isError ? (
      <Typography color="error">{getErrorMessage(current.error, 'The business could not be loaded.')}</Typography>
    ) : (
      <Skeleton variant="rounded" height={120} />
    );
  const { name, timeZone, senderName, sm8StaffMayJoin } = current.data;
  return (
    <SettingsForm
      vendorId={vendor.vendorId}
      saved={{ name, timeZone, senderName: senderName ?? '', sm8StaffMayJoin }}
    />
  );
}

function SettingsForm({ vendorId, saved }: { vendorId: string; saved: Settings }) {
  const save = useSaveVendor(vendorId);
  const { toast } = useNotifications();
  const [values, setValues] = useState(saved);
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const dirty =
    values.name !== saved.name ||
    values.timeZone !== saved.timeZone ||
    values.senderName !== saved.senderName ||
    values.sm8StaffMayJoin !== saved.sm8StaffMayJoin;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = UpdateVendorRequest.safeParse(values);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    save.mutate(values, {
      onSuccess: () => toast('Saved.', 'success'),
      onError: (error) => {
        setErrors(apiFieldErrors(error));
        toast(getErrorMessage(error, 'The business could not be saved.'), 'error');
      },
    });
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label="Business settings">
      <TextField
        label="Business name"
        size="small"
        value={values.name}
        onChange={(event) => {
          setValues({ ...values, name: event.target.value });
          setErrors(withoutField(errors, 'name'));
        }}
        error={errors.name !== undefined}
        helperText={errors.name ?? 'Shown to your team; emails use the name in your ServiceM8 account.'}
        required
      />
      <Autocomplete
        size="small"
        options={TIME_ZONES}
        value={values.timeZone}
        onChange={(_event, zone) => {
          if (zone) setValues({ ...values, timeZone: zone });
          setErrors(withoutField(errors, 'timeZone'));
        }}
        disableClearable
        renderInput={(params) => (
          <TextField
            {...params}
            label="Time zone"
            error={errors.timeZone !== undefined}
            helperText={
              errors.timeZone ??
              'Delays in days, months and years, and the times in the logs, follow it. A sync with ServiceM8 sets it to the account’s own when they differ.'
            }
          />
        )}
      />
      <TextField
        label="Sender name"
        size="small"
        value={values.senderName}
        onChange={(event) => {
          setValues({ ...values, senderName: event.target.value });
          setErrors(withoutField(errors, 'senderName'));
        }}
        placeholder={saved.name}
        error={errors.senderName !== undefined}
        helperText={
          errors.senderName ??
          'How your automated emails and texts sign off: write {{ vendor.sender_name }} in them. Empty: your business name in ServiceM8. ServiceM8 sends them from your account’s own address and name.'
        }
        slotProps={{ htmlInput: { maxLength: SENDER_NAME_MAX } }}
      />
      <div>
        <FormControlLabel
          control={
            <Switch
              checked={values.sm8StaffMayJoin}
              onChange={(event) => setValues({ ...values, sm8StaffMayJoin: event.target.checked })}
            />
          }
          label="Let ServiceM8 staff join"
        />
        <FormHelperText sx={{ mt: 0 }}>
          On: a staff member of your ServiceM8 account who opens Automate from ServiceM8 and signs in to their own
          Automate account joins as User. Off: only people you invite join. Someone you removed never rejoins this way.
        </FormHelperText>
      </div>
      <SaveUndoButtons dirty={dirty} saving={save.isPending} onUndo={() => setValues(saved)} />
    </Stack>
  );
}
