import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render the app into.');

const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
