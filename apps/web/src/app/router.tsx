import { createBrowserRouter, createPath, matchRoutes, type RouteObject } from 'react-router';
import { RouteErrorPage } from '../components/route-error-page';
import { paths } from '../config/paths';
import { RequireAuth } from '../features/auth';
import { lazyRoute, setReloadTarget } from '../lib/lazy-route';
import { AppLayout } from './layout/app-layout';

/** While the first screen's code loads, the shell shows with the progress bar. */
function ShellFallback() {
  return <AppLayout loading />;
}

/**
 * Every route of spec §2, each screen in its own lazily loaded chunk. All of them sit in the
 * shared layout; errors render inside it; guarded screens sit under `RequireAuth`.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppLayout,
    HydrateFallback: ShellFallback,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        ErrorBoundary: RouteErrorPage,
        children: [
          { index: true, lazy: lazyRoute(() => import('./routes/home')) },
          { path: paths.contact.path, lazy: lazyRoute(() => import('./routes/contact')) },
          { path: paths.titleFiles.path, lazy: lazyRoute(() => import('./routes/title-files')) },
          { path: paths.title.path, lazy: lazyRoute(() => import('./routes/title')) },
          { path: paths.trailer.path, lazy: lazyRoute(() => import('./routes/trailer')) },
          { path: paths.watch.path, lazy: lazyRoute(() => import('./routes/watch')) },
          { path: paths.tv.path, lazy: lazyRoute(() => import('./routes/tv')) },
          { path: paths.collections.path, lazy: lazyRoute(() => import('./routes/collections')) },
          { path: paths.collection.path, lazy: lazyRoute(() => import('./routes/collection')) },
          { path: paths.person.path, lazy: lazyRoute(() => import('./routes/person')) },
          { path: paths.comingSoon.path, lazy: lazyRoute(() => import('./routes/coming-soon')) },
          { path: paths.categories.path, lazy: lazyRoute(() => import('./routes/categories')) },
          { path: paths.premium.plans.path, lazy: lazyRoute(() => import('./routes/premium/plans')) },
          { path: paths.premium.plan.path, lazy: lazyRoute(() => import('./routes/premium/plan')) },
          { path: paths.auth.login.path, lazy: lazyRoute(() => import('./routes/auth/login')) },
          { path: paths.auth.register.path, lazy: lazyRoute(() => import('./routes/auth/register')) },
          { path: paths.auth.forgotPassword.path, lazy: lazyRoute(() => import('./routes/auth/forgot-password')) },
          { path: paths.auth.resetPassword.path, lazy: lazyRoute(() => import('./routes/auth/reset-password')) },
          // Login required, but guarded by the screen itself: under RequireAuth, clearing the
          // session would bounce the member to the login page instead of home.
          { path: paths.auth.logout.path, lazy: lazyRoute(() => import('./routes/auth/logout')) },
          {
            Component: RequireAuth,
            children: [
              { path: paths.screenshots.path, lazy: lazyRoute(() => import('./routes/screenshots')) },
              { path: paths.user.watchlist.path, lazy: lazyRoute(() => import('./routes/user/watchlist')) },
              { path: paths.user.history.path, lazy: lazyRoute(() => import('./routes/user/history')) },
              { path: paths.user.dashboard.path, lazy: lazyRoute(() => import('./routes/user/dashboard')) },
              { path: paths.user.editPassword.path, lazy: lazyRoute(() => import('./routes/user/edit-password')) },
              { path: paths.user.notifications.path, lazy: lazyRoute(() => import('./routes/user/notifications')) },
              { path: paths.user.newRequest.path, lazy: lazyRoute(() => import('./routes/user/new-request')) },
              { path: paths.goPremium.path, lazy: lazyRoute(() => import('./routes/go-premium')) },
              { path: paths.gift.path, lazy: lazyRoute(() => import('./routes/gift')) },
              // Paying needs a member (the payment is theirs); a visitor comes back here after login.
              { path: paths.premium.join.path, lazy: lazyRoute(() => import('./routes/premium/join')) },
              { path: paths.premium.result.path, lazy: lazyRoute(() => import('./routes/premium/result')) },
            ],
          },
          { path: '*', lazy: lazyRoute(() => import('./routes/not-found')) },
        ],
      },
    ],
  },
];

/**
 * Before hydrating a server-rendered page: the screens of the current address are loaded, so
 * the first render in the browser is the screen the server wrote, not the loading shell.
 */
export async function loadRoutesFor(pathname: string): Promise<void> {
  const lazy = (matchRoutes(routes, pathname) ?? []).filter((m) => typeof m.route.lazy === 'function');
  await Promise.all(
    lazy.map(async ({ route }) => {
      const mod = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, { ...mod, lazy: undefined });
    }),
  );
}

export function createAppRouter({ hydrated = false }: { hydrated?: boolean } = {}) {
  // A hydrated page has no loader data to wait for: the screen renders at once.
  const router = createBrowserRouter(routes, hydrated ? { hydrationData: { loaderData: {} } } : undefined);
  // A chunk fails before the URL changes; the reload must land on the page being opened.
  setReloadTarget(() => {
    const next = router.state.navigation.location;
    return next ? createPath(next) : null;
  });
  return router;
}
