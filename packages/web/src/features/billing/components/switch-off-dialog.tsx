import type { TriggerSummary } from '@automate/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PendingButton } from '@/components/ui/pending-button.tsx';
import { getErrorMessage } from '@/lib/api-client.ts';
import { switchTriggerOff } from '../api/billing.ts';

/**
 * Before a smaller plan: the vendor's enabled automations, to tick at least `mustSwitchOff` of them;
 * they are switched off (saved disabled, never deleted) and then the plan changes.
 */
export function SwitchOffDialog({
  vendorId,
  planName,
  allowed,
  triggers,
  onDone,
  onCancel,
}: {
  vendorId: string;
  planName: string;
  allowed: number;
  triggers: readonly TriggerSummary[];
  onDone: () => void;
  onCancel: () => void;
}) {
  const mustSwitchOff = Math.max(0, triggers.length - allowed);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const confirm = async () => {
    setPending(true);
    setFailure(null);
    try {
      for (const id of chosen) await switchTriggerOff(vendorId, id);
      onDone();
    } catch (error) {
      setFailure(error);
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog open onClose={onCancel} maxWidth="sm" fullWidth>
      <DialogTitle>Switch automations off for the {planName} plan</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>
          The {planName} plan allows {allowed} active automations and {triggers.length} are on. Choose at least{' '}
          {mustSwitchOff} to switch off; they are kept, disabled, and can be switched on again later.
        </Typography>
        {failure ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {getErrorMessage(failure, 'An automation could not be switched off.')}
          </Alert>
        ) : null}
        <FormGroup>
          {triggers.map((trigger) => (
            <FormControlLabel
              key={trigger.id}
              control={<Checkbox checked={chosen.has(trigger.id)} onChange={() => toggle(trigger.id)} />}
              label={trigger.name}
            />
          ))}
        </FormGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <PendingButton
          variant="contained"
          pending={pending}
          pendingText="Switching off…"
          disabled={chosen.size < mustSwitchOff}
          onClick={() => void confirm()}
        >
          Switch off {chosen.size} and change plan
        </PendingButton>
      </DialogActions>
    </Dialog>
  );
}
