import { createBrowserRouter, createPath, type RouteObject } from 'react-router';
import { ProgressBar } from '../../components/progress-bar';
import { RouteErrorPage } from '../../components/route-error-page';
import { paths } from '../../config/paths';
import { lazyRoute, setReloadTarget } from '../../lib/lazy-route';
import { adminMessages as m } from '../features/messages';
import { LeavePanel, PanelSession } from './session';

/**
 * A screen of the panel loaded on demand. Its id is its module (`admin/routes/titles` is
 * `./routes/titles.tsx`), named so in the build's screen-code.json beside the site's screens.
 */
function screen(module: string, load: Parameters<typeof lazyRoute>[0]): Pick<RouteObject, 'id' | 'lazy'> {
  return { id: `admin/${module}`, lazy: lazyRoute(load) };
}

function PanelFallback() {
  return <ProgressBar label={m.loading} />;
}

/**
 * The operators' panel: every screen under `/admin`, in the panel's frame, behind a session. An
 * unknown `/admin/...` address is the panel's own not-found screen; any other address is the
 * site's, loaded as a page of its own.
 */
export const adminRoutes: RouteObject[] = [
  {
    path: paths.admin.root.path,
    Component: PanelSession,
    HydrateFallback: PanelFallback,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        ...screen('routes/layout', () => import('./routes/layout')),
        children: [
          { index: true, ...screen('routes/dashboard', () => import('./routes/dashboard')) },
          { path: paths.admin.titleMedia.path, ...screen('routes/title-media', () => import('./routes/title-media')) },
          { path: paths.admin.title.path, ...screen('routes/title', () => import('./routes/title')) },
          { path: paths.admin.titles.path, ...screen('routes/titles', () => import('./routes/titles')) },
          { path: paths.admin.catalogue.path, ...screen('routes/catalogue', () => import('./routes/catalogue')) },
          { path: paths.admin.imports.path, ...screen('routes/imports', () => import('./routes/imports')) },
          { path: paths.admin.members.path, ...screen('routes/members', () => import('./routes/members')) },
          { path: paths.admin.member.path, ...screen('routes/member', () => import('./routes/member')) },
          { path: paths.admin.money.path, ...screen('routes/money', () => import('./routes/money')) },
          { path: paths.admin.requests.path, ...screen('routes/requests', () => import('./routes/requests')) },
          { path: paths.admin.comments.path, ...screen('routes/comments', () => import('./routes/comments')) },
          { path: paths.admin.notifications.path, ...screen('routes/notifications', () => import('./routes/notifications')) },
          { path: paths.admin.audit.path, ...screen('routes/audit', () => import('./routes/audit')) },
          { path: '*', ...screen('routes/not-found', () => import('./routes/not-found')) },
        ],
      },
    ],
  },
  { path: '*', Component: LeavePanel },
];

export function createAdminRouter() {
  const router = createBrowserRouter(adminRoutes);
  // A chunk fails before the URL changes; the reload must land on the page being opened.
  setReloadTarget(() => {
    const next = router.state.navigation.location;
    return next ? createPath(next) : null;
  });
  return router;
}
