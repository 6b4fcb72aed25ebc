import type { VendorMembership } from '@automate/contract';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { SERVICEM8_SIGN_IN_URL } from '@/lib/links.ts';
import { NEW_AUTOMATION_PATH, ONBOARDING_PATH, TEMPLATES_PATH } from './dashboard-links.ts';

export type ChecklistState = {
  /** ServiceM8 is connected. */
  connected: boolean;
  /** The vendor has at least one automation. */
  hasAutomation: boolean;
  /** At least one automation is switched on. */
  hasActive: boolean;
};

function checklistDone(state: ChecklistState): boolean {
  return state.connected && state.hasAutomation && state.hasActive;
}

function Step({ done, title, children }: { done: boolean; title: string; children?: ReactNode }) {
  return (
    <Stack
      component="li"
      direction="row"
      spacing={1.5}
      sx={{ py: 1, alignItems: 'flex-start' }}
      data-testid="checklist-step"
      data-done={done}
    >
      {done ? (
        <CheckCircleIcon sx={{ color: 'ternary.main' }} titleAccess="Done" />
      ) : (
        <RadioButtonUncheckedIcon color="disabled" titleAccess="To do" />
      )}
      <Box sx={{ flexGrow: 1 }}>
        <Typography sx={{ fontWeight: 600, textDecoration: done ? 'line-through' : undefined }}>{title}</Typography>
        {done ? null : children}
      </Box>
    </Stack>
  );
}

/**
 * The first steps of a new vendor: connect ServiceM8, create (or copy) an automation, switch one on.
 * Shows nothing once all three are done.
 */
export function FirstRunChecklist({
  vendor,
  state,
  automationsPath,
}: {
  vendor: VendorMembership;
  state: ChecklistState;
  automationsPath: string;
}) {
  if (checklistDone(state)) return null;
  const done = [state.connected, state.hasAutomation, state.hasActive].filter(Boolean).length;
  return (
    <Card variant="outlined" component="section" aria-labelledby="checklist-title" data-testid="first-run-checklist">
      <CardContent>
        <Typography id="checklist-title" variant="h6" component="h2">
          Get started
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {done} of 3 done. Three steps and your jobs start looking after themselves.
        </Typography>
        <LinearProgress
          variant="determinate"
          value={(done / 3) * 100}
          aria-label={`Getting started: ${done} of 3 done`}
          sx={{ mb: 1 }}
        />
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          <Step done={state.connected} title="Connect ServiceM8">
            {vendor.role === 'Admin' ? (
              <Button component="a" href={SERVICEM8_SIGN_IN_URL} size="small" variant="contained" sx={{ mt: 0.5 }}>
                Connect ServiceM8
              </Button>
            ) : (
              <Typography variant="body2" color="text.secondary">
                An Admin of {vendor.name} can connect it.
              </Typography>
            )}
          </Step>
          <Step done={state.hasAutomation} title="Create an automation, or copy one from the templates">
            <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
              {state.connected ? (
                <Button href={ONBOARDING_PATH} size="small" variant="contained">
                  Recommended automations
                </Button>
              ) : null}
              <Button href={TEMPLATES_PATH} size="small" variant="outlined">
                Browse templates
              </Button>
              <Button href={NEW_AUTOMATION_PATH} size="small">
                New automation
              </Button>
            </Stack>
          </Step>
          <Step done={state.hasActive} title="Switch an automation on">
            <Button href={automationsPath} size="small" variant="outlined" sx={{ mt: 0.5 }}>
              Open automations
            </Button>
          </Step>
        </Box>
      </CardContent>
    </Card>
  );
}
