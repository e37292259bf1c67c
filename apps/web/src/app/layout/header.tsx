import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { Link as RouterLink, useLocation } from 'react-router';
import { Logo } from '../../components/logo';
import { paths } from '../../config/paths';
import { HeaderSearch, SearchToggle, useSearchStore } from '../../features/search';
import { mobileMedia, narrowDesktopMedia } from '../../theme/media';
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

export function Header({ session, drawerId, drawerOpen, onOpenDrawer }: Props) {
  const { pathname, search } = useLocation();
  const items = desktopNavItems(session);
  const active = activeItemKey(items, pathname, search);
  // Spec §4: the header is in its menu stage or its search stage.
  const searching = useSearchStore((s) => s.menuStage === 'search');
  // On mobile the search takes the whole bar.
  const hiddenOnMobileWhileSearching = searching ? { [mobileMedia]: { display: 'none' } } : {};

  return (
    <AppBar
      position="sticky"
      elevation={0}
      color="default"
      sx={{ bgcolor: 'background.paper', color: 'text.primary', borderBottom: 1, borderColor: 'divider' }}
    >
      <Link
        href={`#${MAIN_CONTENT_ID}`}
        sx={{
          position: 'absolute',
          insetInlineStart: 8,
          top: -48,
          zIndex: 1,
          px: 2,
          py: 1,
          bgcolor: 'background.default',
          color: 'text.primary',
          borderRadius: 1,
          '&:focus': { top: 8 },
        }}
      >
        {messages.header.skipToContent}
      </Link>
      <Toolbar sx={{ gap: 1, minHeight: { xs: 56, sm: 64 } }}>
        {/* Mobile: the logo opens the side menu (spec §2). */}
        <ButtonBase
          onClick={onOpenDrawer}
          aria-label={messages.header.openMenu}
          aria-haspopup="dialog"
          aria-controls={drawerId}
          aria-expanded={drawerOpen}
          data-testid="mobile-logo"
          sx={{ display: 'none', borderRadius: 1, p: 0.5, [mobileMedia]: { display: searching ? 'none' : 'inline-flex' } }}
        >
          <Logo />
        </ButtonBase>

        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 2,
            flex: searching ? '0 0 auto' : 1,
            minWidth: 0,
            [narrowDesktopMedia]: { gap: 1 },
            [mobileMedia]: { display: 'none' },
          }}
        >
          <Link
            component={RouterLink}
            to={paths.home.getHref()}
            aria-label={messages.header.homeLink}
            underline="none"
            sx={{ display: 'inline-flex', borderRadius: 1, flexShrink: 0, [narrowDesktopMedia]: { '& .logo-word': { display: 'none' } } }}
          >
            <Logo />
          </Link>
          {!searching && (
            <Box
              component="nav"
              aria-label={messages.header.mainNav}
              data-testid="desktop-nav"
              sx={{ flex: 1, minWidth: 0, overflowX: 'auto', scrollbarWidth: 'none' }}
            >
              <Box component="ul" sx={{ display: 'flex', gap: 0.5, m: 0, p: 0, listStyle: 'none' }}>
                {items.map((item) => {
                  const isActive = item.key === active;
                  return (
                    <li key={item.key}>
                      <Button
                        component={RouterLink}
                        to={item.href}
                        color="inherit"
                        aria-current={isActive ? 'page' : undefined}
                        data-nav={item.key}
                        sx={{
                          whiteSpace: 'nowrap',
                          fontWeight: isActive ? 700 : 500,
                          px: 1.25,
                          borderRadius: 1,
                          boxShadow: isActive ? (t) => `inset 0 -2px 0 ${t.vars?.palette.secondary.main ?? t.palette.secondary.main}` : 'none',
                          minWidth: 0,
                          [narrowDesktopMedia]: { px: 0.75, fontSize: '0.8125rem' },
                        }}
                      >
                        {item.dot ? <NavBadge dot>{item.label}</NavBadge> : item.label}
                        <NewNotificationsNote show={item.dot} />
                      </Button>
                    </li>
                  );
                })}
              </Box>
            </Box>
          )}
        </Box>

        {searching ? (
          <HeaderSearch />
        ) : (
          <>
            <Box sx={{ flex: 1, display: 'none', [mobileMedia]: { display: 'block' } }} />
            <SearchToggle />
          </>
        )}
        <Box sx={{ display: 'contents', ...hiddenOnMobileWhileSearching }}>
          <ThemeModeSwitch />
        </Box>
      </Toolbar>
    </AppBar>
  );
}
