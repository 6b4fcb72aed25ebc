import { Outlet } from 'react-router';
import { DataProvider } from '@/lib/data-provider.tsx';

/** A pathless route around the pages that read server data (the data cache is not in the app's entry). */
export function DataLayout() {
  return (
    <DataProvider>
      <Outlet />
    </DataProvider>
  );
}
