import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/ui/load-error.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useErrorToast } from '@/lib/use-error-toast.ts';
import { readerClock, type VendorClock } from '@/lib/vendor-time.ts';

/** The way back from an editor to its list, above the page's heading. */
export function BackButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button href={href} startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1, ml: -1 }}>
      {children}
    </Button>
  );
}

/** An editor's placeholder while its record loads: a heading line above `children` (the form's shape). */
export function EditorSkeleton({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="progressbar" aria-label={label}>
      <Skeleton variant="text" sx={{ fontSize: '2.125rem', width: '40%', mb: 3 }} />
      {children}
    </Box>
  );
}

/**
 * An editor's subtitle for a saved record: when it was created and last updated, on `clock` (a business's
 * record on its clock; a platform's on the reader's, with the zone named).
 */
export function savedDates(createdAt: string, updatedAt: string, clock: VendorClock = readerClock): string {
  return `Created ${clock(createdAt)} · updated ${clock(updatedAt)}`;
}

/**
 * An editor page until its record is there: `back` and `skeleton` while it loads; when the load fails,
 * `heading` with the server's sentence and Try again (and a toast), or `missingText` when there is no such
 * record (404, or 400 for an id that cannot be one). A new record (`isNew`) shows `newForm` at once.
 */
export function RecordEditorPage<Row>({
  query,
  isNew,
  back,
  skeleton,
  heading,
  documentTitle,
  loadFailed,
  missingText,
  newForm,
  form,
}: {
  /** The record's query; disabled for a new record. */
  query: UseQueryResult<Row>;
  isNew: boolean;
  back: ReactNode;
  skeleton: ReactNode;
  heading: string;
  documentTitle: string;
  loadFailed: string;
  missingText: string;
  newForm: ReactNode;
  form: (row: Row) => ReactNode;
}) {
  const missing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
  useErrorToast(missing ? null : query.error, loadFailed);

  if (isNew) return newForm;
  if (query.isPending) {
    return (
      <>
        {back}
        {skeleton}
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        <title>{documentTitle}</title>
        {back}
        <PageHeader title={heading} />
        <LoadError
          error={query.error}
          fallback={loadFailed}
          onRetry={() => query.refetch()}
          missingText={missing ? missingText : undefined}
        />
      </>
    );
  }
  return form(query.data);
}
