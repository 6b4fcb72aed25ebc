/** Business and interface constants. Numbers are exact: users and tests rely on them. */

import type { PLATFORM_ROLES } from './enums.ts';

export const APP_VERSION = '1.8.0';

export const STORAGE_KEYS = {
  user: 'automate.admin.user',
  vendorId: 'automate.admin.vendorId',
  vendorName: 'automate.admin.vendorName',
  changelogLastSeen: 'automate.app.changelog.lastSeenUpdated',
} as const;

export const THEME_COLORS = {
  primary: '#5786B3',
  secondary: '#D4A13A',
  ternary: '#115E3A',
} as const;

export const LOCALE = { default: 'nz', fallback: 'en' } as const;

/** Below this width (px) the layout is treated as mobile; MUI's lg breakpoint. */
export const BREAKPOINT_LG = 1280;

export const SIDEBAR = { expandedWidth: 256, railWidth: 56 } as const;

export const DIALOG_WIDTHS = { confirm: 500, feedbackMax: 800, changelogMax: 1200 } as const;

export const SKELETON_ROWS = { changelog: 3, article: 4 } as const;

export const TOASTS = {
  timeoutMs: 5000,
  max: 20,
  position: { vertical: 'top', horizontal: 'right' },
  notificationPosition: { vertical: 'bottom', horizontal: 'center' },
} as const;

/** Auth plugin defaults named by the spec (likely unused by the SPA). */
export const AUTH_DEFAULTS = { tokenRefreshMinutes: 30, cookieDays: 14 } as const;

export const CHANGELOG_ARTICLE = { category: 'communication', slug: 'changelog' } as const;

export const PAGE_SIZE_MAX = 500;
export const PAGE_SIZE_DEFAULT = 50;

/** The stable `code` of every failure the server answers (`ErrorBody`). */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'EMAIL_NOT_VERIFIED',
  'FORBIDDEN',
  'ACCOUNT_LOCKED',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
] as const;

export const SUPER_ADMIN: (typeof PLATFORM_ROLES)[number] = 'SuperAdmin';
