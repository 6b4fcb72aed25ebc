import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { PendingButton } from '@/components/ui/pending-button.tsx';
import { TextArea } from '@/components/ui/text-area.tsx';
import { getErrorMessage } from '@/lib/api-client.ts';
import { apiFieldErrors } from '@/lib/form-errors.ts';
import { useNotifications } from '@/lib/notifications.ts';
import { useSaveVendor, useVendor } from '@/lib/vendor-time.ts';

/** The business's postal address as its tax invoices show it under "Billed to". */
export function BillingAddressForm({ vendorId }: { vendorId: string }) {
  const vendor = useVendor(vendorId);
  if (!vendor.data) return null;
  return <AddressForm vendorId={vendorId} saved={vendor.data.billingAddress} />;
}

function AddressForm({ vendorId, saved }: { vendorId: string; saved: string }) {
  const [address, setAddress] = useState(saved);
  const [error, setError] = useState<string | undefined>();
  const save = useSaveVendor(vendorId);
  const { toast } = useNotifications();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save.mutateAsync({ billingAddress: address });
      setError(undefined);
      toast('Saved: your invoices show this address.', 'success');
    } catch (failure) {
      setError(apiFieldErrors(failure).billingAddress);
      toast(getErrorMessage(failure, 'The address could not be saved.'), 'error');
    }
  };
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      aria-label="Address on your invoices"
      onSubmit={(event) => void submit(event)}
      sx={{ p: { xs: 2, sm: 3 }, mb: 3, maxWidth: 720 }}
    >
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        Address on your invoices
      </Typography>
      <Stack spacing={2}>
        <TextArea
          rows={2}
          label="Postal address"
          name="billingAddress"
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          error={error !== undefined}
          helperText={error ?? 'Printed under your business name on every invoice, old ones included.'}
          fullWidth
        />
        <PendingButton
          type="submit"
          variant="outlined"
          pending={save.isPending}
          pendingText="Saving…"
          sx={{ alignSelf: 'flex-start' }}
        >
          Save address
        </PendingButton>
      </Stack>
    </Paper>
  );
}
