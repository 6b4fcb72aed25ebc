import { Outlet } from 'react-router';
import { ScrollManager } from './scroll-manager.tsx';

/** Around every page: scrolling on navigation, then the page. */
export function RootLayout() {
  return (
    <>
      <ScrollManager />
      <Outlet />
    </>
  );
}
