import Alert from '@mui/material/Alert';
import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { fetchEmailTemplatesQueryOptions, useEmailTemplates } from '@/lib/email-templates/fetch-email-templates.ts';
import { useErrorToast } from '@/lib/use-error-toast.ts';
import { EMPTY_REFERENCE_DATA, getReferenceDataQueryOptions, useReferenceData } from './api/get-reference-data.ts';
import { type EditorLookups, EditorLookupsProvider } from './editor-context.tsx';

const REFERENCE_FAILED = 'Your ServiceM8 badges, queues, categories and forms could not be loaded.';
const TEMPLATES_FAILED = 'Your email templates could not be loaded.';

/** Starts loading what `VendorLookups` reads, before the editor draws (its route's loader). */
export function prefetchVendorLookups(client: QueryClient, vendorId: string): void {
  void client.prefetchQuery(getReferenceDataQueryOptions(vendorId));
  void client.prefetchQuery(fetchEmailTemplatesQueryOptions(vendorId));
}

/**
 * Loads the vendor's ServiceM8 records and email templates for the editor inside it. The form is its
 * children, made by the form's own render: when the lists arrive only this and the inputs that read
 * them draw again, where redrawing the whole form blocked a phone for a few hundred milliseconds.
 */
export function VendorLookups({ vendorId, children }: { vendorId: string; children: ReactNode }) {
  const reference = useReferenceData(vendorId);
  const templates = useEmailTemplates(vendorId);
  useErrorToast(reference.error, REFERENCE_FAILED);
  useErrorToast(templates.error, TEMPLATES_FAILED);
  const lookups = useMemo<EditorLookups>(
    () => ({
      reference: reference.data ?? EMPTY_REFERENCE_DATA,
      referenceLoading: reference.isPending,
      emailTemplates: templates.data ?? [],
      emailTemplatesLoading: templates.isPending,
    }),
    [reference.data, reference.isPending, templates.data, templates.isPending],
  );
  return <EditorLookupsProvider value={lookups}>{children}</EditorLookupsProvider>;
}

/** Said once the vendor's records have loaded and there are none: the pickers are empty until a sync. */
export function NothingSyncedNotice({ vendorId }: { vendorId: string }) {
  const { data } = useReferenceData(vendorId);
  if (!data || data.badge.length + data.form.length + data.queue.length > 0) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      No ServiceM8 data has been synced yet, so the badge, queue, category and form pickers are empty. Connect ServiceM8
      (or sync it) to fill them.
    </Alert>
  );
}
