import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import { TriggerEditor } from '@/features/automation/editor/trigger-editor.tsx';
import { vendorRoute } from './vendor-route.tsx';

/**
 * A saved trigger's history, below its editor, loads after it: its table (with MUI's pagination, which
 * makes a number format as it loads) is not part of opening the editor, and a new trigger has no history.
 */
const ActivityLog = lazy(() => import('@/features/audit/audit-log.tsx').then((module) => ({ default: module.ActivityLog })));

/**
 * /app/automation/view/{id} and /app/automation/view/new: the trigger editor, and a saved one's history.
 * A module of its own, so opening an automation loads the editor without the list, logs and templates.
 */
export const AutomationViewRoute = vendorRoute((vendor, { id = '' }) => (
  <>
    <TriggerEditor key={`${vendor.vendorId}/${id}`} vendorId={vendor.vendorId} id={id} />
    {id === 'new' ? null : (
      <Box sx={{ mt: 3 }}>
        <Suspense fallback={null}>
          <ActivityLog key={`${vendor.vendorId}/${id}`} title="History" vendorId={vendor.vendorId} triggerId={id} />
        </Suspense>
      </Box>
    )}
  </>
));
