import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '@/lib/query-client.ts';
import { useSessionStore } from '@/lib/session/session.ts';
import type { SessionStore } from '@/lib/session/session-store.ts';

const clients = new WeakMap<SessionStore, QueryClient>();

/**
 * The data cache of a session: one, however many parts of the app read it. A 401 on any query while
 * signed in signs out, and the cache is emptied whenever the signed-in person changes, so nobody sees
 * the previous person's data.
 */
export function sessionQueryClient(session: SessionStore): QueryClient {
  const existing = clients.get(session);
  if (existing) return existing;
  const client = createQueryClient({
    onUnauthenticated: () => {
      if (session.getState().user) session.logout();
    },
  });
  let userId = session.getState().user?.id ?? null;
  session.subscribe(() => {
    const next = session.getState().user?.id ?? null;
    if (next !== userId) client.clear();
    userId = next;
  });
  clients.set(session, client);
  return client;
}

/**
 * The data cache for what it wraps. Not in the app's entry: the pages that show without server data
 * (home, sign-in) load without the query library.
 */
export function DataProvider({ children }: { children: ReactNode }) {
  const session = useSessionStore();
  return <QueryClientProvider client={sessionQueryClient(session)}>{children}</QueryClientProvider>;
}
