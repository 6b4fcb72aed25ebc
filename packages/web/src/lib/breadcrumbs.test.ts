import { describe, expect, it } from 'vitest';
import { buildBreadcrumbs, type CrumbMatch, fillPath } from './breadcrumbs.ts';

const match = (pathname: string, handle?: unknown, params: Record<string, string> = {}): CrumbMatch => ({
  pathname,
  params,
  handle,
});

describe('the breadcrumb builder', () => {
  it('lists the matched route chain, each crumb linking to its path, the last one current', () => {
    const crumbs = buildBreadcrumbs([
      match('/', undefined),
      match('/', undefined),
      match('/app', { name: 'Home' }),
      match('/app/automation', { name: 'Automation' }),
      match('/app/automation/search', { name: 'Search' }),
    ]);
    expect(crumbs).toEqual([
      { label: 'Home', to: '/app', current: false },
      { label: 'Automation', to: '/app/automation', current: false },
      { label: 'Search', to: '/app/automation/search', current: true },
    ]);
  });

  it('prefers the meta name over the route name', () => {
    const crumbs = buildBreadcrumbs([
      match('/admin', { name: 'admin', meta: { name: 'Super admin' } }),
      match('/admin/users', { name: 'admin-users' }),
    ]);
    expect(crumbs.map((crumb) => crumb.label)).toEqual(['Super admin', 'admin-users']);
  });

  it('fills the parameters into each crumb’s path', () => {
    const params = { id: 'v-42', invoiceId: 'inv 7' };
    const crumbs = buildBreadcrumbs([
      { pattern: '/admin', params, handle: { name: 'Super admin' } },
      { pattern: '/admin/vendors', params, handle: { name: 'Vendors' } },
      { pattern: '/admin/vendors/:id', params, handle: { name: 'Vendor' } },
      { pattern: '/admin/vendors/:id/invoice/:invoiceId', params, handle: { name: 'Invoice' } },
    ]);
    expect(crumbs.map((crumb) => crumb.to)).toEqual([
      '/admin',
      '/admin/vendors',
      '/admin/vendors/v-42',
      '/admin/vendors/v-42/invoice/inv%207',
    ]);
    expect(crumbs.at(-1)?.current).toBe(true);
  });

  it('uses the matched path React Router reports, parameters already filled', () => {
    const crumbs = buildBreadcrumbs([
      match('/app/automation/view/abc', { name: 'Automation details' }, { id: 'abc' }),
      match('/app/automation/view/abc/logs', { name: 'Logs' }, { id: 'abc' }),
    ]);
    expect(crumbs.map((crumb) => crumb.to)).toEqual(['/app/automation/view/abc', '/app/automation/view/abc/logs']);
  });

  it('skips routes without a name (layouts, redirects) and merges an index page into its parent', () => {
    const crumbs = buildBreadcrumbs([
      match('/app', { name: 'Home' }),
      match('/app/help', { name: 'Help Center' }),
      match('/app/help/', undefined),
      match('/app/help/', { name: 'Help index' }),
    ]);
    expect(crumbs).toEqual([
      { label: 'Home', to: '/app', current: false },
      { label: 'Help index', to: '/app/help', current: true },
    ]);
  });

  it('ignores blank names and gives no crumbs for no named routes', () => {
    expect(buildBreadcrumbs([match('/x', { name: '  ' }), match('/y', { meta: {} })])).toEqual([]);
    expect(buildBreadcrumbs([])).toEqual([]);
  });

  it('fills optional parameters and drops missing optional ones', () => {
    expect(fillPath('/help/:category/:slug?', { category: 'guides' })).toBe('/help/guides');
    expect(fillPath('/help/:category/:slug?', { category: 'guides', slug: 'first' })).toBe('/help/guides/first');
  });
});
