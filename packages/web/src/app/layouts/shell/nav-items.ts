import { toSearchParams, type VendorMembership } from '@automate/contract';
import { getCurrentVendor, isSuperAdmin, type SessionState } from '@/lib/session/session-store.ts';

export type NavIcon =
  | 'dashboard'
  | 'automation'
  | 'templates'
  | 'help'
  | 'super-admin'
  | 'account'
  | 'whats-new'
  | 'feedback'
  | 'vendors'
  | 'users'
  | 'runs'
  | 'articles'
  | 'faq'
  | 'settings'
  | 'back';

export type NavItem =
  | {
      key: string;
      label: string;
      icon: NavIcon;
      kind: 'link';
      to: string /** Highlighted under this path. */;
      match: string;
    }
  | { key: string; label: string; icon: NavIcon; kind: 'action'; action: 'changelog' | 'feedback' };

/** The Automation link opens the search on page 1, 50 per page, sorted by name ascending. */
export const AUTOMATION_SEARCH_PATH = `/app/automation/search?${new URLSearchParams(
  toSearchParams({ PageNumber: 1, PageSize: 50, SortBy: 'name', SortDir: 'Ascending' }),
).toString()}`;

/** What decides the app sidebar's links, as plain values: the links are made again only when one changes. */
export type NavContext = {
  /** The person's role in the current vendor (a super admin acting through the override is its Admin); null without one. */
  vendorRole: VendorMembership['role'] | null;
  /** A super admin outside an automatic session. */
  superAdmin: boolean;
  /**
   * Whether feedback can be sent: an external form is configured, or there is a current business for the
   * built-in form. False hides the Feedback entry.
   */
  feedbackAvailable: boolean;
};

/** The sidebar's facts about the session. */
export function navContextOf(state: SessionState, feedbackAvailable: boolean): NavContext {
  return {
    vendorRole: getCurrentVendor(state)?.role ?? null,
    superAdmin: isSuperAdmin(state.user) && !state.automatic,
    feedbackAvailable,
  };
}

/**
 * The app sidebar's links and their visibility: items for vendor Users show to
 * anyone with a current vendor; Account needs the Admin role in the current vendor (a super admin's
 * override counts as Admin); Super admin is for super admins outside an automatic session.
 */
export function appNavItems({ vendorRole, superAdmin, feedbackAvailable }: NavContext): NavItem[] {
  const items: NavItem[] = [
    {
      key: 'dashboard',
      label: 'Dashboard',
      icon: 'dashboard',
      kind: 'link',
      to: '/app/dashboard',
      match: '/app/dashboard',
    },
  ];
  if (vendorRole !== null) {
    items.push(
      {
        key: 'automation',
        label: 'Automation',
        icon: 'automation',
        kind: 'link',
        to: AUTOMATION_SEARCH_PATH,
        match: '/app/automation/search',
      },
      {
        key: 'templates',
        label: 'Templates',
        icon: 'templates',
        kind: 'link',
        to: '/app/automation/templates',
        match: '/app/automation/templates',
      },
    );
  }
  items.push({ key: 'help', label: 'Help Center', icon: 'help', kind: 'link', to: '/app/help', match: '/app/help' });
  if (superAdmin) {
    items.push({
      key: 'super-admin',
      label: 'Super admin',
      icon: 'super-admin',
      kind: 'link',
      to: '/admin',
      match: '/admin',
    });
  }
  if (vendorRole === 'Admin') {
    items.push({
      key: 'account',
      label: 'Account',
      icon: 'account',
      kind: 'link',
      to: '/app/account',
      match: '/app/account',
    });
  }
  items.push({ key: 'whats-new', label: "What's new", icon: 'whats-new', kind: 'action', action: 'changelog' });
  if (feedbackAvailable) {
    items.push({ key: 'feedback', label: 'Feedback', icon: 'feedback', kind: 'action', action: 'feedback' });
  }
  return items;
}

/** The super admin area's links. */
export function adminNavItems({ feedbackAvailable }: Pick<NavContext, 'feedbackAvailable'>): NavItem[] {
  const link = (key: string, label: string, icon: NavIcon, to: string, match = to): NavItem => ({
    key,
    label,
    icon,
    kind: 'link',
    to,
    match,
  });
  const items: NavItem[] = [
    link('admin-dashboard', 'Dashboard', 'dashboard', '/admin/dashboard'),
    link('admin-vendors', 'Vendors', 'vendors', '/admin/vendors/search', '/admin/vendors'),
    link('admin-users', 'Users', 'users', '/admin/users/search', '/admin/users'),
    link(
      'admin-templates',
      'Templates',
      'templates',
      '/admin/automation/templates/search',
      '/admin/automation/templates',
    ),
    link('admin-runs', 'Trigger runs', 'runs', '/admin/automation/runs'),
    link('admin-articles', 'Articles', 'articles', '/admin/articles/search', '/admin/articles'),
    link('admin-faq', 'FAQ', 'faq', '/admin/faq/search', '/admin/faq'),
    link('admin-feedback', 'Feedback received', 'feedback', '/admin/feedback'),
    link('admin-settings', 'Settings', 'settings', '/admin/settings', '/admin/settings'),
    link('back-to-app', 'Back to the app', 'back', '/app/dashboard', '/app'),
    { key: 'whats-new', label: "What's new", icon: 'whats-new', kind: 'action', action: 'changelog' },
  ];
  if (feedbackAvailable) {
    items.push({ key: 'feedback', label: 'Feedback', icon: 'feedback', kind: 'action', action: 'feedback' });
  }
  return items;
}
