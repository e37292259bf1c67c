/**
 * robots.txt: the catalogue is public; members' pages and the API are not for crawlers. The
 * sign-in, sign-up and forgotten-password pages are how a visitor who searches for the site's
 * name gets in, so they may be found; a mailed reset link (its token in the address) and
 * signing out are not pages to find.
 */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /user/', 'Disallow: /auth/reset-password/', 'Disallow: /auth/logout', 'Disallow: /api/', 'Disallow: /gift', 'Disallow: /gopremium', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
