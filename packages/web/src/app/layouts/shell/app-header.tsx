import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { memo, type ReactNode } from 'react';
import { BrandMark } from '@/components/ui/brand-mark.tsx';

const PROFILE_PATH = '/app/profile';

function initials(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase() || '?';
}

/**
 * The signed-in person's first and last name (a link to their profile), the sidebar toggle, the
 * notices bell (`bell`, for an Admin of the current business), "Switch business" (`switcher`), and Logout (which goes to /auth/login);
 * Logout is hidden in an automatic (ServiceM8 add-on) session.
 */
export const AppHeader = memo(function AppHeader({
  firstName,
  lastName,
  sidebarMode,
  onToggleSidebar,
  showLogout,
  onLogout,
  homePath,
  bell,
  switcher,
}: {
  firstName: string;
  lastName: string;
  /** Beside the page (expanded or a rail, from lg up) or a drawer over it (below lg). */
  sidebarMode: 'expanded' | 'rail' | 'drawer-open' | 'drawer-closed';
  onToggleSidebar: () => void;
  showLogout: boolean;
  onLogout: () => void;
  homePath: string;
  bell?: ReactNode;
  /** "Switch business", for a person who belongs to more than one. */
  switcher?: ReactNode;
}) {
  const fullName = `${firstName} ${lastName}`.trim();
  const open = sidebarMode === 'expanded' || sidebarMode === 'drawer-open';
  const toggleTitle = {
    expanded: 'Collapse the sidebar',
    rail: 'Expand the sidebar',
    'drawer-open': 'Close the menu',
    'drawer-closed': 'Open the menu',
  }[sidebarMode];
  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      sx={(theme) => ({
        zIndex: theme.zIndex.drawer + 1,
        borderBottom: 1,
        borderColor: 'divider',
        '@media print': { display: 'none' },
      })}
    >
      <Toolbar sx={{ gap: 1, pl: { xs: 1, sm: 1 } }}>
        <Tooltip title={toggleTitle}>
          <IconButton
            onClick={onToggleSidebar}
            aria-label="Toggle sidebar"
            aria-expanded={open}
            aria-controls="app-sidebar"
            sx={{ mr: { xs: 0, sm: 1 } }}
          >
            {open ? <MenuOpenIcon /> : <MenuIcon />}
          </IconButton>
        </Tooltip>
        <Link href={homePath} underline="none" aria-label="Automate home">
          <BrandMark />
        </Link>
        <Box sx={{ flexGrow: 1 }} />
        {switcher}
        {bell}
        <Stack
          component={Link}
          href={PROFILE_PATH}
          underline="hover"
          color="inherit"
          title="Your profile"
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center' }}
        >
          <Avatar sx={{ width: 32, height: 32, bgcolor: 'primary.main', fontSize: 14 }} aria-hidden>
            {initials(firstName, lastName)}
          </Avatar>
          <Typography
            data-testid="user-name"
            variant="body2"
            sx={{ fontWeight: 600, display: { xs: 'none', sm: 'block' }, whiteSpace: 'nowrap' }}
          >
            {fullName}
          </Typography>
        </Stack>
        {showLogout ? (
          <Button onClick={onLogout} color="inherit" startIcon={<LogoutIcon />} sx={{ ml: 1 }}>
            Logout
          </Button>
        ) : null}
      </Toolbar>
    </AppBar>
  );
});
