import { UpdateVendorRequest, Vendor, type VendorMembership } from '@automate/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { apiRequest, getErrorMessage } from '@/lib/api-client.ts';
import { apiFieldErrors, type FieldErrorMap, withoutField, zodFieldErrors } from '@/lib/form-errors.ts';
import { useNotifications } from '@/lib/notifications.ts';
import { useVendor, vendorKey } from '@/lib/vendor-time.ts';

/** Every IANA time zone the browser knows, for the picker. */
const TIME_ZONES: readonly string[] = Intl.supportedValuesOf('timeZone');

function useSaveVendor(vendorId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: { name: string; timeZone: string }) =>
      apiRequest('PATCH', `/Vendor/${encodeURIComponent(vendorId)}`, Vendor, { body: patch }),
    onSuccess: ({ data }) => client.setQueryData(vendorKey(vendorId), data),
  });
}

/**
 * The business's name and time zone (delays in days and the run log's times follow it). ServiceM8's
 * time zone replaces this one at the next sync when they differ, so the form says so.
 */
export function BusinessSettings({ vendor }: { vendor: VendorMembership }) {
  const current = useVendor(vendor.vendorId);
  if (!current.data)
    return current.isError ? (
      <Typography color="error">{getErrorMessage(current.error, 'The business could not be loaded.')}</Typography>
    ) : (
      <Skeleton variant="rounded" height={120} />
    );
  return <SettingsForm vendorId={vendor.vendorId} name={current.data.name} timeZone={current.data.timeZone} />;
}

function SettingsForm({ vendorId, name, timeZone }: { vendorId: string; name: string; timeZone: string }) {
  const save = useSaveVendor(vendorId);
  const { toast } = useNotifications();
  const [values, setValues] = useState({ name, timeZone });
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const dirty = values.name !== name || values.timeZone !== timeZone;

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
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={!dirty} loading={save.isPending}>
          Save
        </Button>
        <Button disabled={!dirty || save.isPending} onClick={() => setValues({ name, timeZone })}>
          Undo changes
        </Button>
      </Stack>
    </Stack>
  );
}
