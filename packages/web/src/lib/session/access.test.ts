import type { VendorMembership } from '@automate/contract';
import { describe, expect, it } from 'vitest';
import { makeSuperAdmin, makeToken, makeUser } from '@/testing/sessions.ts';
import { linkedVendor, loginPathFor, resolveAccess, safeReturnPath } from './access.ts';
import { type SessionState, SIGNED_OUT } from './session-store.ts';
import { isTokenUsable, readTokenExpiry } from './token.ts';

const NOW = Date.parse('2026-03-01T10:00:00Z');
const signedIn = (user: SessionState['user']): SessionState => ({ ...SIGNED_OUT, user });
const at = (pathname: string, search = '') => ({ pathname, search });

describe('guards', () => {
  it('lets anyone see public, auth, ServiceM8 and payment pages', () => {
    for (const path of [
      '/',
      '/help/faq',
      '/privacypolicy',
      '/auth/login',
      '/sm8/activate',
      '/payment/close',
      '/apple',
    ]) {
      expect(resolveAccess(at(path), SIGNED_OUT, NOW)).toEqual({ kind: 'allow' });
    }
  });

  it('sends /app and /admin without a stored user to /auth/login, remembering the way back', () => {
    expect(resolveAccess(at('/app/dashboard'), SIGNED_OUT, NOW)).toEqual({
      kind: 'login',
      to: '/auth/login?redirect=%2Fapp%2Fdashboard',
    });
    expect(resolveAccess(at('/admin'), SIGNED_OUT, NOW)).toEqual({
      kind: 'login',
      to: '/auth/login?redirect=%2Fadmin',
    });
    expect(resolveAccess(at('/app/automation/search', '?PageNumber=2'), SIGNED_OUT, NOW)).toEqual({
      kind: 'login',
      to: `/auth/login?redirect=${encodeURIComponent('/app/automation/search?PageNumber=2')}`,
    });
  });

  it('sends an expired session to /auth/login', () => {
    const user = makeUser({ expiresAt: NOW - 1 });
    expect(resolveAccess(at('/app/dashboard'), signedIn(user), NOW).kind).toBe('login');
  });

  it('sends a token that does not decode to /auth/login', () => {
    const user = { ...makeUser({ expiresAt: NOW + 3_600_000 }), token: 'garbage' };
    expect(resolveAccess(at('/app/dashboard'), signedIn(user), NOW).kind).toBe('login');
  });

  it('sends a token whose exp claim has passed to /auth/login, whatever tokenExpiry says', () => {
    const user = { ...makeUser({ expiresAt: NOW + 3_600_000 }), token: makeToken(NOW - 1000) };
    expect(resolveAccess(at('/app/dashboard'), signedIn(user), NOW).kind).toBe('login');
  });

  it('lets a valid session into /app', () => {
    expect(resolveAccess(at('/app/dashboard'), signedIn(makeUser()), NOW).kind).toBe('allow');
  });

  it('shows the not-found page for /admin to anyone but a super admin', () => {
    const vendorAdmin = makeUser();
    expect(resolveAccess(at('/admin'), signedIn(vendorAdmin), NOW)).toEqual({ kind: 'not-found' });
    expect(resolveAccess(at('/admin/vendors/search'), signedIn(vendorAdmin), NOW)).toEqual({ kind: 'not-found' });
    expect(resolveAccess(at('/admin/dashboard'), signedIn(makeSuperAdmin()), NOW)).toEqual({ kind: 'allow' });
  });

  it('does not mistake look-alike paths for the app', () => {
    expect(resolveAccess(at('/application'), SIGNED_OUT, NOW).kind).toBe('allow');
    expect(resolveAccess(at('/administrator'), SIGNED_OUT, NOW).kind).toBe('allow');
  });
});

describe('the way back after signing in', () => {
  it('follows paths inside the app', () => {
    expect(safeReturnPath('/app/automation/search?PageNumber=2#top')).toBe('/app/automation/search?PageNumber=2#top');
    expect(safeReturnPath('/admin/vendors/search')).toBe('/admin/vendors/search');
  });

  it('never leaves the app', () => {
    for (const value of [
      null,
      '',
      'https://evil.example/app',
      '//evil.example/app',
      '/\\evil.example',
      '/auth/login',
      'app',
    ]) {
      expect(safeReturnPath(value)).toBe('/app/dashboard');
    }
  });

  it('only remembers protected paths', () => {
    expect(loginPathFor('/help')).toBe('/auth/login');
    expect(loginPathFor(null)).toBe('/auth/login');
  });
});

describe('the Account area and links naming a business', () => {
  const [admin, member] = makeUser().vendors as [VendorMembership, VendorMembership];
  const on = (vendorId: string | null): SessionState => ({ ...signedIn(makeUser()), vendorId });

  it('shows the Account area to the business’s Admin and a super admin, the not-found page to anyone else', () => {
    expect(admin.role).toBe('Admin');
    expect(member.role).toBe('User');
    expect(resolveAccess(at('/app/account/team'), on(admin.vendorId), NOW).kind).toBe('allow');
    expect(resolveAccess(at('/app/account/team'), on(member.vendorId), NOW).kind).toBe('not-found');
    expect(resolveAccess(at('/app/account/subscription/overview'), on(null), NOW).kind).toBe('not-found');
    expect(resolveAccess(at('/app/account/team'), { ...signedIn(makeSuperAdmin()), vendorId: null }, NOW).kind).toBe(
      'allow',
    );
    expect(resolveAccess(at('/app/automation/logs'), on(member.vendorId), NOW).kind).toBe('allow');
  });

  it('switches to the business a link names when the person is a member, and drops the parameter', () => {
    const link = (vendorId: string) => at('/app/automation/logs', `?vendor=${vendorId}&PageNumber=2`);
    expect(linkedVendor(link(member.vendorId), on(admin.vendorId))).toEqual({
      switchTo: member.vendorId,
      to: '/app/automation/logs?PageNumber=2',
    });
    expect(linkedVendor(link(member.vendorId), on(member.vendorId))?.switchTo).toBeNull();
    expect(linkedVendor(link('not-a-member'), on(admin.vendorId))).toEqual({
      switchTo: null,
      to: '/app/automation/logs?PageNumber=2',
    });
    expect(linkedVendor(at('/app/dashboard'), on(admin.vendorId))).toBeNull();
  });
});

describe('tokens', () => {
  it('reads the exp claim', () => {
    expect(readTokenExpiry(makeToken(NOW + 60_000))).toBe(Math.floor((NOW + 60_000) / 1000) * 1000);
    expect(readTokenExpiry('a.b.c')).toBeNull();
    expect(isTokenUsable(makeToken(NOW + 60_000), NOW)).toBe(true);
    expect(isTokenUsable(makeToken(NOW - 60_000), NOW)).toBe(false);
  });

  it('finds no expiry in what is not a signed token with an exp claim', () => {
    const part = (value: unknown) => btoa(JSON.stringify(value)).replaceAll('=', '');
    const header = part({ alg: 'HS256' });
    expect(readTokenExpiry(`${header}.${part({ sub: 'user' })}.signature`)).toBeNull();
    expect(readTokenExpiry(`${header}.${part([1, 2])}.signature`)).toBeNull();
    expect(readTokenExpiry(`${header}.${part({ exp: '1700000000' })}.signature`)).toBeNull();
    expect(readTokenExpiry(`${header}.${part({ exp: 1_700_000_000 })}`)).toBeNull();
    expect(readTokenExpiry('not a token')).toBeNull();
    expect(isTokenUsable('', NOW)).toBe(false);
  });
});
