import BookmarkBorderIcon from 'plain-icon:BookmarkBorder';
import CategoryIcon from 'plain-icon:Category';
import CollectionsBookmarkIcon from 'plain-icon:CollectionsBookmark';
import HistoryIcon from 'plain-icon:History';
import HomeIcon from 'plain-icon:Home';
import LoginIcon from 'plain-icon:Login';
import LogoutIcon from 'plain-icon:Logout';
import MovieIcon from 'plain-icon:Movie';
import NotificationsIcon from 'plain-icon:Notifications';
import RecordVoiceOverIcon from 'plain-icon:RecordVoiceOver';
import SpaceDashboardIcon from 'plain-icon:SpaceDashboard';
import SupportAgentIcon from 'plain-icon:SupportAgent';
import TvIcon from 'plain-icon:Tv';
import UpcomingIcon from 'plain-icon:Upcoming';
import type { ReactElement } from 'react';
import { paths } from '../../config/paths';
import { messages } from '../messages';

export type NavItem = {
  key: string;
  label: string;
  href: string;
  icon: ReactElement;
  /** Shows the new-notifications dot. */
  dot?: boolean;
};

export type NavSession = { isMember: boolean; hasNewNotifications: boolean };

const t = messages.nav;

function accountItem(s: NavSession, loginLabel: string): NavItem {
  return s.isMember
    ? { key: 'dashboard', label: t.dashboard, href: paths.user.dashboard.getHref(), icon: <SpaceDashboardIcon />, dot: s.hasNewNotifications }
    : { key: 'login', label: loginLabel, href: paths.auth.login.getHref(), icon: <LoginIcon /> };
}

const watchlist = (): NavItem => ({ key: 'watchlist', label: t.watchlist, href: paths.user.watchlist.getHref(), icon: <BookmarkBorderIcon /> });
const catalogue = (): NavItem[] => [
  { key: 'categories', label: t.categories, href: paths.categories.getHref(), icon: <CategoryIcon /> },
  { key: 'collections', label: t.collections, href: paths.collections.getHref(), icon: <CollectionsBookmarkIcon /> },
  { key: 'series', label: t.series, href: paths.tv.getHref(), icon: <TvIcon /> },
  { key: 'movies', label: t.movies, href: paths.home.getHref(), icon: <MovieIcon /> },
  { key: 'dubbed', label: t.dubbed, href: paths.home.getHref({ is_dubbed: 1 }), icon: <RecordVoiceOverIcon /> },
  { key: 'comingSoon', label: t.comingSoon, href: paths.comingSoon.getHref(), icon: <UpcomingIcon /> },
];
const home = (): NavItem => ({ key: 'home', label: t.home, href: paths.home.getHref(), icon: <HomeIcon /> });
const support = (): NavItem => ({ key: 'support', label: t.support, href: paths.contact.getHref(), icon: <SupportAgentIcon /> });

/** Spec §2, desktop header: the watchlist item only for members. */
export function desktopNavItems(s: NavSession): NavItem[] {
  return [home(), accountItem(s, t.loginRegister), ...(s.isMember ? [watchlist()] : []), ...catalogue(), support()];
}

/** Spec §2, the side menu of the mobile layout: logout only for members. */
export function drawerNavItems(s: NavSession): NavItem[] {
  const [categories, collections, ...rest] = catalogue();
  return [
    home(),
    accountItem(s, t.loginRegister),
    watchlist(),
    { key: 'history', label: t.history, href: paths.user.history.getHref(), icon: <HistoryIcon /> },
    {
      key: 'notifications',
      label: t.notifications,
      href: paths.user.notifications.getHref(),
      icon: <NotificationsIcon />,
      dot: s.hasNewNotifications,
    },
    collections!,
    categories!,
    ...rest,
    support(),
    ...(s.isMember ? [{ key: 'logout', label: t.logout, href: paths.auth.logout.getHref(), icon: <LogoutIcon /> }] : []),
  ];
}

/** Spec §2, the bottom bar after its menu button: support, watchlist, dashboard or login. */
export function bottomBarItems(s: NavSession): NavItem[] {
  return [support(), watchlist(), accountItem(s, t.login)];
}

/**
 * The item for the current page: an exact path+query match, else (on the home list) home or
 * dubbed by the `is_dubbed` filter, else the item whose path is a parent of this one.
 * Home and movies share `/`; the first wins.
 */
export function activeItemKey(items: NavItem[], pathname: string, search: string): string | null {
  const exact = items.find((i) => i.href === pathname + search);
  if (exact) return exact.key;
  if (pathname === '/') {
    const dubbed = new URLSearchParams(search).get('is_dubbed') === '1';
    return items.find((i) => (dubbed ? i.href.includes('is_dubbed=') : i.href === '/'))?.key ?? null;
  }
  const parent = items
    .filter((i) => i.href !== '/' && !i.href.includes('?') && pathname.startsWith(`${i.href}/`))
    .sort((a, b) => b.href.length - a.href.length)[0];
  return parent?.key ?? null;
}
