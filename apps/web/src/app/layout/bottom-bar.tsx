import MenuIcon from '@mui/icons-material/Menu';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import Slide from '@mui/material/Slide';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import { Link as RouterLink, useLocation } from 'react-router';
import { mobileMedia } from '../../theme/media';
import { messages } from '../messages';
import { activeItemKey, bottomBarItems, type NavSession } from './nav-items';
import { NavBadge, NewNotificationsNote } from './nav-badge';

/** Spec §9: the bar hides once the page is scrolled down past this many pixels. */
export const BOTTOM_BAR_HIDE_AFTER = 100;
export const BOTTOM_BAR_HEIGHT = 56;

type Props = { session: NavSession; drawerId: string; drawerOpen: boolean; onOpenDrawer: () => void };

/** The mobile bottom bar (spec §2): menu, support, watchlist, dashboard-or-login. */
export function BottomBar({ session, drawerId, drawerOpen, onOpenDrawer }: Props) {
  const { pathname, search } = useLocation();
  // Hidden while scrolling down past 100 px, back as soon as the page scrolls up.
  const hidden = useScrollTrigger({ threshold: BOTTOM_BAR_HIDE_AFTER });
  const items = bottomBarItems(session);
  const active = activeItemKey(items, pathname, search);

  return (
    <Slide appear={false} direction="up" in={!hidden}>
      <Paper
        component="nav"
        aria-label={messages.bottomBar.label}
        data-testid="bottom-bar"
        data-hidden={hidden ? 'true' : 'false'}
        elevation={8}
        square
        sx={{
          display: 'none',
          position: 'fixed',
          insetInline: 0,
          bottom: 0,
          zIndex: (t) => t.zIndex.appBar,
          pb: 'env(safe-area-inset-bottom)',
          borderTop: 1,
          borderColor: 'divider',
          [mobileMedia]: { display: 'block' },
        }}
      >
        <BottomNavigation showLabels value={active ?? false} sx={{
            height: BOTTOM_BAR_HEIGHT,
            bgcolor: 'transparent',
            '& .MuiBottomNavigationAction-root': { color: 'text.secondary', minWidth: 0, px: 0.5 },
            // The brand grey is too dark for text on the dark theme; the selected item is bright instead.
            '& .MuiBottomNavigationAction-root.Mui-selected': { color: 'text.primary', fontWeight: 700 },
          }}>
          <BottomNavigationAction
            label={messages.nav.menu}
            icon={<MenuIcon />}
            onClick={onOpenDrawer}
            aria-haspopup="dialog"
            aria-controls={drawerId}
            aria-expanded={drawerOpen}
            data-nav="menu"
          />
          {items.map((item) => (
            <BottomNavigationAction
              key={item.key}
              value={item.key}
              label={
                <>
                  {item.label}
                  <NewNotificationsNote show={item.dot} />
                </>
              }
              icon={<NavBadge dot={item.dot}>{item.icon}</NavBadge>}
              component={RouterLink}
              to={item.href}
              aria-current={item.key === active ? 'page' : undefined}
              data-nav={item.key}
            />
          ))}
        </BottomNavigation>
      </Paper>
    </Slide>
  );
}
