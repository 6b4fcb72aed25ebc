import { InvoiceInput } from '@automate/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { PendingButton } from '@/components/ui/pending-button.tsx';
import { getErrorMessage } from '@/lib/api-client.ts';
import { formatCents } from '@/lib/format.ts';
import { useCreateInvoice } from '../api/billing.ts';

type LineDraft = { key: number; description: string; quantity: string; unitPrice: string };

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const centsOf = (text: string) => (text.trim() === '' ? Number.NaN : Math.round(Number(text) * 100));

/** A SuperAdmin's invoice to the vendor: reference, due date and lines (GST-exclusive; 15% GST is added). */
export function InvoiceCreateDialog({
  vendorId,
  open,
  onClose,
  onCreated,
}: {
  vendorId: string;
  open: boolean;
  onClose: () => void;
  onCreated: (invoiceId: string) => void;
}) {
  const [reference, setReference] = useState('');
  const [dueDate, setDueDate] = useState(inDays(14));
  const [lines, setLines] = useState<LineDraft[]>([{ key: 0, description: '', quantity: '1', unitPrice: '' }]);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateInvoice();

  const input = {
    vendorId,
    reference,
    dueDate,
    lines: lines.map((line) => ({
      description: line.description,
      quantity: Number(line.quantity),
      unitAmountCents: centsOf(line.unitPrice),
    })),
  };
  const subtotal = input.lines.reduce(
    (sum, line) => sum + (Number.isFinite(line.unitAmountCents) ? line.unitAmountCents * line.quantity : 0),
    0,
  );
  const change = (key: number, patch: Partial<LineDraft>) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...patch } : line)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = InvoiceInput.safeParse(input);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the invoice.');
      return;
    }
    setProblem(null);
    try {
      const result = await create.mutateAsync(parsed.data);
      onCreated(result.data.id);
    } catch (error) {
      setProblem(getErrorMessage(error, 'The invoice could not be created.'));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      component="form"
      onSubmit={(event: FormEvent) => void submit(event)}
    >
      <DialogTitle>New invoice</DialogTitle>
      <DialogContent>
        {problem ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pt: 1, mb: 2 }}>
          <TextField
            label="Reference"
            value={reference}
            onChange={(event) => setReference(event.target.value)}
            fullWidth
          />
          <TextField
            label="Due date"
            type="date"
            value={dueDate}
            onChange={(event) => setDueDate(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            required
          />
        </Stack>
        <Stack spacing={1.5}>
          {lines.map((line, index) => (
            <Stack key={line.key} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'center' }}>
              <TextField
                label={`Line ${index + 1} description`}
                value={line.description}
                onChange={(event) => change(line.key, { description: event.target.value })}
                fullWidth
                required
              />
              <TextField
                label="Quantity"
                type="number"
                value={line.quantity}
                onChange={(event) => change(line.key, { quantity: event.target.value })}
                sx={{ width: 120 }}
                slotProps={{ htmlInput: { min: 1 } }}
              />
              <TextField
                label="Unit price excl. GST"
                type="number"
                value={line.unitPrice}
                onChange={(event) => change(line.key, { unitPrice: event.target.value })}
                sx={{ width: 200 }}
                slotProps={{ htmlInput: { min: 0, step: '0.01' } }}
              />
              <IconButton
                aria-label={`Remove line ${index + 1}`}
                disabled={lines.length === 1}
                onClick={() => setLines((current) => current.filter((candidate) => candidate.key !== line.key))}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          ))}
          <Button
            startIcon={<AddIcon />}
            sx={{ alignSelf: 'flex-start' }}
            onClick={() =>
              setLines((current) => [
                ...current,
                { key: Math.max(...current.map((l) => l.key)) + 1, description: '', quantity: '1', unitPrice: '' },
              ])
            }
          >
            Add a line
          </Button>
        </Stack>
        <Typography sx={{ mt: 2 }} align="right">
          Subtotal {formatCents(subtotal)} · GST 15% {formatCents(Math.round(subtotal * 0.15))} ·{' '}
          <strong>Total {formatCents(subtotal + Math.round(subtotal * 0.15))}</strong>
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <PendingButton type="submit" variant="contained" pending={create.isPending} pendingText="Creating…">
          Create draft
        </PendingButton>
      </DialogActions>
    </Dialog>
  );
}
