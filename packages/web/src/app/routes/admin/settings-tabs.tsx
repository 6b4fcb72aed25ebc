import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';
import { type Params, Link as RouterLink, useLocation } from 'react-router';
import { paddedRoute } from '../route-pages.tsx';

/** The super admin's settings pages; each tab is the page whose path begins with its section. */
const SETTINGS_TABS = [
  { label: 'Products', to: '/admin/settings/products/search', section: '/admin/settings/products' },
  { label: 'Invoicing', to: '/admin/settings/invoicing', section: '/admin/settings/invoicing' },
  { label: 'Emails', to: '/admin/settings/emails/search', section: '/admin/settings/emails' },
  {
    label: 'Trigger templates',
    to: '/admin/settings/trigger/templates/search',
    section: '/admin/settings/trigger/templates',
  },
] as const;

function SettingsTabs() {
  const { pathname } = useLocation();
  const current = SETTINGS_TABS.findIndex((tab) => pathname.startsWith(tab.section));
  return (
    <Tabs
      value={current === -1 ? false : current}
      aria-label="Settings"
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ mb: 3, borderBottom: 1, borderColor: 'divider', displayPrint: 'none' }}
    >
      {SETTINGS_TABS.map((tab) => (
        <Tab key={tab.to} label={tab.label} component={RouterLink} to={tab.to} />
      ))}
    </Tabs>
  );
}

/** A settings page: the settings' tabs above it, in the shell's padding. */
export function settingsRoute(render: (params: Readonly<Params>) => ReactNode) {
  return paddedRoute((params) => (
    <>
      <SettingsTabs />
      {render(params)}
    </>
  ));
}
