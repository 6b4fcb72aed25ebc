import { useParams } from 'react-router';
import { PlaceholderPage } from '@/components/ui/placeholder-page.tsx';

export function AdminTemplatesRoute() {
  return (
    <PlaceholderPage
      title="Automation templates"
      description="The templates vendors can copy, to search, create, edit and publish."
    />
  );
}

export function AdminTemplateRoute() {
  const { id = '' } = useParams();
  return <PlaceholderPage title="Automation template" description={`The editor for automation template ${id}.`} />;
}

export function AdminRunsRoute() {
  return (
    <PlaceholderPage
      title="Trigger runs"
      description="Every trigger run across all vendors, filterable by vendor, status and time, with its log."
    />
  );
}
