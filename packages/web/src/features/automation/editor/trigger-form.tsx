import type { Trigger } from '@automate/contract';
import CloseIcon from '@mui/icons-material/Close';
import HistoryIcon from '@mui/icons-material/History';
import ScienceIcon from '@mui/icons-material/Science';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useMemo, useState } from 'react';
import { FormActionBar } from '@/components/ui/form-action-bar.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useVendorClock } from '@/lib/vendor-time.ts';
import { BackToAutomations } from './back-to-automations.tsx';
import { DefinitionSections } from './definition-sections.tsx';
import { DryRunPanel } from './dry-run-panel.tsx';
import { type EditorContextValue, EditorProvider } from './editor-context.tsx';
import { automationLogsPath } from './paths.ts';
import { PreviewPanel } from './preview-panel.tsx';
import { useTriggerForm } from './use-trigger-form.ts';
import { NothingSyncedNotice, VendorLookups } from './vendor-lookups.tsx';

/** The editor itself; `trigger` null writes a new one. Remounted per trigger (its key), so state never leaks. */
export function TriggerForm({ vendorId, trigger }: { vendorId: string; trigger: Trigger | null }) {
  const clock = useVendorClock(vendorId);
  const form = useTriggerForm({ vendorId, trigger });
  const { saved, draft, errors, dirty, saving, deleting } = form;
  const [testing, setTesting] = useState(false);

  const context = useMemo<EditorContextValue>(
    () => ({
      vendorId,
      event: draft.event,
      triggerId: saved?.id ?? null,
      attachments: form.attachments,
      addAttachment: form.addAttachment,
      releaseAttachment: form.releaseAttachment,
      errors,
    }),
    [vendorId, draft.event, saved, form.attachments, form.addAttachment, form.releaseAttachment, errors],
  );

  const heading = saved ? saved.definition.name : 'New automation';
  const general = errors[''];

  return (
    <EditorProvider value={context}>
      <VendorLookups vendorId={vendorId}>
        <Box component="form" noValidate onSubmit={form.submit} onKeyDown={form.keyDown} aria-label="Trigger">
          <title>{`${heading} · Automations · Automate`}</title>
          <BackToAutomations />
          <PageHeader
            title={heading}
            subtitle={
              saved
                ? `Version ${saved.version} · updated ${clock(saved.updatedAt)}`
                : 'Pick the event, narrow it down with conditions, then add what should happen.'
            }
            chips={
              saved ? (
                <Chip
                  size="small"
                  variant="outlined"
                  label={saved.definition.enabled ? 'Enabled' : 'Disabled'}
                  color={saved.definition.enabled ? 'success' : 'default'}
                />
              ) : null
            }
            actions={
              <>
                {saved ? (
                  <Button href={automationLogsPath(saved.id)} startIcon={<HistoryIcon />}>
                    Runs
                  </Button>
                ) : null}
                <Button variant="outlined" startIcon={<ScienceIcon />} onClick={() => setTesting(true)}>
                  Test on a job
                </Button>
              </>
            }
          />

          {general ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {general}
            </Alert>
          ) : null}
          <NothingSyncedNotice vendorId={vendorId} />

          <DefinitionSections form={form} />
          <Box sx={{ mt: 2 }}>
            <PreviewPanel vendorId={vendorId} triggerId={saved?.id ?? null} getDefinition={form.validate} />
          </Box>

          {form.leavePrompt}
          <FormActionBar
            dirty={dirty}
            exists={saved !== null}
            saving={saving}
            onDelete={() => void form.destroy()}
            deleting={deleting}
          />

          <Dialog
            open={testing}
            onClose={() => setTesting(false)}
            fullWidth
            maxWidth="md"
            aria-labelledby="dry-run-title"
          >
            <DialogTitle id="dry-run-title" sx={{ pr: 6 }}>
              Test on a job
            </DialogTitle>
            <IconButton
              aria-label="Close"
              onClick={() => setTesting(false)}
              sx={{ position: 'absolute', right: 8, top: 8 }}
            >
              <CloseIcon />
            </IconButton>
            <DialogContent dividers>
              <DryRunPanel
                vendorId={vendorId}
                triggerId={saved?.id ?? null}
                targetKind={draft.targetKind}
                getDefinition={form.validate}
              />
            </DialogContent>
          </Dialog>
        </Box>
      </VendorLookups>
    </EditorProvider>
  );
}
