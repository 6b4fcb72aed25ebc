import { fileURLToPath } from 'node:url';
import type { RouteObject } from 'react-router';
import { runnerImport } from 'vite';
import { type PagePath, pagePaths } from '../src/app/route-paths.ts';

const WEB_ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Every page of the web app's router, read from `src/app/router.tsx` itself (through Vite, which
 * understands the app's TSX and `@/` imports), for tests that visit every route.
 */
export async function loadPagePaths(): Promise<PagePath[]> {
  // Typed by hand: naming router.tsx's type would make every package that imports this file compile the app's TSX.
  const { module } = await runnerImport<{ createAppRoutes: () => RouteObject[] }>('/src/app/router.tsx', {
    root: WEB_ROOT,
    configFile: false,
    resolve: { alias: { '@': `${WEB_ROOT}src` } },
    logLevel: 'error',
  });
  return pagePaths(module.createAppRoutes());
}
