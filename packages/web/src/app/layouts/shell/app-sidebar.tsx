import { APP_VERSION, SIDEBAR } from '@automate/contract';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArticleIcon from '@mui/icons-material/Article';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import BoltIcon from '@mui/icons-material/Bolt';
import CloseIcon from '@mui/icons-material/Close';
import DashboardIcon from '@mui/icons-material/Dashboard';
import FeedbackIcon from '@mui/icons-material/Feedback';
import HelpCenterIcon from '@mui/icons-material/HelpCenter';
import HistoryIcon from '@mui/icons-material/History';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import PeopleIcon from '@mui/icons-material/People';
import QuizIcon from '@mui/icons-material/Quiz';
import SettingsIcon from '@mui/icons-material/Settings';
import StorefrontIcon from '@mui/icons-material/Storefront';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { memo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { NavIcon, NavItem } from './nav-items.ts';

const ICONS: Record<NavIcon, ReactNode> = {
  dashboard: <DashboardIcon />,
  automation: <BoltIcon />,
  templates: <LibraryBooksIcon />,
  help: <HelpCenterIcon />,
  'super-admin': <AdminPanelSettingsIcon />,
  account: <AccountBalanceIcon />,
  'whats-new': <AutoAwesomeIcon />,
  feedback: <FeedbackIcon />,
  vendors: <StorefrontIcon />,
  users: <PeopleIcon />,
  runs: <HistoryIcon />,
  articles: <ArticleIcon />,
  faq: <QuizIcon />,
  settings: <SettingsIcon />,
  back: <ArrowBackIcon />,
};

function isActive(pathname: string, match: string): boolean {
  return pathname === match || pathname.startsWith(`${match}/`);
}

/**
 * From lg up the sidebar sits beside the page and switches between expanded (256 px) and a rail (56 px)
 * where only icons show (with their names as tooltips). Below lg (`drawer`) it is a temporary drawer
 * over the page, always expanded, closed by its backdrop, Escape or its close button. The vendor area
 * sits on top, the app version at the bottom.
 */
export const AppSidebar = memo(function AppSidebar({
  expanded,
  drawer,
  items,
  onAction,
  vendorArea,
  ariaLabel,
}: {
  expanded: boolean;
  /** Below lg: whether the drawer is open, whether it stays in the page while closed, and how it asks to close. */
  drawer: { open: boolean; keptMounted: boolean; onClose: () => void } | null;
  items: readonly NavItem[];
  onAction: (action: 'changelog' | 'feedback') => void;
  /** The vendor selector or the current vendor's name; shown when expanded. */
  vendorArea: ReactNode;
  ariaLabel: string;
}) {
  const { pathname } = useLocation();
  const width = expanded ? SIDEBAR.expandedWidth : SIDEBAR.railWidth;

  return (
    <Drawer
      variant={drawer ? 'temporary' : 'permanent'}
      {...(drawer
        ? { open: drawer.open, onClose: drawer.onClose, ModalProps: { keepMounted: drawer.keptMounted } }
        : {})}
      id="app-sidebar"
      data-testid="sidebar"
      // The vendor, the links and the version sit in one landmark, the links' own nav inside it.
      slotProps={{ paper: { component: 'aside', 'aria-label': 'Sidebar' } }}
      data-state={drawer ? (drawer.open ? 'drawer-open' : 'drawer-closed') : expanded ? 'expanded' : 'rail'}
      sx={(theme) => ({
        width: drawer ? undefined : width,
        flexShrink: 0,
        whiteSpace: 'nowrap',
        transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
        '@media print': { display: 'none' },
        '& .MuiDrawer-paper': {
          width,
          overflowX: 'hidden',
          boxSizing: 'border-box',
          transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
        },
      })}
    >
      {drawer ? (
        <Toolbar sx={{ justifyContent: 'flex-end' }}>
          <IconButton onClick={drawer.onClose} aria-label="Close the menu" edge="end">
            <CloseIcon />
          </IconButton>
        </Toolbar>
      ) : (
        <Toolbar />
      )}
      {expanded && vendorArea ? (
        <>
          <Box sx={{ px: 2, pt: 2, pb: 1 }} data-testid="sidebar-vendor">
            {vendorArea}
          </Box>
          <Divider />
        </>
      ) : null}
      <Box component="nav" aria-label={ariaLabel} sx={{ flexGrow: 1, overflowY: 'auto', overflowX: 'hidden' }}>
        <List>
          {items.map((item) => {
            const active = item.kind === 'link' && isActive(pathname, item.match);
            const content = (
              <>
                <ListItemIcon
                  sx={{
                    minWidth: 0,
                    mr: expanded ? 2 : 0,
                    justifyContent: 'center',
                    color: active ? 'primary.main' : undefined,
                  }}
                >
                  {ICONS[item.icon]}
                </ListItemIcon>
                <ListItemText
                  primary={item.label}
                  sx={{ opacity: expanded ? 1 : 0, m: 0, display: expanded ? 'block' : 'none' }}
                />
              </>
            );
            const buttonSx = { minHeight: 44, px: 2, justifyContent: expanded ? 'initial' : 'center' };
            const button =
              item.kind === 'link' ? (
                <ListItemButton
                  href={item.to}
                  selected={active}
                  aria-current={active ? 'page' : undefined}
                  aria-label={expanded ? undefined : item.label}
                  sx={buttonSx}
                >
                  {content}
                </ListItemButton>
              ) : (
                <ListItemButton
                  onClick={() => onAction(item.action)}
                  aria-label={expanded ? undefined : item.label}
                  sx={buttonSx}
                >
                  {content}
                </ListItemButton>
              );
            return (
              <ListItem key={item.key} disablePadding sx={{ display: 'block' }}>
                {expanded ? (
                  button
                ) : (
                  <Tooltip title={item.label} placement="right">
                    {button}
                  </Tooltip>
                )}
              </ListItem>
            );
          })}
        </List>
      </Box>
      <Divider />
      <Typography
        variant="caption"
        color="text.secondary"
        data-testid="app-version"
        sx={{ px: 2, py: 1.5, textAlign: expanded ? 'left' : 'center' }}
      >
        {expanded ? `Automate v${APP_VERSION}` : `v${APP_VERSION}`}
      </Typography>
    </Drawer>
  );
});
