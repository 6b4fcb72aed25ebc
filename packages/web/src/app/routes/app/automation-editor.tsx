import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import type { Params } from 'react-router';
import { getTriggerQueryOptions } from '@/features/automation/api/get-trigger.ts';
import { NEW_TRIGGER_ID, TriggerEditor } from '@/features/automation/editor/trigger-editor.tsx';
import { prefetchVendorLookups } from '@/features/automation/editor/vendor-lookups.tsx';
import { sessionQueryClient } from '@/lib/data-provider.tsx';
import { getCurrentVendor, type SessionStore } from '@/lib/session/session-store.ts';
import { vendorRoute } from './vendor-route.tsx';

/**
 * A saved trigger's history, below its editor, loads after it: its table (with MUI's pagination, which
 * makes a number format as it loads) is not part of opening the editor, and a new trigger has no history.
 */
const ActivityLog = lazy(() =>
  import('@/features/audit/audit-log.tsx').then((module) => ({ default: module.ActivityLog })),
);

/** Starts the editor's requests (the route's loader calls it): the trigger, and the vendor's records and templates. */
export function prefetchEditorData(session: SessionStore, { id = '' }: Readonly<Params>): void {
  const vendor = getCurrentVendor(session.getState());
  if (!vendor) return;
  const client = sessionQueryClient(session);
  if (id !== NEW_TRIGGER_ID) void client.prefetchQuery(getTriggerQueryOptions(vendor.vendorId, id));
  prefetchVendorLookups(client, vendor.vendorId);
}

/**
 * /app/automation/view/{id} and /app/automation/view/new: the trigger editor, and a saved one's history.
 * A module of its own, so opening an automation loads the editor without the list, logs and templates.
 */
export const AutomationViewRoute = vendorRoute((vendor, { id = '' }) => (
  <>
    <TriggerEditor key={`${vendor.vendorId}/${id}`} vendorId={vendor.vendorId} id={id} />
    {id === NEW_TRIGGER_ID ? null : (
      <Box sx={{ mt: 3 }}>
        <Suspense fallback={null}>
          <ActivityLog key={`${vendor.vendorId}/${id}`} title="History" vendorId={vendor.vendorId} triggerId={id} />
        </Suspense>
      </Box>
    )}
  </>
));
