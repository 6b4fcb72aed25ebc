import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { createAppTheme } from '@/app/theme.ts';
import { ConfirmProvider } from '@/components/ui/confirm-dialog.tsx';
import { Toaster } from '@/components/ui/toaster.tsx';

/**
 * The app's theme as people who ask for reduced motion get it: dialogs, drawers and menus come and go
 * at once and buttons do not ripple, so tests do not wait out (and poll the DOM through) animations
 * nothing checks. Made once: a theme is only read.
 */
const stillTheme = createAppTheme({ reducedMotion: true });

/** A query client for one test: no retries, nothing shared between tests. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } } });
}

/** Renders a component with what features expect around them: theme, data cache, toasts and a router. */
export function renderWithProviders(ui: ReactElement, { client = testQueryClient() }: { client?: QueryClient } = {}) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ThemeProvider theme={stillTheme}>
      <QueryClientProvider client={client}>
        <MemoryRouter>{children}</MemoryRouter>
        <Toaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
  return { client, ...render(ui, { wrapper }) };
}

/**
 * Renders `ui` as the page at `path` (a route pattern) of a data router opened at `at`, with the theme,
 * data cache, toasts and the confirm dialog: for components that use data-router features (`useBlocker`).
 * Any other path (and each of `elsewhere`, for paths `path` would also match) renders a marker, so tests
 * can see where navigation went.
 */
export function renderAsRoute(
  ui: ReactElement,
  {
    path,
    at,
    client = testQueryClient(),
    elsewhere = [],
  }: { path: string; at: string; client?: QueryClient; elsewhere?: string[] },
) {
  const router = createMemoryRouter(
    [
      { path, element: ui },
      ...elsewhere.map((other) => ({ path: other, element: <p data-testid="elsewhere">{other}</p> })),
      { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [at] },
  );
  const result = render(
    <ThemeProvider theme={stillTheme}>
      <QueryClientProvider client={client}>
        <ConfirmProvider>
          <RouterProvider router={router} />
          <Toaster />
        </ConfirmProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { client, router, ...result };
}

type Handler = (request: { method: string; url: URL; body: unknown }) => { status: number; body: unknown } | undefined;

/**
 * Replaces `fetch` with answers from `handler` (the server's envelope shapes); unknown calls answer the
 * server's JSON 404. Returns the calls made, for assertions.
 */
export function stubFetch(handler: Handler) {
  const calls: Array<{ method: string; url: URL; headers: Headers; body: unknown }> = [];
  const original = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body =
      typeof init?.body === 'string'
        ? (JSON.parse(init.body) as unknown)
        : init?.body instanceof FormData
          ? init.body
          : undefined;
    calls.push({ method, url, headers: new Headers(init?.headers), body });
    const answer = handler({ method, url, body }) ?? {
      status: 404,
      body: { success: false, code: 'NOT_FOUND', message: `No route ${method} ${url.pathname}.` },
    };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return {
    calls,
    restore() {
      globalThis.fetch = original;
    },
  };
}
