import { placeholderRoute } from '../route-pages.tsx';

export const AdminTemplatesRoute = placeholderRoute(
  'Automation templates',
  'The templates vendors can copy, to search, create, edit and publish.',
);

export const AdminTemplateRoute = placeholderRoute(
  'Automation template',
  ({ id = '' }) => `The editor for automation template ${id}.`,
);

export const AdminRunsRoute = placeholderRoute(
  'Trigger runs',
  'Every trigger run across all vendors, filterable by vendor, status and time, with its log.',
);
