import { Suspense } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { Logo } from '../../components/logo';
import { paths } from '../../config/paths';
import { HeaderSearch, SearchToggle, useSearchStore } from '../../features/search';
import { lazyComponent } from '../../lib/lazy-route';
import { messages } from '../messages';
import { activeItemKey, desktopNavItems, type NavSession } from './nav-items';
import { NavBadge, NewNotificationsNote } from './nav-badge';
import { ThemeModeSwitch } from './theme-mode-switch';

type Props = {
  session: NavSession;
  drawerId: string;
  drawerOpen: boolean;
  onOpenDrawer: () => void;
};

export const MAIN_CONTENT_ID = 'main-content';

// Members only, fetched when a member is shown: a visitor's first page loads none of it.
const ProfileMenu = lazyComponent(() => import('../../features/profiles/components/profile-menu'));

/**
 * The sticky top bar (spec §2): the skip link, the logo (on a phone the side menu's button), the
 * desktop menu, the search, the member's profile and the theme switch. Plain elements styled by theme/shell.css.
 */
export function Header({ session, drawerId, drawerOpen, onOpenDrawer }: Props) {
  const { pathname, search } = useLocation();
  const items = desktopNavItems(session);
  const active = activeItemKey(items, pathname, search);
  // Spec §4: the header is in its menu stage or its search stage; on a phone the search then
  // takes the whole bar (theme/shell.css).
  const searching = useSearchStore((s) => s.menuStage === 'search');

  return (
    <header className={searching ? 'p-header p-header--searching' : 'p-header'}>
      <a href={`#${MAIN_CONTENT_ID}`} className="p-header__skip">
        {messages.header.skipToContent}
      </a>
      <div className="p-header__bar">
        {/* Mobile: the logo opens the side menu (spec §2). */}
        <button
          type="button"
          // As MUI's ButtonBase: Safari's Tab then reaches it too.
          tabIndex={0}
          onClick={onOpenDrawer}
          aria-label={messages.header.openMenu}
          aria-haspopup="dialog"
          aria-controls={drawerId}
          aria-expanded={drawerOpen}
          data-testid="mobile-logo"
          className="p-bare-btn p-header__menu-logo"
        >
          <Logo />
        </button>

        <div className="p-header__start">
          <RouterLink to={paths.home.getHref()} aria-label={messages.header.homeLink} className="p-header__home">
            <Logo />
          </RouterLink>
          {!searching && (
            <nav aria-label={messages.header.mainNav} data-testid="desktop-nav" className="p-header__nav">
              <ul className="p-header__list">
                {items.map((item) => (
                  <li key={item.key}>
                    <RouterLink
                      to={item.href}
                      tabIndex={0}
                      aria-current={item.key === active ? 'page' : undefined}
                      data-nav={item.key}
                      className="p-btn p-header__link"
                    >
                      {item.dot ? <NavBadge dot>{item.label}</NavBadge> : item.label}
                      <NewNotificationsNote show={item.dot} />
                    </RouterLink>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </div>

        {searching ? (
          <HeaderSearch />
        ) : (
          <>
            <div className="p-header__spacer" />
            <SearchToggle />
          </>
        )}
        {session.isMember && !searching && (
          <Suspense fallback={null}>
            <ProfileMenu />
          </Suspense>
        )}
        <div className="p-header__theme">
          <ThemeModeSwitch />
        </div>
      </div>
    </header>
  );
}
