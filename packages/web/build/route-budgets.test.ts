import { describe, expect, it } from 'vitest';
import { budgetBreaches, type Manifest, measureRoutes, routePreloads, sizeReport } from './route-budgets.ts';

/** A build of an entry, a shared chunk, two pages and the editor the second page opens later. */
const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js' },
  '_mui.js': { file: 'assets/mui.js', imports: ['_react.js'] },
  'src/login.tsx': { file: 'assets/login.js', imports: ['_mui.js'] },
  'src/dashboard.tsx': { file: 'assets/dashboard.js', imports: ['_mui.js'], dynamicImports: ['src/editor.tsx'] },
  'src/editor.tsx': { file: 'assets/editor.js', imports: ['_mui.js'] },
  'style.css': { file: 'assets/style.css' },
};
const GZIP_BYTES: Record<string, number> = {
  'assets/index.js': 10_240,
  'assets/react.js': 40_960,
  'assets/mui.js': 30_720,
  'assets/login.js': 2_048,
  'assets/dashboard.js': 5_120,
  'assets/editor.js': 99_999,
};
const gzipBytesOf = (file: string) => GZIP_BYTES[file] ?? 0;

describe('route budgets', () => {
  it('counts the entry and each static import of the route once, and no code it loads later', () => {
    const [dashboard] = measureRoutes(MANIFEST, gzipBytesOf, [
      { route: '/app/dashboard', modules: ['src/dashboard.tsx'], maxGzipKb: 100 },
    ]);
    expect(dashboard?.files.sort()).toEqual([
      'assets/dashboard.js',
      'assets/index.js',
      'assets/mui.js',
      'assets/react.js',
    ]);
    expect(dashboard?.gzipKb).toBe(85);
  });

  it('names the route over its budget and its size', () => {
    const sizes = measureRoutes(MANIFEST, gzipBytesOf, [
      { route: '/auth/login', modules: ['src/login.tsx'], maxGzipKb: 80 },
      { route: '/app/dashboard', modules: ['src/dashboard.tsx'], maxGzipKb: 100 },
    ]);
    expect(budgetBreaches(sizes)).toEqual(['/auth/login loads 82 KB of JavaScript (gzip), over its budget of 80 KB.']);
    expect(sizeReport(sizes)).toContain('| `/auth/login` | 82 KB | 80 KB | 4 |');
  });

  it('refuses a budget that names a module the build does not have', () => {
    expect(() =>
      measureRoutes(MANIFEST, gzipBytesOf, [{ route: '/gone', modules: ['src/gone.tsx'], maxGzipKb: 1 }]),
    ).toThrow('The route budget of /gone names src/gone.tsx, which the build does not have.');
  });

  it('preloads for each route the files the entry does not already load', () => {
    const sizes = measureRoutes(MANIFEST, gzipBytesOf, [
      { route: '/auth/login', modules: ['src/login.tsx'], maxGzipKb: 100 },
      { route: '/', modules: [], maxGzipKb: 100 },
    ]);
    expect(routePreloads(MANIFEST, sizes)).toEqual({
      '/auth/login': ['/assets/login.js', '/assets/mui.js'],
      '/': [],
    });
  });
});
