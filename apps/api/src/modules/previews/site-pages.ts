import { sitePages, type SitePage } from '@parde/contract';

/**
 * Matches an address against the web app's pages (`sitePages` in the contract) as its router
 * does: a whole segment per `:param`, letters in any case, an optional slash at the end.
 */
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const compiled = (Object.entries(sitePages) as [SitePage, string][]).map(([page, pattern]) => {
  const subtree = pattern.endsWith('/*');
  const base = subtree ? pattern.slice(0, -2) : pattern;
  const names: string[] = [];
  const body = base
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return escape(segment);
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { page, names, re: new RegExp(`^${body.replace(/\/$/, '')}${subtree ? '(?:/.*)?' : ''}/?$`, 'i') };
});

export interface SitePageMatch {
  page: SitePage;
  params: Record<string, string>;
}

/** The page an address (a decoded path, without the query) is, or null when the site has no such page. */
export function matchSitePage(pathname: string): SitePageMatch | null {
  for (const { page, names, re } of compiled) {
    const m = re.exec(pathname);
    if (m) return { page, params: Object.fromEntries(names.map((n, i) => [n, m[i + 1]!])) };
  }
  return null;
}

/** A positive integer id as the web app reads one (`parseId`), or null: the page is then not found. */
export function pageId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}

/** An IMDb id as the player's and trailer's addresses take it. */
export const isImdbId = (raw: string | undefined) => raw !== undefined && /^tt\d{7,11}$/.test(raw);
