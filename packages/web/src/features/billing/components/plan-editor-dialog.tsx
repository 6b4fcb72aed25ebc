import { type Plan, PlanInput } from '@automate/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type ChangeEvent, type FormEvent, type ReactNode, useState } from 'react';
import { PendingButton } from '@/components/ui/pending-button.tsx';
import { TextArea } from '@/components/ui/text-area.tsx';
import { getErrorMessage } from '@/lib/api-client.ts';
import { apiFieldErrors, type FieldErrorMap, zodFieldErrors } from '@/lib/form-errors.ts';
import { useNotifications } from '@/lib/notifications.ts';
import { useSavePlan } from '../api/billing.ts';

type Draft = Record<
  | 'name'
  | 'description'
  | 'features'
  | 'monthly'
  | 'yearly'
  | 'trialDays'
  | 'activeTriggers'
  | 'runsPerMonth'
  | 'messagesPerMonth'
  | 'webAddressDeliveriesPerDay',
  string
>;

const dollars = (cents: number) => (cents / 100).toFixed(2);
const toCents = (text: string) => (text.trim() === '' ? Number.NaN : Math.round(Number(text) * 100));
const toWhole = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

function draftOf(plan: Plan | null): Draft {
  return {
    name: plan?.name ?? '',
    description: plan?.description ?? '',
    features: plan?.features.join('\n') ?? '',
    monthly: plan ? dollars(plan.monthlyPriceCents) : '',
    yearly: plan ? dollars(plan.yearlyPriceCents) : '',
    trialDays: String(plan?.trialDays ?? 0),
    activeTriggers: String(plan?.limits.activeTriggers ?? ''),
    runsPerMonth: String(plan?.limits.runsPerMonth ?? ''),
    messagesPerMonth: String(plan?.limits.messagesPerMonth ?? ''),
    webAddressDeliveriesPerDay: String(plan?.limits.webAddressDeliveriesPerDay ?? ''),
  };
}

/** The field of the form each input path of the plan shows its problem under. */
const FIELD_OF: Record<string, keyof Draft> = {
  name: 'name',
  description: 'description',
  features: 'features',
  monthlyPriceCents: 'monthly',
  yearlyPriceCents: 'yearly',
  trialDays: 'trialDays',
  'limits.activeTriggers': 'activeTriggers',
  'limits.runsPerMonth': 'runsPerMonth',
  'limits.messagesPerMonth': 'messagesPerMonth',
  'limits.webAddressDeliveriesPerDay': 'webAddressDeliveriesPerDay',
};

/**
 * A plan's editor: name, description, features (one a line), monthly and yearly prices in NZD with
 * GST, trial days and the four limits. A changed price applies to new buyers; subscribers keep theirs.
 */
export function PlanEditorDialog({ plan, open, onClose }: { plan: Plan | null; open: boolean; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(plan));
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [failure, setFailure] = useState<unknown>(null);
  const save = useSavePlan();
  const { toast } = useNotifications();

  const input = () => ({
    name: draft.name,
    description: draft.description,
    features: draft.features
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    monthlyPriceCents: toCents(draft.monthly),
    yearlyPriceCents: toCents(draft.yearly),
    trialDays: toWhole(draft.trialDays),
    limits: {
      activeTriggers: toWhole(draft.activeTriggers),
      runsPerMonth: toWhole(draft.runsPerMonth),
      messagesPerMonth: toWhole(draft.messagesPerMonth),
      webAddressDeliveriesPerDay: toWhole(draft.webAddressDeliveriesPerDay),
    },
  });
  const fieldErrors = (map: FieldErrorMap) =>
    Object.fromEntries(Object.entries(map).map(([path, message]) => [FIELD_OF[path] ?? path, message]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = PlanInput.safeParse(input());
    if (!parsed.success) {
      setErrors(fieldErrors(zodFieldErrors(parsed.error, ['limits'])));
      return;
    }
    try {
      await save.mutateAsync({ ...parsed.data, ...(plan ? { id: plan.id } : {}) });
      toast(plan ? `The ${parsed.data.name} plan was saved.` : `The ${parsed.data.name} plan was created.`, 'success');
      onClose();
    } catch (error) {
      setErrors(fieldErrors(apiFieldErrors(error, ['limits'])));
      setFailure(error);
    }
  };

  /** The draft's `name`: its value, its change, and its error in place of the help while there is one. */
  const bind = (name: keyof Draft, helperText?: ReactNode) => ({
    value: draft[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setDraft((current) => ({ ...current, [name]: event.target.value })),
    error: Boolean(errors[name]),
    helperText: errors[name] ?? helperText,
    fullWidth: true,
  });
  const field = (name: keyof Draft, label: string, props: Partial<TextFieldProps> = {}) => (
    <TextField {...props} label={label} {...bind(name, props.helperText)} />
  );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      component="form"
      // The plan's rules give their own messages beside the fields, not the browser's bubbles (spread:
      // the Dialog's props do not type a form's attributes).
      {...{ noValidate: true }}
      onSubmit={(event: FormEvent) => void submit(event)}
    >
      <DialogTitle>{plan ? `Edit the ${plan.name} plan` : 'New plan'}</DialogTitle>
      <DialogContent>
        {failure ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {getErrorMessage(failure, 'The plan could not be saved.')}
          </Alert>
        ) : null}
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={{ xs: 12, sm: 6 }}>{field('name', 'Name', { required: true, autoFocus: true })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('trialDays', 'Trial days', { type: 'number', slotProps: { htmlInput: { min: 0, max: 90 } } })}
          </Grid>
          <Grid size={12}>
            <TextArea label="Description" rows={2} {...bind('description')} />
          </Grid>
          <Grid size={12}>
            <TextArea label="Features, one a line" rows={3} {...bind('features')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('monthly', 'Monthly price (NZD, GST included)', {
              type: 'number',
              slotProps: { htmlInput: { min: 0, step: '0.01' } },
              helperText: plan ? 'A new price applies to new buyers; subscribers keep theirs.' : undefined,
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('yearly', 'Yearly price (NZD, GST included)', {
              type: 'number',
              slotProps: { htmlInput: { min: 0, step: '0.01' } },
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('activeTriggers', 'Active automations', { type: 'number', slotProps: { htmlInput: { min: 0 } } })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('runsPerMonth', 'Runs a month', { type: 'number', slotProps: { htmlInput: { min: 0 } } })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('messagesPerMonth', 'Emails and texts a month', {
              type: 'number',
              slotProps: { htmlInput: { min: 0 } },
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('webAddressDeliveriesPerDay', 'Deliveries to web addresses a day', {
              type: 'number',
              slotProps: { htmlInput: { min: 0 } },
            })}
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <PendingButton type="submit" variant="contained" pending={save.isPending} pendingText="Saving…">
          {plan ? 'Save' : 'Create plan'}
        </PendingButton>
      </DialogActions>
    </Dialog>
  );
}
