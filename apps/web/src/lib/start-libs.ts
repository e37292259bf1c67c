/**
 * One step of the app's start (main.ts): React Router and TanStack Query evaluated in a task of
 * their own. Named exports, not the packages' namespaces: a dynamic import of a whole package
 * would keep every export of it in the build.
 */
export { createBrowserRouter, RouterProvider } from 'react-router';
export { hydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
