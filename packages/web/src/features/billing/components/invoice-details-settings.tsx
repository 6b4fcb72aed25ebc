import { PlatformInvoiceDetails } from '@automate/contract';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { LoadError } from '@/components/ui/load-error.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { PendingButton } from '@/components/ui/pending-button.tsx';
import { TextArea } from '@/components/ui/text-area.tsx';
import { getErrorMessage } from '@/lib/api-client.ts';
import { apiFieldErrors, type FieldErrorMap, withoutField, zodFieldErrors } from '@/lib/form-errors.ts';
import { useNotifications } from '@/lib/notifications.ts';
import { usePlatformInvoiceDetails, useSavePlatformInvoiceDetails } from '../api/billing.ts';

type Field = keyof PlatformInvoiceDetails;

/** /admin/settings/invoicing: the platform's legal name, address, GST number and footer on every tax invoice. */
export function InvoiceDetailsSettings() {
  const details = usePlatformInvoiceDetails();
  if (details.isPending) return <Skeleton variant="rounded" height={360} />;
  if (details.isError) {
    return (
      <LoadError error={details.error} fallback="The invoice details could not be loaded." onRetry={details.refetch} />
    );
  }
  return <DetailsForm saved={details.data} />;
}

function DetailsForm({ saved }: { saved: PlatformInvoiceDetails }) {
  const [values, setValues] = useState(saved);
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const save = useSavePlatformInvoiceDetails();
  const { toast } = useNotifications();

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => withoutField(current, field));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = PlatformInvoiceDetails.safeParse(values);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    try {
      const result = await save.mutateAsync(parsed.data);
      toast(result.message ?? 'Saved.', 'success');
    } catch (error) {
      setErrors(apiFieldErrors(error));
      toast(getErrorMessage(error, 'The invoice details could not be saved.'), 'error');
    }
  };
  const field = (name: Field, label: string, helper: string) => ({
    label,
    name,
    value: values[name],
    onChange: change(name),
    error: errors[name] !== undefined,
    helperText: errors[name] ?? helper,
    fullWidth: true,
  });

  return (
    <>
      <title>Invoice details · Settings · Automate</title>
      <PageHeader
        title="Invoice details"
        subtitle="Who issues the tax invoices: every invoice and its PDF shows these, old ones included."
      />
      <Paper
        variant="outlined"
        component="form"
        noValidate
        aria-label="Invoice details"
        onSubmit={(event) => void submit(event)}
        sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}
      >
        <Stack spacing={2}>
          <TextField {...field('legalName', 'Legal name', 'The company’s registered name, e.g. “Automate Limited”.')} />
          <TextArea rows={3} {...field('address', 'Address', 'The postal address printed under the name.')} />
          <TextField {...field('taxNumber', 'GST number', 'Printed on every tax invoice, e.g. 123-456-789.')} />
          <TextArea
            rows={3}
            {...field(
              'invoiceFooter',
              'Invoice footer',
              'Payment terms, bank account: printed at the foot of each invoice.',
            )}
          />
          <PendingButton
            type="submit"
            variant="contained"
            pending={save.isPending}
            pendingText="Saving…"
            sx={{ alignSelf: 'flex-start' }}
          >
            Save
          </PendingButton>
        </Stack>
      </Paper>
    </>
  );
}
