import { createBrowserRouter, createPath, matchRoutes, type RouteObject } from 'react-router';
import { RouteErrorPage } from '../components/route-error-page';
import { paths } from '../config/paths';
import { RequireAuth } from '../features/auth';
import { lazyRoute, setReloadTarget } from '../lib/lazy-route';
import { AppLayout } from './layout/app-layout';

/**
 * A screen loaded on demand. Its route id is its module (`routes/home` is `./routes/home.tsx`):
 * the server, rendering the screen, also names the screen's code for the page to fetch with the
 * app's own (vite.config: `screen-code.json`).
 */
function screen(module: string, load: Parameters<typeof lazyRoute>[0]): Pick<RouteObject, 'id' | 'lazy'> {
  return { id: module, lazy: lazyRoute(load) };
}

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
          { index: true, ...screen('routes/home', () => import('./routes/home')) },
          { path: paths.contact.path, ...screen('routes/contact', () => import('./routes/contact')) },
          { path: paths.titleFiles.path, ...screen('routes/title-files', () => import('./routes/title-files')) },
          { path: paths.title.path, ...screen('routes/title', () => import('./routes/title')) },
          { path: paths.trailer.path, ...screen('routes/trailer', () => import('./routes/trailer')) },
          { path: paths.watch.path, ...screen('routes/watch', () => import('./routes/watch')) },
          { path: paths.tv.path, ...screen('routes/tv', () => import('./routes/tv')) },
          { path: paths.collections.path, ...screen('routes/collections', () => import('./routes/collections')) },
          { path: paths.collection.path, ...screen('routes/collection', () => import('./routes/collection')) },
          { path: paths.person.path, ...screen('routes/person', () => import('./routes/person')) },
          { path: paths.comingSoon.path, ...screen('routes/coming-soon', () => import('./routes/coming-soon')) },
          { path: paths.categories.path, ...screen('routes/categories', () => import('./routes/categories')) },
          { path: paths.premium.plans.path, ...screen('routes/premium/plans', () => import('./routes/premium/plans')) },
          { path: paths.premium.plan.path, ...screen('routes/premium/plan', () => import('./routes/premium/plan')) },
          { path: paths.auth.login.path, ...screen('routes/auth/login', () => import('./routes/auth/login')) },
          { path: paths.auth.register.path, ...screen('routes/auth/register', () => import('./routes/auth/register')) },
          { path: paths.auth.forgotPassword.path, ...screen('routes/auth/forgot-password', () => import('./routes/auth/forgot-password')) },
          { path: paths.auth.resetPassword.path, ...screen('routes/auth/reset-password', () => import('./routes/auth/reset-password')) },
          // Login required, but guarded by the screen itself: under RequireAuth, clearing the
          // session would bounce the member to the login page instead of home.
          { path: paths.auth.logout.path, ...screen('routes/auth/logout', () => import('./routes/auth/logout')) },
          {
            Component: RequireAuth,
            children: [
              { path: paths.screenshots.path, ...screen('routes/screenshots', () => import('./routes/screenshots')) },
              { path: paths.user.watchlist.path, ...screen('routes/user/watchlist', () => import('./routes/user/watchlist')) },
              { path: paths.user.history.path, ...screen('routes/user/history', () => import('./routes/user/history')) },
              { path: paths.user.dashboard.path, ...screen('routes/user/dashboard', () => import('./routes/user/dashboard')) },
              { path: paths.user.editPassword.path, ...screen('routes/user/edit-password', () => import('./routes/user/edit-password')) },
              { path: paths.user.notifications.path, ...screen('routes/user/notifications', () => import('./routes/user/notifications')) },
              { path: paths.user.newRequest.path, ...screen('routes/user/new-request', () => import('./routes/user/new-request')) },
              { path: paths.goPremium.path, ...screen('routes/go-premium', () => import('./routes/go-premium')) },
              // Household profiles: their own chunks, loaded only by members who open them.
              { path: paths.profiles.picker.path, ...screen('routes/profiles/picker', () => import('./routes/profiles/picker')) },
              { path: paths.profiles.manage.path, ...screen('routes/profiles/manage', () => import('./routes/profiles/manage')) },
              { path: paths.gift.path, ...screen('routes/gift', () => import('./routes/gift')) },
              // Paying needs a member (the payment is theirs); a visitor comes back here after login.
              { path: paths.premium.join.path, ...screen('routes/premium/join', () => import('./routes/premium/join')) },
              { path: paths.premium.result.path, ...screen('routes/premium/result', () => import('./routes/premium/result')) },
            ],
          },
          { path: '*', ...screen('routes/not-found', () => import('./routes/not-found')) },
        ],
      },
    ],
  },
];

/**
 * Before hydrating a server-rendered page: the screens of the current address are loaded, so
 * the first render in the browser is the screen the server wrote, not the loading shell.
 */
export async function loadRoutesFor(pathname: string, screens?: string[]): Promise<void> {
  // The server names the screens it drew: found by id, without ranking and matching every route
  // (on a phone, the router's first matching is tens of milliseconds of code not yet compiled).
  const lazy = screens?.length ? screens.map((id) => findRoute(id)) : (matchRoutes(routes, pathname) ?? []).map((m) => m.route);
  await Promise.all(
    lazy.map(async (route) => {
      if (typeof route?.lazy !== 'function') return;
      const mod = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, { ...mod, lazy: undefined });
    }),
  );
}

function findRoute(id: string, within: RouteObject[] = routes): RouteObject | undefined {
  for (const route of within) {
    const found = route.id === id ? route : route.children && findRoute(id, route.children);
    if (found) return found;
  }
  return undefined;
}

/**
 * `errors`: the route error a server-drawn page showed (its not-found page for an address that
 * is not there), so the app takes over that page as it is; the next navigation clears it.
 */
export function createAppRouter({ hydrated = false, errors }: { hydrated?: boolean; errors?: Record<string, unknown> } = {}) {
  // A hydrated page has no loader data to wait for: the screen renders at once.
  const router = createBrowserRouter(routes, hydrated ? { hydrationData: { loaderData: {}, ...(errors ? { errors } : {}) } } : undefined);
  // A chunk fails before the URL changes; the reload must land on the page being opened.
  setReloadTarget(() => {
    const next = router.state.navigation.location;
    return next ? createPath(next) : null;
  });
  return router;
}
