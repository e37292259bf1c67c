import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { AdminProvider } from './provider';
import { createAdminRouter } from './router';

/** The whole panel in the browser. */
export function AdminApp() {
  const [router] = useState(createAdminRouter);
  // Marks the page as live, as the site does (app/app.tsx).
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
  return (
    <AdminProvider>
      <RouterProvider router={router} />
    </AdminProvider>
  );
}
