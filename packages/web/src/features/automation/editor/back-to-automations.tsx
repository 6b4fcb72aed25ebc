import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { AUTOMATION_SEARCH_PATH } from './paths.ts';

/** The way back to the list of triggers, above the editor. */
export function BackToAutomations() {
  return (
    <Button href={AUTOMATION_SEARCH_PATH} startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1, ml: -1 }}>
      Automations
    </Button>
  );
}
