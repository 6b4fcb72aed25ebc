import { Outlet } from 'react-router';
import { SkipLink } from '@/components/ui/skip-link.tsx';
import { ScrollManager } from './scroll-manager.tsx';

/** Around every page: the skip link, scrolling on navigation, then the page. */
export function RootLayout() {
  return (
    <>
      <SkipLink />
      <ScrollManager />
      <Outlet />
    </>
  );
}
