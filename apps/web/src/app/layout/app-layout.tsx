import { Suspense, useCallback, useId, useState } from 'react';
import { Outlet } from 'react-router';
import { HydrationPass } from '../../components/hydration-pass';
import { lazyComponent } from '../../lib/lazy-route';
import { useNoticeStore } from '../../lib/notifications';
import { usePageViews } from '../../features/analytics';
import { useAuthBootstrap, useAuthStore, useSession, useUserRefresh } from '../../features/auth';
import { useIsKids, useProfileGate } from '../../features/profiles';
import { useSearchStore } from '../../features/search';
import { BOTTOM_BAR_HEIGHT, BottomBar } from './bottom-bar';
import { Footer } from './footer';
import { Header, MAIN_CONTENT_ID } from './header';
import { NavigationProgress } from './navigation-progress';
import { ScrollToTop } from './scroll-to-top';

// Fetched when first needed: most first visits never open the side menu or see a notice.
const MobileDrawer = lazyComponent(() => import('./mobile-drawer'));
const Toaster = lazyComponent(() => import('../../components/toaster'));

/**
 * The shared layout of every route (spec §2): header, main area, footer, and on narrow
 * screens the side menu and bottom bar. With `loading`, the progress bar stands in for the
 * outlet while the first screen's code is still loading. Plain elements (theme/shell.css): on a
 * phone, the open search's results stand in for `main`.
 */
export function AppLayout({ loading = false }: { loading?: boolean }) {
  const session = useSession();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const hasNotice = useNoticeStore((s) => s.current !== null);
  const drawerId = useId();
  // Spec §2: on mobile the search results replace the page while the dropdown is open.
  const searchResultsShown = useSearchStore((s) => s.stage !== 'start');
  const openDrawer = useCallback(() => {
    setDrawerUsed(true);
    setDrawerOpen(true);
  }, []);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const navSession = { isMember: session.isMember, hasNewNotifications: session.hasNewNotifications };

  const hasToken = useAuthStore((s) => s.token !== null);
  // Kids mode shows on every screen (the header's tint and badge); the API does the filtering.
  const kids = useIsKids() && session.isMember;

  useAuthBootstrap();
  useUserRefresh();
  useProfileGate(session.user?.id ?? null, hasToken);

  return (
    <div className={kids ? 'p-layout p-layout--kids' : 'p-layout'}>
      <NavigationProgress force={loading} />
      <Header session={navSession} drawerId={drawerId} drawerOpen={drawerOpen} onOpenDrawer={openDrawer} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} data-search-covered={searchResultsShown ? 'true' : undefined} className="p-layout__main">
        {loading ? null : (
          // The header, footer and bottom bar are live first; the screen follows in passes.
          <HydrationPass>
            <RoutedContent />
          </HydrationPass>
        )}
      </main>
      <Footer />
      {drawerUsed && (
        <Suspense fallback={null}>
          <MobileDrawer id={drawerId} open={drawerOpen} onClose={closeDrawer} session={navSession} />
        </Suspense>
      )}
      <BottomBar session={navSession} drawerId={drawerId} drawerOpen={drawerOpen} onOpenDrawer={openDrawer} />
      {hasNotice && (
        <Suspense fallback={null}>
          <Toaster aboveBottomBar={BOTTOM_BAR_HEIGHT} />
        </Suspense>
      )}
    </div>
  );
}

/** Only under a real route: scroll restoration and page views follow the router's location. */
function RoutedContent() {
  usePageViews();
  return (
    <>
      <ScrollToTop />
      <Outlet />
    </>
  );
}
