import type { TemplateCopyRequest, UnresolvedReference } from '@automate/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';

const CREATE = 'create';

/** A field of a form that is not matched yet: its choices come once the form is picked. */
const waitsForItsForm = (item: UnresolvedReference) => item.kind === 'formfield' && item.candidates.length === 0;

const NOUNS: Record<UnresolvedReference['kind'], string> = {
  badge: 'Badge',
  queue: 'Queue',
  category: 'Category',
  form: 'Form',
  formfield: 'Form field',
  material: 'Material',
};

export function referenceLabel(item: UnresolvedReference): string {
  return item.kind === 'formfield'
    ? `Field “${item.name}” of the form “${item.formName ?? ''}”`
    : `${NOUNS[item.kind]} “${item.name}”`;
}

/** The copy request the choices make: a mapping for each record picked, createMissing for any to create. */
function requestFromChoices(choices: Readonly<Record<string, string>>): Required<TemplateCopyRequest> {
  const mappings = Object.fromEntries(Object.entries(choices).filter(([, value]) => value !== CREATE));
  return { mappings, createMissing: Object.values(choices).includes(CREATE) };
}

/**
 * Shown when a template names records the vendor's ServiceM8 account does not have under those names:
 * for each, pick one of the vendor's own records, or (badges and queues) have it created in ServiceM8.
 */
export function MappingDialog({
  title,
  unresolved,
  busy,
  confirmText,
  onCancel,
  onConfirm,
}: {
  title: string;
  unresolved: readonly UnresolvedReference[];
  busy: boolean;
  confirmText: string;
  onCancel: () => void;
  onConfirm: (request: Required<TemplateCopyRequest>) => void;
}) {
  const [choices, setChoices] = useState<Record<string, string>>(() =>
    Object.fromEntries(unresolved.map((item) => [item.key, item.creatable ? CREATE : ''])),
  );
  const [missing, setMissing] = useState<string[]>([]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty = unresolved.filter((item) => !choices[item.key] && !waitsForItsForm(item)).map((item) => item.key);
    setMissing(empty);
    if (empty.length === 0) onConfirm(requestFromChoices(choices));
  };

  return (
    <Dialog open onClose={busy ? undefined : onCancel} fullWidth maxWidth="sm" aria-labelledby="mapping-title">
      <form noValidate onSubmit={submit} aria-label="Match the records">
        <DialogTitle id="mapping-title">Match “{title}” to your ServiceM8</DialogTitle>
        <DialogContent dividers>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Your ServiceM8 account has nothing under {unresolved.length === 1 ? 'this name' : 'these names'}. Pick what
            the automation should use instead.
          </Typography>
          <Stack spacing={2}>
            {unresolved.map((item) => {
              const label = referenceLabel(item);
              const error = missing.includes(item.key);
              return (
                <TextField
                  key={item.key}
                  select
                  size="small"
                  label={label}
                  value={choices[item.key] ?? ''}
                  onChange={(event) => {
                    setChoices((current) => ({ ...current, [item.key]: event.target.value }));
                    setMissing((current) => current.filter((key) => key !== item.key));
                  }}
                  error={error}
                  helperText={
                    error
                      ? 'Pick one.'
                      : waitsForItsForm(item)
                        ? 'Pick the form first: its fields are offered next.'
                        : item.candidates.length === 0 && !item.creatable
                          ? 'You have none yet: add one in ServiceM8 and sync, then try again.'
                          : undefined
                  }
                  disabled={waitsForItsForm(item)}
                  required={!waitsForItsForm(item)}
                  fullWidth
                >
                  {item.creatable ? <MenuItem value={CREATE}>Create “{item.name}” in ServiceM8</MenuItem> : null}
                  {item.candidates.map((candidate) => (
                    <MenuItem key={candidate.uuid} value={candidate.uuid}>
                      {candidate.name}
                    </MenuItem>
                  ))}
                </TextField>
              );
            })}
          </Stack>
          {unresolved.some((item) => item.creatable) ? (
            <Alert severity="info" sx={{ mt: 2 }}>
              What you choose to create is added to your ServiceM8 account straight away.
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Copying…' : confirmText}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
