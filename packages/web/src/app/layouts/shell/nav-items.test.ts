import { describe, expect, it } from 'vitest';
import { type SessionState, SIGNED_OUT } from '@/lib/session/session-store.ts';
import { makeSuperAdmin, makeUser, OTHER_VENDOR_ID, VENDOR_A, VENDOR_B } from '@/testing/sessions.ts';
import { AUTOMATION_SEARCH_PATH, adminNavItems, appNavItems, navContextOf } from './nav-items.ts';

function labels(state: SessionState, feedbackAvailable = true): string[] {
  return appNavItems(navContextOf(state, feedbackAvailable)).map((item) => item.label);
}

describe('the sidebar links', () => {
  it('a vendor Admin sees everything but Super admin', () => {
    const state: SessionState = { ...SIGNED_OUT, user: makeUser(), vendorId: VENDOR_A.vendorId };
    expect(labels(state)).toEqual([
      'Dashboard',
      'Automation',
      'Templates',
      'Help Center',
      'Account',
      "What's new",
      'Feedback',
    ]);
  });

  it('a vendor User sees neither Account nor Super admin', () => {
    const state: SessionState = { ...SIGNED_OUT, user: makeUser(), vendorId: VENDOR_B.vendorId };
    expect(labels(state)).toEqual(['Dashboard', 'Automation', 'Templates', 'Help Center', "What's new", 'Feedback']);
  });

  it('vendor items need a current vendor', () => {
    const state: SessionState = { ...SIGNED_OUT, user: makeUser({ vendors: [] }), vendorId: null };
    expect(labels(state)).toEqual(['Dashboard', 'Help Center', "What's new", 'Feedback']);
  });

  it('a super admin sees Super admin, and Account once acting as a vendor through the override', () => {
    const admin = makeSuperAdmin();
    expect(labels({ ...SIGNED_OUT, user: admin })).toEqual([
      'Dashboard',
      'Help Center',
      'Super admin',
      "What's new",
      'Feedback',
    ]);
    const acting: SessionState = {
      ...SIGNED_OUT,
      user: admin,
      vendorId: OTHER_VENDOR_ID,
      vendorOverride: { vendorId: OTHER_VENDOR_ID, name: 'Charlie Gas', sm8Connected: false },
    };
    expect(labels(acting)).toEqual([
      'Dashboard',
      'Automation',
      'Templates',
      'Help Center',
      'Super admin',
      'Account',
      "What's new",
      'Feedback',
    ]);
  });

  it('no Super admin link in an automatic session', () => {
    expect(labels({ ...SIGNED_OUT, user: makeSuperAdmin(), automatic: true })).not.toContain('Super admin');
  });

  it('links the super admin area to the feedback received', () => {
    const feedback = adminNavItems({ feedbackAvailable: true }).find((item) => item.label === 'Feedback received');
    expect(feedback).toMatchObject({ kind: 'link', to: '/admin/feedback' });
  });

  it('hides Feedback when it cannot be sent', () => {
    expect(labels({ ...SIGNED_OUT, user: makeUser(), vendorId: VENDOR_A.vendorId }, false)).not.toContain('Feedback');
  });

  it('opens Automation on page 1, 50 per page, sorted by name ascending', () => {
    const url = new URL(AUTOMATION_SEARCH_PATH, 'http://x');
    expect(url.pathname).toBe('/app/automation/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      PageNumber: '1',
      PageSize: '50',
      SortBy: 'name',
      SortDir: 'Ascending',
    });
  });
});
