import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { installPreloadErrorHandler } from '@/lib/preload-error.ts';
import { installSession, session } from '@/lib/session/session.ts';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render the app into.');

installPreloadErrorHandler();
installSession();
const router = createAppRouter(session);

createRoot(container).render(
  <StrictMode>
    <AppProviders session={session}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
