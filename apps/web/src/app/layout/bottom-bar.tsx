import MenuIcon from 'plain-icon:Menu';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { messages } from '../messages';
import { activeItemKey, bottomBarItems, type NavSession } from './nav-items';
import { NavBadge, NewNotificationsNote } from './nav-badge';

/** Spec §9: the bar hides once the page is scrolled down past this many pixels. */
export const BOTTOM_BAR_HIDE_AFTER = 100;
export const BOTTOM_BAR_HEIGHT = 56;

/**
 * Whether the page is scrolled down past `threshold`: false again as soon as it scrolls up
 * (MUI's `useScrollTrigger`). False on the server and the first render, then read from the page.
 */
function useScrolledDown(threshold: number): boolean {
  const [down, setDown] = useState(false);
  useEffect(() => {
    let previous: number | undefined;
    const update = () => {
      const y = window.scrollY;
      const goingUp = previous !== undefined && y < previous;
      previous = y;
      setDown(!goingUp && y > threshold);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return down;
}

type Props = { session: NavSession; drawerId: string; drawerOpen: boolean; onOpenDrawer: () => void };

/**
 * The mobile bottom bar (spec §2): menu, support, watchlist, dashboard-or-login. Plain elements
 * styled by theme/shell.css, which also slides it out while `data-hidden` is "true".
 */
export function BottomBar({ session, drawerId, drawerOpen, onOpenDrawer }: Props) {
  const { pathname, search } = useLocation();
  // Hidden while scrolling down past 100 px, back as soon as the page scrolls up.
  const hidden = useScrolledDown(BOTTOM_BAR_HIDE_AFTER);
  const items = bottomBarItems(session);
  const active = activeItemKey(items, pathname, search);

  return (
    <nav aria-label={messages.bottomBar.label} data-testid="bottom-bar" data-hidden={hidden ? 'true' : 'false'} className="p-bottom-bar">
      <div className="p-bottom-bar__items">
        <button
          type="button"
          // As MUI's ButtonBase: Safari's Tab then reaches it too.
          tabIndex={0}
          onClick={onOpenDrawer}
          aria-haspopup="dialog"
          aria-controls={drawerId}
          aria-expanded={drawerOpen}
          data-nav="menu"
          className="p-bare-btn p-bottom-bar__item"
        >
          <MenuIcon />
          <span className="p-bottom-bar__label">{messages.nav.menu}</span>
        </button>
        {items.map((item) => (
          <RouterLink
            key={item.key}
            to={item.href}
            tabIndex={0}
            aria-current={item.key === active ? 'page' : undefined}
            data-nav={item.key}
            className="p-bare-btn p-bottom-bar__item"
          >
            <NavBadge dot={item.dot}>{item.icon}</NavBadge>
            <span className="p-bottom-bar__label">
              {item.label}
              <NewNotificationsNote show={item.dot} />
            </span>
          </RouterLink>
        ))}
      </div>
    </nav>
  );
}
