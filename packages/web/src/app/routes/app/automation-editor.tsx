import Box from '@mui/material/Box';
import { ActivityLog } from '@/features/audit/audit-log.tsx';
import { TriggerEditor } from '@/features/automation/editor/trigger-editor.tsx';
import { vendorRoute } from './vendor-route.tsx';

/**
 * /app/automation/view/{id} and /app/automation/view/new: the trigger editor, and a saved one's history.
 * A module of its own, so opening an automation loads the editor without the list, logs and templates.
 */
export const AutomationViewRoute = vendorRoute((vendor, { id = '' }) => (
  <>
    <TriggerEditor key={`${vendor.vendorId}/${id}`} vendorId={vendor.vendorId} id={id} />
    {id === 'new' ? null : (
      <Box sx={{ mt: 3 }}>
        <ActivityLog key={`${vendor.vendorId}/${id}`} title="History" vendorId={vendor.vendorId} triggerId={id} />
      </Box>
    )}
  </>
));
